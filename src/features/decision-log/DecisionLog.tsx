import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Button from '@mui/material/Button';
import { useMemo, useState } from 'react';
import type { DecisionKind } from '../../engine/model/trace';
import type { SessionViewTrace } from '../../protocol/sessionView';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectSnapshot } from '../../store/runSlice';
import { selectSelectedJob } from '../../store/selectionSlice';
import { formatInstant } from '../format/formatTime';
import { FetchedAttempt } from './FetchedAttempt';
import {
  attemptsWithoutDecisions,
  countKinds,
  describeGroup,
  groupDecisions,
  type DecisionGroup,
} from './groupDecisions';
import { PendingExplanationView } from './PendingExplanationView';

const KIND_LABEL: Record<DecisionKind, string> = {
  bind: 'allocated',
  pipeline: 'pipelined',
  evict: 'evicted',
  complete: 'completed',
};

const OTHER_PAGE = 25;

const selectSelectedPending = (s: AppState) => {
  const job = selectSelectedJob(s);
  if (job === null) return null;
  return s.run.snapshot?.trace.pending.find((p) => p.job === job) ?? null;
};

function useKindColor(kind: DecisionKind): string {
  const { sim } = useTheme().palette;
  switch (kind) {
    case 'bind':
      return sim.bind;
    case 'pipeline':
      return sim.pipeline;
    case 'evict':
      return sim.evict;
    case 'complete':
      return sim.complete;
  }
}

function DecisionItem({
  group,
  trace,
  session,
  isHighlighted,
}: {
  group: DecisionGroup;
  trace: SessionViewTrace;
  session: number;
  isHighlighted: boolean;
}) {
  const color = useKindColor(group.kind);
  const { palette } = useTheme();
  const attempt = group.attempt === null ? undefined : trace.attempts[group.attempt];
  return (
    <Accordion
      disableGutters
      variant="outlined"
      data-testid="decision-log.item"
      data-kind={group.kind}
      data-job={group.job}
      data-highlighted={isHighlighted}
      slotProps={{ transition: { unmountOnExit: true } }}
      sx={{ borderLeft: `6px solid ${color}`, bgcolor: isHighlighted ? palette.sim.selection : undefined }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="decision-log.item-summary">
        <Box sx={{ display: 'grid', gap: 0.25 }}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              label={KIND_LABEL[group.kind]}
              sx={{ bgcolor: color, color: palette.getContrastText(color), fontWeight: 700 }}
            />
            <Typography variant="body1" sx={{ fontWeight: 600 }}>
              {describeGroup(group)}
            </Typography>
          </Box>
          <Typography variant="body2" color="text.secondary">
            under <b>{group.action}</b> · {group.reasons.join(' ')}
          </Typography>
        </Box>
      </AccordionSummary>
      <AccordionDetails>
        {attempt === undefined ? (
          <Typography variant="body2">No attempt is recorded for this decision.</Typography>
        ) : (
          <FetchedAttempt
            session={session}
            index={group.attempt!}
            focusJob={group.kind === 'evict' ? group.job : null}
          />
        )}
      </AccordionDetails>
    </Accordion>
  );
}

/** The cursor session's decisions in plain words, each expandable into the trace's full explanation. */
export function DecisionLog() {
  const snapshot = useAppStore(selectSnapshot);
  const selected = useAppStore(selectSelectedJob);
  const pending = useAppStore(selectSelectedPending);
  const groups = useMemo(() => (snapshot === null ? [] : groupDecisions(snapshot.decisions)), [snapshot]);
  // Big clusters record thousands of attempts per session; render them in pages to keep steps fast.
  const [otherLimit, setOtherLimit] = useState(OTHER_PAGE);
  const others = useMemo(
    () => (snapshot === null ? [] : attemptsWithoutDecisions(snapshot.trace, snapshot.decisions)),
    [snapshot],
  );
  if (snapshot === null) {
    return (
      <Typography color="text.secondary" sx={{ p: 2 }}>
        Loading the session…
      </Typography>
    );
  }
  const counts = countKinds(snapshot.decisions);
  const summary = (Object.keys(counts) as DecisionKind[])
    .filter((k) => counts[k] > 0)
    .map((k) => `${counts[k]} ${KIND_LABEL[k]}`)
    .join(' · ');

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 1.5 }} data-testid="decision-log">
      <Typography variant="h2" component="h2">
        Session {snapshot.index} at {formatInstant(snapshot.timeMs)}
        <Typography component="span" variant="body1" color="text.secondary" sx={{ ml: 1.5 }}>
          {summary === '' ? 'no placements or evictions' : summary}
        </Typography>
      </Typography>
      {pending !== null && (
        <PendingExplanationView explanation={pending} trace={snapshot.trace} session={snapshot.index} />
      )}
      {groups.length === 0 && (
        <Typography color="text.secondary">
          Nothing was placed, evicted or completed in this session.
        </Typography>
      )}
      {groups.map((group) => (
        <DecisionItem
          key={`${snapshot.index}:${group.key}`}
          group={group}
          trace={snapshot.trace}
          session={snapshot.index}
          isHighlighted={selected !== null && (group.job === selected || group.by === selected)}
        />
      ))}
      {others.length > 0 && (
        <>
          <Typography variant="h3" component="h3" sx={{ mt: 1 }}>
            Attempts that changed nothing ({others.length})
          </Typography>
          {others.slice(0, otherLimit).map((index) => {
            const attempt = snapshot.trace.attempts[index]!;
            return (
              <Accordion
                key={`${snapshot.index}:attempt:${index}`}
                disableGutters
                variant="outlined"
                data-testid="decision-log.attempt"
                data-job={attempt.job}
                slotProps={{ transition: { unmountOnExit: true } }}
                sx={{ bgcolor: attempt.job === selected ? 'action.selected' : undefined }}
              >
                <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                  <Typography variant="body1">
                    <b>{attempt.action}</b> for <b>{attempt.job}</b>: {attempt.outcome} · {attempt.message}
                  </Typography>
                </AccordionSummary>
                <AccordionDetails>
                  <FetchedAttempt session={snapshot.index} index={index} />
                </AccordionDetails>
              </Accordion>
            );
          })}
          {others.length > otherLimit && (
            <Button onClick={() => setOtherLimit((n) => n + OTHER_PAGE * 4)} sx={{ justifySelf: 'start' }}>
              Show more ({others.length - otherLimit} not shown)
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
