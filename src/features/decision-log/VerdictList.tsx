import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Verdict, Vote } from '../../engine/model/trace';
import { ProfileDetailView } from '../profiles/ProfileDetailView';

const VOTE_TEXT: Record<Vote, string> = {
  allow: '✓ allowed',
  refuse: '✗ refused',
  permit: '✓ Permit',
  abstain: '– Abstain',
  reject: '✗ Reject',
};

/**
 * Verdicts whose answer a table at the same extension point already shows: a verdict with a profile
 * detail (a tier-vote or victim-set table) lists every plugin's answer at its point, so the plain
 * per-plugin lines there (no detail of their own) would repeat it.
 */
function coveredByTable(verdicts: readonly Verdict[]): Set<Verdict> {
  const tablePoints = new Set(verdicts.filter((v) => v.profileDetail !== undefined).map((v) => v.point));
  return new Set(
    verdicts.filter((v) => tablePoints.has(v.point) && v.profileDetail === undefined && v.tier !== undefined),
  );
}

/** What each plugin or rule said, with its numbers. */
export function VerdictList({ verdicts }: { verdicts: readonly Verdict[] }) {
  const { palette } = useTheme();
  if (verdicts.length === 0) return null;
  const covered = coveredByTable(verdicts);
  const shown = verdicts.filter((v) => !covered.has(v));
  const tone = (v: Verdict) =>
    v.vote === 'abstain' ? palette.text.secondary : v.allowed ? palette.sim.bind : palette.sim.evict;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {shown.map((v, i) => (
        <Box
          component="li"
          key={i}
          data-testid="verdict"
          data-plugin={v.plugin}
          data-allowed={v.allowed}
          data-vote={v.vote}
          // A wide detail table scrolls sideways in a narrow pane (the stage): reachable by keyboard.
          tabIndex={0}
          sx={{ borderLeft: 4, borderColor: tone(v), pl: 1.5, minWidth: 0, overflowX: 'auto' }}
        >
          <Typography variant="body2">
            <Box component="span" sx={{ fontWeight: 700, color: tone(v) }}>
              {VOTE_TEXT[v.vote ?? (v.allowed ? 'allow' : 'refuse')]}
            </Box>{' '}
            by <b>{v.plugin}</b>
            {v.tier !== undefined && ` (tier ${v.tier})`} at {v.point}: {v.message}
          </Typography>
          {v.profileDetail !== undefined && (
            <Box sx={{ mt: 0.5 }}>
              <ProfileDetailView detail={v.profileDetail} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
