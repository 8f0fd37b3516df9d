/**
 * Groups a session's decisions into sentences: the tasks of one job placed or evicted by one attempt read
 * as one line ("Evicted 2 tasks of explore from node0 for serve, under reclaim"), in trace order.
 */
import type { Decision, DecisionKind } from '../../engine/model/trace';
import { plural } from '../../common/plural';

export interface DecisionGroup {
  key: string;
  kind: DecisionKind;
  action: string;
  job: string;
  by: string | null;
  attempt: number | null;
  tasks: string[];
  /** Distinct nodes in order of first appearance (null for completions without a node). */
  nodes: string[];
  reasons: string[];
}

export function groupDecisions(decisions: readonly Decision[]): DecisionGroup[] {
  const groups: DecisionGroup[] = [];
  const byKey = new Map<string, DecisionGroup>();
  for (const d of decisions) {
    const key = `${d.attempt ?? 'none'}|${d.kind}|${d.action}|${d.job}|${d.by ?? ''}`;
    let group = byKey.get(key);
    if (group === undefined) {
      group = {
        key,
        kind: d.kind,
        action: d.action,
        job: d.job,
        by: d.by,
        attempt: d.attempt,
        tasks: [],
        nodes: [],
        reasons: [],
      };
      byKey.set(key, group);
      groups.push(group);
    }
    group.tasks.push(d.task);
    if (d.node !== null && !group.nodes.includes(d.node)) group.nodes.push(d.node);
    if (!group.reasons.includes(d.reason)) group.reasons.push(d.reason);
  }
  return groups;
}

/** The group as one plain sentence. */
export function describeGroup(group: DecisionGroup): string {
  const what =
    group.tasks.length === 1 ? group.tasks[0]! : `${plural(group.tasks.length, 'task')} of ${group.job}`;
  const where = group.nodes.length === 0 ? '' : ` ${group.nodes.join(', ')}`;
  switch (group.kind) {
    case 'bind':
      return `Allocated ${what} to${where || ' a node'}`;
    case 'pipeline':
      return `Pipelined ${what} onto${where || ' a node'}, waiting for capacity being released`;
    case 'evict':
      return `Evicted ${what}${where ? ` from${where}` : ''}${group.by === null ? '' : ` to make room for ${group.by}`}`;
    case 'complete':
      return `${what} completed`;
  }
}

/** Indices of attempts that produced no decision (failed or skipped attempts worth explaining). */
export function attemptsWithoutDecisions(
  trace: { attempts: readonly unknown[] },
  decisions: readonly Decision[],
): number[] {
  const used = new Set<number>();
  for (const d of decisions) if (d.attempt !== null) used.add(d.attempt);
  return trace.attempts.map((_, i) => i).filter((i) => !used.has(i));
}

export function countKinds(decisions: readonly Decision[]): Record<DecisionKind, number> {
  const counts: Record<DecisionKind, number> = { bind: 0, pipeline: 0, evict: 0, complete: 0 };
  for (const d of decisions) counts[d.kind] += 1;
  return counts;
}

/**
 * Evictions first (what a reader of the log looks for), then the rest; trace order is kept within each
 * part, so the list stays the engine's order apart from that one move.
 */
export function evictionsFirst(groups: readonly DecisionGroup[]): DecisionGroup[] {
  return [...groups.filter((g) => g.kind === 'evict'), ...groups.filter((g) => g.kind !== 'evict')];
}
