/**
 * The Compare view (issue 23 Deliver 4): the scenario in the editor mapped onto each chosen profile and run
 * in a worker, shown side by side: per job a row with one cell per profile (runs, waits, evicted, at which
 * session, the engine's reason), the first divergence highlighted (its sentence, and its jobs' rows), and
 * what each mapping assumed. Every word comes from the worker's answer; this view decides nothing.
 */
import Alert from '@mui/material/Alert';
import { alpha } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Switch from '@mui/material/Switch';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { ProfileComparison } from '../../engine/index';
import type { Profile } from '../../engine/model/scenario';
import { uiProfileNames } from '../profiles/uiRegistry';

const PROFILES = uiProfileNames() as Profile[];
import { useAppStore } from '../../store/AppStoreProvider';
import { useProfileCompareStore } from '../../store/profileCompare/ProfileCompareStoreProvider';
import { CompareCell } from './CompareCell';
import { MappingNotes } from './MappingNotes';

const selectText = (s: { scenario: { draft: string; loadedText: string | null } }) =>
  s.scenario.draft !== '' ? s.scenario.draft : (s.scenario.loadedText ?? '');

export function ProfileCompareView() {
  const text = useAppStore(selectText);
  const profiles = useProfileCompareStore((s) => s.profiles);
  const status = useProfileCompareStore((s) => s.status);
  const result = useProfileCompareStore((s) => s.result);
  const error = useProfileCompareStore((s) => s.error);
  const actions = useProfileCompareStore((s) => s.actions);

  // Opening the view (from its tab or a `?compare=` link) compares the scenario at once.
  useEffect(() => {
    if (status === 'idle' && text !== '') void actions.run(text);
  }, [status, text, actions]);

  const toggle = (p: string) =>
    actions.setProfiles(PROFILES.filter((q) => (q === p ? !profiles.includes(p) : profiles.includes(q))));

  return (
    <Box sx={{ p: 2 }} data-testid="compare.view">
      <Typography variant="h6" component="h2">
        One scenario, several schedulers
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        Mapped onto each profile (assumptions below), run to its end, compared job by job.
      </Typography>
      <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        {PROFILES.map((p) => (
          <FormControlLabel
            key={p}
            label={p}
            control={
              <Checkbox
                checked={profiles.includes(p)}
                onChange={() => toggle(p)}
                slotProps={{ input: { 'aria-label': `compare ${p}` } }}
              />
            }
          />
        ))}
        <Button
          variant="contained"
          onClick={() => void actions.run(text)}
          disabled={text === '' || profiles.length < 2}
          aria-busy={status === 'running'}
          data-testid="compare.run"
        >
          {status === 'running' ? 'Comparing…' : 'Compare'}
        </Button>
        {profiles.length < 2 && (
          <Typography variant="body2" color="text.secondary">
            Choose at least two profiles.
          </Typography>
        )}
      </Stack>
      {error !== null && (
        <Alert severity="error" sx={{ mb: 1, whiteSpace: 'pre-wrap' }} data-testid="compare.error">
          {error}
        </Alert>
      )}
      {result !== null && <ComparisonResult result={result} />}
    </Box>
  );
}

function ComparisonResult({ result }: { result: ProfileComparison }) {
  const [full, setFull] = useState(false);
  const diverging = new Set(result.firstDivergence?.jobs.map((j) => j.job) ?? []);
  const ran = result.columns.filter((c) => c.expressible).map((c) => c.profile);
  return (
    <Box>
      <Alert
        severity={result.firstDivergence === null ? 'info' : 'warning'}
        sx={{ mb: 1 }}
        data-testid="compare.first-divergence"
      >
        {ran.length < 2
          ? `Nothing to compare: only ${ran[0] ?? 'no profile'} can express this scenario (see why below).`
          : result.firstDivergence === null
            ? `No divergence: ${ran.join(', ')} commit the same decisions in every session.`
            : `First divergence: ${result.firstDivergence.text}`}
      </Alert>
      <Stack direction="row" spacing={2} sx={{ mb: 0.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {result.scenario} (written for {result.sourceProfile}); sessions that differ:{' '}
          {result.differingSessions}
        </Typography>
        <FormControlLabel
          label="Full reasons"
          control={<Switch checked={full} onChange={(e) => setFull(e.target.checked)} />}
        />
      </Stack>
      <Box sx={{ overflowX: 'auto' }}>
        <Table
          size="small"
          aria-label="Each job under each profile"
          sx={{ tableLayout: 'fixed', minWidth: 640 }}
        >
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 150 }}>Job</TableCell>
              <TableCell sx={{ width: 110 }}>Queue</TableCell>
              {result.profiles.map((p) => (
                <TableCell key={p}>{p}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {result.jobs.map((row) => {
              const isDiverging = diverging.has(row.job);
              return (
                <TableRow
                  key={row.job}
                  data-testid="compare.row"
                  data-job={row.job}
                  data-diverging={isDiverging ? 'true' : 'false'}
                  sx={
                    isDiverging
                      ? {
                          // A pale tint and a bar on the left: the cells' own colours stay readable on it.
                          bgcolor: (t) => alpha(t.palette.warning.main, 0.14),
                          '& td:first-of-type': {
                            boxShadow: (t) => `inset 5px 0 0 ${t.palette.warning.main}`,
                          },
                        }
                      : undefined
                  }
                >
                  <TableCell sx={{ verticalAlign: 'top', fontWeight: 600, overflowWrap: 'anywhere' }}>
                    {row.job}
                    {isDiverging && (
                      <Typography
                        variant="caption"
                        component="p"
                        sx={{ color: 'warning.dark', fontWeight: 600 }}
                      >
                        first divergence
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ verticalAlign: 'top', overflowWrap: 'anywhere' }}>{row.queue}</TableCell>
                  {result.profiles.map((p) => (
                    <TableCell
                      key={p}
                      sx={{ verticalAlign: 'top' }}
                      data-testid="compare.cell"
                      data-profile={p}
                    >
                      <CompareCell cell={row.cells[p] ?? null} full={full} />
                    </TableCell>
                  ))}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Box>
      {result.jobsOmitted > 0 && (
        <Typography variant="body2" color="text.secondary">
          … and {result.jobsOmitted} more jobs, not listed.
        </Typography>
      )}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        How the scenario was mapped
      </Typography>
      <MappingNotes columns={result.columns} />
    </Box>
  );
}
