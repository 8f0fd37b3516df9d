/**
 * What would have kept an evicted KAI job (decision 0309): a min-runtime longer than it had run, set where
 * the minruntime plugin's walk stopped (or where it starts, when the plugin default applied), proven by
 * re-running the scenario with it while the explain budget lasts.
 */
import { formatDuration } from '../../../model/duration';
import type { EvictionInput, EvictionProtection } from '../../../framework/ProfileModule';
import { applyScenarioChange } from '../../../simulation/explain/applyScenarioChange';
import { evictedAt } from '../../../simulation/explain/rerun';
import type { ScenarioChange } from '../../../simulation/explain/types';

export function kaiWouldHaveProtected(input: EvictionInput): EvictionProtection {
  const { scenario, snap, session, decision: d, resolution: r, startedAtMs, victimQueue, budget } = input;
  const none = { protectingChange: null, protectionProven: false };
  if (r === null || startedAtMs === null) return { wouldHaveProtected: null, ...none };
  const ranMs = Math.max(0, snap.timeMs - startedAtMs);
  // Protected while now < lastStart + min-runtime (KAI minruntime.go:149-151, :166-168): the next whole
  // second above what it had run.
  const needMs = Math.floor(ranMs / 1000) * 1000 + 1000;
  const queue = r.source !== 'default' ? r.source : (r.path[0] ?? victimQueue);
  if (queue === null) return { wouldHaveProtected: null, ...none };
  const field = r.kind === 'preempt' ? 'preemptMinRuntime' : 'reclaimMinRuntime';
  const value = formatDuration(needMs);
  const change: ScenarioChange = { kind: 'set-min-runtime', queue, field, value };
  const where = r.method === 'lca' ? ` (the LCA walk for this pair starts at ${r.path[0] ?? queue})` : '';
  const base = `a ${field} of at least ${value} on queue ${queue}${where}: ${d.job} had run ${formatDuration(ranMs)} against ${formatDuration(r.durationMs)} from ${r.source}`;
  if (!budget.take(session))
    return { wouldHaveProtected: `By the rule, ${base}.`, protectingChange: change, protectionProven: false };
  const still = evictedAt(applyScenarioChange(scenario, change), d.job, session, d.action);
  return {
    wouldHaveProtected: still
      ? `By the rule, ${base}; re-run with it, ${d.job} is still evicted at session ${session} (another queue's value or rule applies).`
      : `${cap(base)}; re-run with it, ${d.job} is not evicted at session ${session}.`,
    protectingChange: change,
    protectionProven: !still,
  };
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}
