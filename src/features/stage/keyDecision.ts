/**
 * The one decision of a session the stage explains: an eviction first (what a lesson is usually about),
 * else a pipelined placement, else an allocation. Picked from the engine's decisions as grouped for the
 * decision log; nothing is recomputed.
 */
import type { SelectedPair } from '../../store/AppState';
import type { DecisionGroup } from '../decision-log/groupDecisions';

const PRIORITY = ['evict', 'pipeline', 'bind'] as const;

export function keyDecision(groups: readonly DecisionGroup[]): DecisionGroup | null {
  for (const kind of PRIORITY) {
    const found = groups.find((g) => g.kind === kind);
    if (found !== undefined) return found;
  }
  return null;
}

/** The preemptor/victim pair of an eviction (to draw its min-runtime path), or null. */
export function keyPair(group: DecisionGroup | null, session: number): SelectedPair | null {
  if (group === null || group.kind !== 'evict' || group.attempt === null || group.by === null) return null;
  return { session, attempt: group.attempt, preemptor: group.by, victim: group.job };
}
