import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import { memo, useDeferredValue, useMemo, useState, type CSSProperties } from 'react';
import type { DecisionKind } from '../../engine/model/trace';
import type { AttemptSummary } from '../../protocol/sessionView';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectSnapshot } from '../../store/runSlice';
import { selectDecisionFilter } from '../../store/viewSlice';
import { selectSelectedJob } from '../../store/selectionSlice';
import { Disclosure, disclosureStyles } from '../../ui/Disclosure';
import { formatInstant } from '../format/formatTime';
import { FetchedAttempt } from './FetchedAttempt';
import {
  attemptsWithoutDecisions,
  countKinds,
  describeGroup,
  evictionsFirst,
  groupDecisions,
  type DecisionGroup,
} from './groupDecisions';
import { PendingExplanationView } from './PendingExplanationView';
import { MomentTag } from '../../viz/charts/MomentTag';
import { describeReservation, describeReserved } from '../../viz/layouts/describeFigures';

/** The kind's word in the log and on the stage. */
export const KIND_LABEL: Record<DecisionKind, string> = {
  bind: 'allocated',
  pipeline: 'pipelined',
  evict: 'evicted',
  complete: 'completed',
};

/** Lists render in pages: a big cluster's session can hold hundreds of decisions and thousands of attempts. */
const PAGE = 40;

const selectSelectedPending = (s: AppState) => {
  const job = selectSelectedJob(s);
  if (job === null) return null;
  return s.run.snapshot?.trace.pending.find((p) => p.job === job) ?? null;
};

