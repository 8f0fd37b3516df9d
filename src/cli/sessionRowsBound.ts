/**
 * What the runner cannot stream away: `sim metrics` and `sim compare` keep one row per session and queue
 * (the metrics over time of §16, whose summary and episodes need every session), and KAI's usage history
 * (time-based fair share, `usageDBConfig`) keeps one sample per session and queue. Everything else the
 * runner holds is the scenario and one session (decision 0125). So the runner refuses, up front and with
 * exit 2 naming the field, a scenario whose possible sessions × (queues + 1) pass
 * {@link MAX_SESSION_ROWS} (docs/scenario-format.md §10), rather than let V8 run out of heap (exit 134
 * with a native stack) after minutes.
 */
import type { Scenario } from '../engine/model/scenario';
import { accepts } from '../engine/registry';

/**
 * Sessions × (queues + 1) at most for `metrics`, `compare`, and `run`/`check` with a usage database: one
 * million rows is about 1.1 GB of peak memory and 270 MB of metrics JSON, measured (decision 0126), under
 * V8's default heap and its longest string.
 */
export const MAX_SESSION_ROWS = 1_000_000;

/** The most sessions the run can take, and the field that sets it. */
export function possibleSessions(scenario: Scenario): { sessions: number; field: string } {
  const { run } = scenario;
  if (run.sessions !== null) return { sessions: run.sessions, field: 'run.sessions' };
  if (run.untilMs !== null) {
    // The shortest period any configuration sets gives the most sessions before `until`.
    let period = scenario.scheduler.schedulePeriodMs;
    for (const e of scenario.events)
      if (e.kind === 'updateConfig' && e.patch.schedulePeriodMs !== undefined)
        period = Math.min(period, e.patch.schedulePeriodMs);
    if (period > 0) {
      const byTime = Math.floor(Math.max(0, run.untilMs) / period) + 1;
      if (byTime < run.maxSessions) return { sessions: byTime, field: 'run.until' };
    }
  }
  return { sessions: run.maxSessions, field: 'run.maxSessions' };
}

/** Queues the run can have: the scenario's and any an `updateQueue` event names besides. */
function possibleQueues(scenario: Scenario): number {
  const names = new Set(scenario.queues.map((q) => q.name));
  for (const e of scenario.events) if (e.kind === 'updateQueue') names.add(e.patch.name);
  return names.size;
}

/**
 * The sessions whose samples the usage history can hold at once, when a configuration of the scenario
 * (or a later `updateConfig`) sets a usage database; null otherwise. Samples older than the longest
 * window are dropped (UsageLedger.ts), so it is at most the window's sessions, and at most the run's.
 */
export function usageHistorySessions(scenario: Scenario): { sessions: number; field: string } | null {
  // Only a profile that reads the usage database keeps a history (its format feature `usageDB`, the one
  // the reader refuses `usageDBConfig` by); decision 0309.
  if (!accepts(scenario.profile, 'usageDB', scenario)) return null;
  const windows: number[] = [];
  let period = scenario.scheduler.schedulePeriodMs;
  if (scenario.scheduler.usage) windows.push(scenario.scheduler.usage.windowSizeMs);
  for (const e of scenario.events) {
    if (e.kind !== 'updateConfig') continue;
    if (e.patch.usage) windows.push(e.patch.usage.windowSizeMs);
    if (e.patch.schedulePeriodMs !== undefined) period = Math.min(period, e.patch.schedulePeriodMs);
  }
  if (windows.length === 0) return null;
  const run = possibleSessions(scenario);
  if (period <= 0) return run;
  // One sample per session in the window, plus the one that straddles its start.
  const inWindow = Math.floor(Math.max(...windows) / period) + 2;
  return inWindow < run.sessions
    ? { sessions: inWindow, field: 'scheduler.usageDBConfig.usageParams.windowSize' }
    : run;
}

/**
 * Null when the rows fit, else the one-line refusal naming the field that sets the sessions (or `queues`
 * when the queues alone are too many), for `what` ("sim metrics keeps", "the usage history keeps").
 * `kept` is how many sessions' rows are held at once (default: every session the run can take).
 */
export function sessionRowsRefusal(
  scenario: Scenario,
  what: string,
  kept: { sessions: number; field: string } = possibleSessions(scenario),
): string | null {
  const { sessions, field } = kept;
  const rowsPerSession = possibleQueues(scenario) + 1;
  const rows = sessions * rowsPerSession;
  if (rows <= MAX_SESSION_ROWS) return null;
  const fit = Math.floor(MAX_SESSION_ROWS / rowsPerSession);
  const where = fit >= 1 ? field : 'queues';
  return (
    `${where}: ${what} one row per session and queue, at most ${MAX_SESSION_ROWS} ` +
    `(docs/scenario-format.md §10); this scenario can hold ${sessions} sessions × ${rowsPerSession} rows ` +
    `(its queues and the cluster) = ${rows}` +
    (fit >= 1 ? `; with these queues at most ${fit} sessions fit` : '')
  );
}
