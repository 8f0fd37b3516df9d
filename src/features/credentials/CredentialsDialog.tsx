import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { KeyboardEvent } from 'react';
import { plural } from '../../common/plural';
import { Disclosure } from '../../ui/Disclosure';
import { CREDENTIAL_PROFILES, CREDENTIALS, PROFILE_TITLES } from './credentialsData';
import { countByFeature, type CredentialProfile } from './readCredentials';

const PROFILES: readonly CredentialProfile[] = CREDENTIAL_PROFILES;

/**
 * "Is this what the real scheduler does?": the upstream test cases the engine passes, per profile (counted
 * from `conformance/` at build time), the upstream cases left out and why, and every known difference from
 * upstream as written in `docs/decisions/`.
 */
export function CredentialsDialog({ onClose }: { onClose: () => void }) {
  const { cases, counts, skipped, records, upstream } = CREDENTIALS;
  // The app's global shortcuts listen on window; keys typed here belong to the dialog.
  const keepKeys = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') event.stopPropagation();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      maxWidth="lg"
      fullWidth
      scroll="paper"
      aria-labelledby="credentials-title"
      onKeyDown={keepKeys}
      data-testid="credentials"
    >
      <DialogTitle id="credentials-title" sx={{ fontSize: (t: Theme) => t.typography.pxToRem(24) }}>
        Is this what the real scheduler does?
      </DialogTitle>
      <DialogContent dividers sx={{ fontSize: (t: Theme) => t.typography.pxToRem(16.8) }}>
        <Typography sx={{ mb: 2, fontSize: 'inherit' }}>
          The engine re-implements each scheduler from its code. Upstream test cases, translated into
          scenarios, run through it in the test suite; it passes all {cases.length} of them. Where it
          knowingly differs, the decision records say so.
        </Typography>
        <Box
          component="ul"
          sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', listStyle: 'none', p: 0, m: 0, mb: 2 }}
          aria-label="Upstream test cases passed, per profile"
        >
          {PROFILES.map((p) => (
            <Box
              component="li"
              key={p}
              data-testid="credentials.count"
              data-profile={p}
              data-count={counts[p]}
              sx={{
                border: 2,
                borderColor: 'success.main',
                borderRadius: 1.5,
                px: 2,
                py: 1,
                flex: '1 1 0',
                minWidth: 240,
              }}
            >
              <Typography
                component="span"
                sx={{
                  display: 'block',
                  fontSize: (t: Theme) => t.typography.pxToRem(36),
                  fontWeight: 700,
                  lineHeight: 1.1,
                }}
              >
                {counts[p]}
              </Typography>
              <Typography
                component="span"
                sx={{ display: 'block', fontSize: (t: Theme) => t.typography.pxToRem(16.8) }}
              >
                {PROFILE_TITLES[p]} {counts[p] === 1 ? 'case passes' : 'cases pass'}
              </Typography>
              <Typography
                component="span"
                data-testid="credentials.upstream"
                sx={{
                  display: 'block',
                  color: 'text.secondary',
                  fontSize: (t: Theme) => t.typography.pxToRem(15),
                }}
              >
                follows {upstream[p].repository} at <code>{upstream[p].commit}</code> ({upstream[p].date})
              </Typography>
              <Box
                component="ul"
                aria-label={`${PROFILE_TITLES[p]} cases per upstream feature`}
                sx={{
                  listStyle: 'none',
                  p: 0,
                  m: 0,
                  mt: 0.5,
                  display: 'flex',
                  flexWrap: 'wrap',
                  columnGap: 1.5,
                  fontSize: (t: Theme) => t.typography.pxToRem(15),
                }}
              >
                {countByFeature(cases.filter((c) => c.profile === p)).map(([feature, n]) => (
                  <li key={feature} data-testid="credentials.feature" data-feature={feature} data-count={n}>
                    {feature} <strong>{n}</strong>
                  </li>
                ))}
              </Box>
            </Box>
          ))}
        </Box>
        {PROFILES.map((p) => (
          <Disclosure
            key={p}
            testId={`credentials.cases-${p}`}
            summary={
              <Typography
                component="span"
                sx={{ fontWeight: 600, fontSize: (t: Theme) => t.typography.pxToRem(16.8) }}
              >
                {PROFILE_TITLES[p]}: {plural(counts[p], 'upstream case')}
              </Typography>
            }
          >
            {() => (
              <Box
                component="table"
                sx={{
                  borderCollapse: 'collapse',
                  width: '100%',
                  my: 1,
                  '& td, & th': {
                    borderBottom: 1,
                    borderColor: 'divider',
                    p: 0.75,
                    textAlign: 'left',
                    verticalAlign: 'top',
                  },
                }}
              >
                <caption style={{ textAlign: 'left' }}>
                  {PROFILE_TITLES[p]} conformance cases (conformance/)
                </caption>
                <thead>
                  <tr>
                    <th scope="col">case</th>
                    <th scope="col">what it checks</th>
                    <th scope="col">upstream source</th>
                  </tr>
                </thead>
                <tbody>
                  {cases
                    .filter((c) => c.profile === p)
                    .map((c) => (
                      <tr key={c.file} data-testid="credentials.case">
                        <td>
                          <strong>{c.id}</strong>
                        </td>
                        <td>{c.checks}</td>
                        <td>
                          {c.source}
                          {c.confidence !== '' && c.confidence !== 'high'
                            ? ` (${c.confidence} confidence)`
                            : ''}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </Box>
            )}
          </Disclosure>
        ))}
        {skipped.length > 0 && (
          <Disclosure
            testId="credentials.skipped"
            summary={
              <Typography
                component="span"
                sx={{ fontWeight: 600, fontSize: (t: Theme) => t.typography.pxToRem(16.8) }}
              >
                Upstream cases not translated: {skipped.length}, and why
              </Typography>
            }
          >
            {() => (
              <Box component="ul" sx={{ my: 1 }}>
                {skipped.map((s) => (
                  <li key={`${s.suite}-${s.id}`}>
                    <strong>
                      {s.suite} {s.id}
                    </strong>{' '}
                    ({s.upstream}): {s.reason}
                  </li>
                ))}
              </Box>
            )}
          </Disclosure>
        )}
        <Typography
          component="h3"
          sx={{ fontWeight: 700, fontSize: (t: Theme) => t.typography.pxToRem(20), mt: 3, mb: 1 }}
        >
          Known differences from upstream
        </Typography>
        {records.map((r) => (
          <Box
            key={r.file}
            component="section"
            aria-label={r.title}
            sx={{ mb: 2 }}
            data-testid="credentials.record"
          >
            <Typography
              component="h4"
              sx={{ fontWeight: 700, fontSize: (t: Theme) => t.typography.pxToRem(17.6) }}
            >
              {r.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
              docs/decisions/{r.file}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 3 }}>
              {r.differences.map((d, i) => (
                <li key={i} data-testid="credentials.difference">
                  {d.title !== r.title && <strong>{d.title}. </strong>}
                  {d.text}
                </li>
              ))}
            </Box>
          </Box>
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" data-testid="credentials.close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
