/**
 * KAI's usage history for time-based fair share: a ledger when the scenario's configuration, or a later
 * `updateConfig`, sets a usage database. The history is kept from the start either way (KAI's metrics exist
 * before the scheduler reads them), as long as the longest window any of them uses.
 */
import type { Scenario } from '../../../model/scenario';
import {
  appendUsage,
  DEFAULT_STEP_MS,
  newUsageLedger,
  type UsageLedger,
} from '../../../simulation/UsageLedger';
import { historyBeforeStart } from '../../../simulation/usageMetric';

export function kaiUsageLedger(scenario: Scenario): UsageLedger | null {
  const params = [
    scenario.scheduler.usage,
    ...(scenario.nodePools ?? []).map((p) => p.usage),
    ...scenario.events.map((e) => (e.kind === 'updateConfig' ? e.patch.usage : undefined)),
  ].filter((p) => p !== undefined);
  if (params.length === 0) return null;
  // A fetch reads up to one fetchInterval back from the session, and its first step up to one resolution
  // before the window: keep samples for all of it.
  const horizon = params.reduce(
    (max, p) =>
      Math.max(
        max,
        p.windowSizeMs + (p.fetchIntervalMs ?? DEFAULT_STEP_MS) + (p.queryResolutionMs ?? DEFAULT_STEP_MS),
      ),
    0,
  );
  const ledger = newUsageLedger(horizon);
  for (const sample of historyBeforeStart(scenario)) appendUsage(ledger, sample);
  return ledger;
}
