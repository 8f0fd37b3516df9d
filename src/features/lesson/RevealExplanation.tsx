import type { Theme } from '@mui/material/styles';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Decision } from '../../engine/model/trace';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSnapshot } from '../../store/runSlice';
import { formatInstant } from '../format/formatTime';
import { glossaryText } from '../glossary/GlossaryText';

/** Evictions first: they are what a question about preemption or reclaim is about. */
const KIND_ORDER: Record<Decision['kind'], number> = { evict: 0, pipeline: 1, bind: 2, complete: 3 };
const KIND_WORD: Record<Decision['kind'], string> = {
  evict: 'evicted',
  pipeline: 'pipelined',
  bind: 'bound',
  complete: 'completed',
};
const SHOWN = 6;

/**
 * Why the answer is what it is: the decisions of the reveal session with the engine's own reasons, or, in
 * a session where nothing happened, why the pending jobs are still waiting. Nothing here is hand-written.
 */
export function RevealExplanation({ session }: { session: number }) {
  const snapshot = useAppStore(selectSnapshot);
  if (snapshot?.index !== session) return null;
  const decisions = [...snapshot.decisions].sort(
    (a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.task.localeCompare(b.task),
  );
  return (
    <Box sx={{ mt: 1.5 }} data-testid="lesson-reveal">
      <Typography
        component="h3"
        sx={{ fontWeight: 700, fontSize: (t: Theme) => t.typography.pxToRem(16.8), mb: 0.5 }}
      >
        What the scheduler did in session {session} ({formatInstant(snapshot.timeMs)})
      </Typography>
      {decisions.length === 0 ? (
        snapshot.trace.pending.length === 0 ? (
          <Typography>Nothing changed in this session.</Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {snapshot.trace.pending.slice(0, SHOWN).map((p) => (
              <Typography component="li" key={p.job} sx={{ mb: 0.5 }}>
                <strong>{p.job}</strong> is still pending: {glossaryText(p.message)}
              </Typography>
            ))}
          </Box>
        )
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {decisions.slice(0, SHOWN).map((d, i) => (
            <Typography component="li" key={i} sx={{ mb: 0.5 }} data-testid="lesson-reveal.decision">
              <strong>{d.task}</strong> {KIND_WORD[d.kind]}
              {d.node === null ? '' : ` on ${d.node}`}
              {d.by === null ? '' : ` for ${d.by}`} ({d.action}): {glossaryText(d.reason)}
            </Typography>
          ))}
          {decisions.length > SHOWN && (
            <Typography component="li" color="text.secondary">
              and {decisions.length - SHOWN} more in the decision log
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}
