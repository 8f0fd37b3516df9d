import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import type { Verdict } from '../../engine/model/trace';
import { VerdictDetailView } from './VerdictDetailView';

/** What each plugin or rule said, with its numbers. */
export function VerdictList({ verdicts }: { verdicts: readonly Verdict[] }) {
  const { palette } = useTheme();
  if (verdicts.length === 0) return null;
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {verdicts.map((v, i) => (
        <Box
          component="li"
          key={i}
          data-testid="verdict"
          data-plugin={v.plugin}
          data-allowed={v.allowed}
          sx={{ borderLeft: 4, borderColor: v.allowed ? palette.sim.bind : palette.sim.evict, pl: 1.5 }}
        >
          <Typography variant="body2">
            <Box
              component="span"
              sx={{ fontWeight: 700, color: v.allowed ? palette.sim.bind : palette.sim.evict }}
            >
              {v.allowed ? '✓ allowed' : '✗ refused'}
            </Box>{' '}
            by <b>{v.plugin}</b> at {v.point}: {v.message}
          </Typography>
          {v.detail !== null && (
            <Box sx={{ mt: 0.5 }}>
              <VerdictDetailView detail={v.detail} />
            </Box>
          )}
        </Box>
      ))}
    </Box>
  );
}