/** The kind's colour (theme tokens). */
export function kindColor(theme: Theme, kind: DecisionKind): string {
  const { sim } = theme.palette;
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

/** Every item's look, set once on the log (items are plain elements with class names). */
function logStyles(theme: Theme) {
  return {
    ...disclosureStyles,
    '& details.decision': { borderLeft: '6px solid var(--kind-color)' },
    '& details.decision.highlighted, & details.attempt.highlighted': { bgcolor: theme.palette.sim.selection },
    '& .kind': {
      display: 'inline-block',
      ...theme.typography.body2,
      fontWeight: 700,
      px: 1,
      borderRadius: 3,
      bgcolor: 'var(--kind-color)',
      color: 'var(--kind-text)',
      mr: 1,
    },
    '& .headline': { ...theme.typography.body1, fontWeight: 600 },
    '& .secondary': { ...theme.typography.body2, color: theme.palette.text.secondary, mt: 0.25 },
  };
}

const DecisionItem = memo(function DecisionItem({
  group,
  session,
  isHighlighted,
  color,
  textColor,
}: {
  group: DecisionGroup;
  session: number;
  isHighlighted: boolean;
  color: string;
  textColor: string;
}) {
  const attemptIndex = group.attempt;
  return (
    <Disclosure
      className={isHighlighted ? 'decision highlighted' : 'decision'}
      style={{ '--kind-color': color, '--kind-text': textColor } as CSSProperties}
      testId="decision-log.item"
      data={{ kind: group.kind, job: group.job, highlighted: isHighlighted }}
      summary={
        <div>
          <div>
            <span className="kind">{KIND_LABEL[group.kind]}</span>
            <span className="headline">{describeGroup(group)}</span>
          </div>
          <div className="secondary">
            <MomentTag moment="attempt" />
            under <b>{group.action}</b> · {group.reasons[0]}
            {group.reasons.length > 1 && ` (and likewise for ${group.reasons.length - 1} more)`}
          </div>
        </div>
      }
    >
      {() =>
        attemptIndex === null ? (
          <Typography variant="body2">No attempt is recorded for this decision.</Typography>
        ) : (
          <FetchedAttempt
            session={session}
            index={attemptIndex}
            focusJob={group.kind === 'evict' ? group.job : null}
          />
        )
      }
    </Disclosure>
  );
});

function AttemptItem({
  attempt,
  index,
  session,
  isHighlighted,
}: {
  attempt: AttemptSummary;
  index: number;
  session: number;
  isHighlighted: boolean;
}) {
  return (
    <Disclosure
      className={isHighlighted ? 'attempt highlighted' : 'attempt'}
      testId="decision-log.attempt"
      data={{ job: attempt.job }}
      summary={
        <Typography variant="body1" component="span">
          <b>{attempt.action}</b> for <b>{attempt.job}</b>: {attempt.outcome} · {attempt.message}
        </Typography>
      }
    >
      {() => <FetchedAttempt session={session} index={index} />}
    </Disclosure>
  );
}

/**
 * A Volcano job's reservation (decision 0274): it changed the session (the devices were held from the
 * attempt until the session closed), so it is listed as what it did, not among attempts that changed nothing.
 */
function ReservationItem({
  attempt,
  index,
  session,
  isHighlighted,
  color,
  textColor,
}: {
  attempt: AttemptSummary;
  index: number;
  session: number;
  isHighlighted: boolean;
  color: string;
  textColor: string;
}) {
  return (
    <Disclosure
      className={isHighlighted ? 'decision highlighted' : 'decision'}
      style={{ '--kind-color': color, '--kind-text': textColor } as CSSProperties}
      testId="decision-log.reservation"
      data={{ job: attempt.job }}
      summary={
        <div>
          <div>
            <span className="kind">reserved</span>
            <span className="headline" data-testid="decision-log.reservation-line">
              {attempt.action} {describeReservation(attempt.job, attempt.reserved ?? [])}
            </span>
          </div>
          <div className="secondary">
            <MomentTag moment="attempt" />
            held until the session closed, not bound · {attempt.message}
          </div>
        </div>
      }
    >
      {() => <FetchedAttempt session={session} index={index} />}
    </Disclosure>
  );
}

/** The cursor session's decisions in plain words, each expandable into the trace's full explanation. */
export function DecisionLog() {
  const theme = useTheme();
  // Deferred like the jobs table: a big session's log renders without blocking the toolbar.
  const snapshot = useDeferredValue(useAppStore(selectSnapshot));
  const selected = useAppStore(selectSelectedJob);
  const pending = useAppStore(selectSelectedPending);
  const [groupLimit, setGroupLimit] = useState(PAGE);
  const [otherLimit, setOtherLimit] = useState(PAGE);
  const styles = useMemo(() => logStyles(theme), [theme]);
  const colors = useMemo(() => {
    const kinds: DecisionKind[] = ['bind', 'pipeline', 'evict', 'complete'];
    return Object.fromEntries(
      kinds.map((k) => {
        const c = kindColor(theme, k);
        return [k, { color: c, text: theme.palette.getContrastText(c) }];
      }),
    ) as Record<DecisionKind, { color: string; text: string }>;
  }, [theme]);
  const filter = useAppStore(selectDecisionFilter);
  const actions = useAppStore(selectActions);
  const isEvictionsOnly = filter === 'evictions';
  const allGroups = useMemo(
    () => (snapshot === null ? [] : evictionsFirst(groupDecisions(snapshot.decisions))),
    [snapshot],
  );
  const groups = useMemo(
    () => (isEvictionsOnly ? allGroups.filter((g) => g.kind === 'evict') : allGroups),
    [allGroups, isEvictionsOnly],
  );
  const withoutDecisions = useMemo(
    () => (snapshot === null ? [] : attemptsWithoutDecisions(snapshot.trace, snapshot.decisions)),
    [snapshot],
  );
  // A reservation holds devices for the rest of the session: it changed something (decision 0274).
  const isReservation = (i: number) => snapshot?.trace.attempts[i]?.outcome === 'reserved';
  const reservations = withoutDecisions.filter(isReservation);
  const others = withoutDecisions.filter((i) => !isReservation(i));
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
  const reserved = describeReserved(snapshot.figures);

  return (
    <Box
      sx={{ p: 2, display: 'grid', gap: 1.25, ...styles }}
      data-testid="decision-log"
      data-shown-session={snapshot.index}
    >
      <Typography variant="h2" component="h2">
        Session {snapshot.index} at {formatInstant(snapshot.timeMs)}
        <Typography
          component="span"
          variant="body1"
          color="text.secondary"
          sx={{ ml: 1.5 }}
          data-testid="decision-log.summary"
        >
          <MomentTag moment="attempt" />
          {summary === '' && reserved === null ? 'no placements or evictions' : summary}
          {reserved !== null && `${summary === '' ? '' : ' · '}${reserved}`}
        </Typography>
      </Typography>
      {pending !== null && (
        <PendingExplanationView
          explanation={pending}
          trace={snapshot.trace}
          session={snapshot.index}
          job={snapshot.jobs.find((j) => j.name === pending.job) ?? null}
        />
      )}
      <FormControlLabel
        sx={{ justifySelf: 'start' }}
        control={
          <Switch
            checked={isEvictionsOnly}
            onChange={(event) =>
              actions.setView({ decisionFilter: event.target.checked ? 'evictions' : 'all' })
            }
            slotProps={{ input: { 'aria-keyshortcuts': 'X' } }}
            data-testid="decision-log.evictions-only"
          />
        }
        label="Evictions only (X)"
      />
      {groups.length === 0 && (
        <Typography color="text.secondary" data-testid="decision-log.empty">
          {isEvictionsOnly
            ? `Nobody was evicted in this session${allGroups.length > 0 ? ` (${allGroups.length} other ${allGroups.length === 1 ? 'decision is' : 'decisions are'} hidden)` : ''}.`
            : 'Nothing was placed, evicted or completed in this session.'}
        </Typography>
      )}
      {groups.slice(0, groupLimit).map((group) => (
        <DecisionItem
          key={`${snapshot.index}:${group.key}`}
          group={group}
          session={snapshot.index}
          isHighlighted={selected !== null && (group.job === selected || group.by === selected)}
          color={colors[group.kind].color}
          textColor={colors[group.kind].text}
        />
      ))}
      {groups.length > groupLimit && (
        <Button onClick={() => setGroupLimit((n) => n + PAGE * 4)} sx={{ justifySelf: 'start' }}>
          Show more decisions ({groups.length - groupLimit} not shown)
        </Button>
      )}
      {!isEvictionsOnly &&
        reservations.map((index) => {
          const attempt = snapshot.trace.attempts[index]!;
          return (
            <ReservationItem
              key={`${snapshot.index}:reservation:${index}`}
              attempt={attempt}
              index={index}
              session={snapshot.index}
              isHighlighted={attempt.job === selected}
              color={theme.palette.text.secondary}
              textColor={theme.palette.background.paper}
            />
          );
        })}
      {others.length > 0 && !isEvictionsOnly && (
        <>
          <Typography variant="h3" component="h3" sx={{ mt: 1 }}>
            Attempts that changed nothing ({others.length})
          </Typography>
          {others.slice(0, otherLimit).map((index) => {
            const attempt = snapshot.trace.attempts[index]!;
            return (
              <AttemptItem
                key={`${snapshot.index}:attempt:${index}`}
                attempt={attempt}
                index={index}
                session={snapshot.index}
                isHighlighted={attempt.job === selected}
              />
            );
          })}
          {others.length > otherLimit && (
            <Button onClick={() => setOtherLimit((n) => n + PAGE * 4)} sx={{ justifySelf: 'start' }}>
              Show more attempts ({others.length - otherLimit} not shown)
            </Button>
          )}
        </>
      )}
    </Box>
  );
}
