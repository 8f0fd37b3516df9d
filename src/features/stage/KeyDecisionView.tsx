/**
 * The stage's decision pane: the session's key decision (keyDecision.ts) as one sentence, and the
 * engine's explanation of it (the decision log's own components), so the picture and the reason are on
 * screen together.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { useMemo } from 'react';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectOpenQuestion } from '../../store/lessonSlice';
import { selectSnapshot } from '../../store/runSlice';
import { AnswerFirstHint } from '../lesson/AnswerFirst';
import { FetchedAttempt } from '../decision-log/FetchedAttempt';
import { KIND_LABEL, kindColor } from '../decision-log/DecisionLog';
import { countKinds, describeGroup, groupDecisions } from '../decision-log/groupDecisions';
import { formatInstant } from '../format/formatTime';
import { keyDecision } from './keyDecision';
import { MomentTag } from '../../viz/charts/MomentTag';
import { describeReservation, describeReserved } from '../../viz/layouts/describeFigures';

const selectEvictionSessions = (s: AppState) => s.run.markers.filter((m) => m.evictions > 0).length;

/** The key decision of the session shown, with its explanation below (scrolls inside its pane). */
/**
 * One step up from body text at every text size (MUI's h1-h3 are fixed rem sizes); the presenter caption's
 * too (it was 1.25x, a second step that cost the 1280x720 caption a line's worth of height).
 */
const headlineSx = (t: Theme) => ({
  ...t.typography.body1,
  fontWeight: 700,
  fontSize: `calc(${String(t.typography.body1.fontSize)} * 1.1)`,
  lineHeight: 1.3,
});

export function KeyDecisionView({ showExplanation = true }: { showExplanation?: boolean }) {
  const theme = useTheme();
  const snapshot = useAppStore(selectSnapshot);
  const evictionSessions = useAppStore(selectEvictionSessions);
  const isQuestionOpen = useAppStore((s) => selectOpenQuestion(s) !== null);
  const groups = useMemo(() => (snapshot === null ? [] : groupDecisions(snapshot.decisions)), [snapshot]);
  const key = useMemo(() => keyDecision(groups), [groups]);
  if (snapshot === null) {
    return <Typography color="text.secondary">Loading the session…</Typography>;
  }
  const counts = countKinds(snapshot.decisions);
  const reserved = describeReserved(snapshot.figures);
  // Decision 0274: with nothing placed or evicted, a reservation is what the session did.
  const reservation = snapshot.trace.attempts.find((a) => a.outcome === 'reserved') ?? null;
  const others = groups.length - (key === null ? 0 : 1);
  const color = key === null ? theme.palette.divider : kindColor(theme, key.kind);
  // The presenter caption (no explanation) gives its whole reason in the lesson pane's text size, not one
  // step larger: at 1280x720 on the largest text the body1 reason took four lines and the caption 220 px,
  // which pushed the LCA path below the tree and the lesson's choices below their pane (3 lines, 145 px).
  const reasonVariant = showExplanation ? 'body1' : 'body2';
  const reasonGap = showExplanation ? 0.5 : 0.25;
  return (
    <Box
      data-testid="stage.decision"
      data-kind={key?.kind ?? (reservation !== null ? 'reserved' : 'none')}
      data-session={snapshot.index}
    >
      {/* The caption's session is in the presenter's header already. */}
      {showExplanation && (
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ mb: 0.5 }}
          data-testid="stage.decision.counts"
        >
          Session {snapshot.index} at {formatInstant(snapshot.timeMs)}
          <MomentTag moment="attempt" />
          {counts.evict > 0 && ` · ${counts.evict} evicted`}
          {counts.pipeline > 0 && ` · ${counts.pipeline} pipelined`}
          {counts.bind > 0 && ` · ${counts.bind} allocated`}
          {reserved !== null && ` · ${reserved}`}
        </Typography>
      )}
      {key === null && reservation !== null ? (
        <Box sx={{ borderLeft: `6px solid ${theme.palette.text.secondary}`, pl: 1.5 }}>
          <Typography component="p" sx={headlineSx} data-testid="stage.decision.headline">
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                px: 1,
                mr: 1,
                borderRadius: 3,
                bgcolor: theme.palette.text.secondary,
                color: theme.palette.background.paper,
                fontSize: '0.85em',
              }}
            >
              reserved
            </Box>
            {reservation.action} {describeReservation(reservation.job, reservation.reserved ?? [])}
          </Typography>
          <Typography variant={reasonVariant} sx={{ mt: reasonGap }}>
            <MomentTag moment="attempt" />
            held until the session closed, not bound · {reservation.message}
          </Typography>
        </Box>
      ) : key === null ? (
        <Typography component="p" sx={headlineSx} data-testid="stage.decision.headline">
          Nothing was placed or evicted in this session.
          {/* Under an open question, E would skip it (it is held, decision 0267): offer the answer's keys. */}
          {isQuestionOpen ? (
            <AnswerFirstHint />
          ) : (
            evictionSessions > 0 && ' Press E to jump to the next eviction.'
          )}
        </Typography>
      ) : (
        <Box sx={{ borderLeft: `6px solid ${color}`, pl: 1.5 }}>
          <Typography component="p" sx={headlineSx} data-testid="stage.decision.headline">
            <Box
              component="span"
              sx={{
                display: 'inline-block',
                px: 1,
                mr: 1,
                borderRadius: 3,
                bgcolor: color,
                color: theme.palette.getContrastText(color),
                fontSize: '0.85em',
              }}
            >
              {KIND_LABEL[key.kind]}
            </Box>
            {describeGroup(key)}
          </Typography>
          {/* Whole, wrapped: the caption used to stop at two lines, just before the reason ("sweep-1 has
              ru…"); at 1280x720 the reason takes three lines (decision 0270). */}
          <Typography variant={reasonVariant} sx={{ mt: reasonGap }} data-testid="stage.decision.reason">
            <MomentTag moment="attempt" />
            under <b>{key.action}</b> · {key.reasons[0]}
          </Typography>
        </Box>
      )}
      {others > 0 && showExplanation && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          and {others} more {others === 1 ? 'decision' : 'decisions'} in this session (D opens the decision
          log)
        </Typography>
      )}
      {showExplanation && key !== null && key.attempt !== null && (
        <Box sx={{ mt: 1.5 }} data-testid="stage.decision.explanation">
          <FetchedAttempt
            session={snapshot.index}
            index={key.attempt}
            focusJob={key.kind === 'evict' ? key.job : null}
          />
        </Box>
      )}
    </Box>
  );
}
