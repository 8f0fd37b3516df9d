/**
 * What a session did to each job, as the cross-profile comparison compares it (decision 0289): per job, how
 * many of its tasks were evicted, bound, pipelined or completed, and for evictions by which action and for
 * whom. Nodes are left out on purpose: schedulers order nodes differently, and the question is who runs,
 * who waits and who is evicted, not on which node.
 */
import type { Decision } from '../../model/trace';

export type DecisionKindCount = Partial<Record<Decision['kind'], number>>;

export interface JobSessionFacts {
  counts: DecisionKindCount;
  /** `reclaim for train-b`, sorted and joined, for evictions; empty otherwise. */
  evictedBy: string;
}

/** Per job (sorted by name), what the session's decisions did to it. */
export function sessionSignature(decisions: readonly Decision[]): Map<string, JobSessionFacts> {
  const out = new Map<string, JobSessionFacts>();
  const by = new Map<string, Set<string>>();
  for (const d of decisions) {
    let f = out.get(d.job);
    if (f === undefined) {
      f = { counts: {}, evictedBy: '' };
      out.set(d.job, f);
    }
    f.counts[d.kind] = (f.counts[d.kind] ?? 0) + 1;
    if (d.kind === 'evict') {
      const set = by.get(d.job) ?? new Set<string>();
      set.add(`${d.action}${d.by !== null ? ` for ${d.by}` : ''}`);
      by.set(d.job, set);
    }
  }
  for (const [job, set] of by) {
    const f = out.get(job);
    if (f !== undefined) f.evictedBy = [...set].sort().join(', ');
  }
  return out;
}

/** A job's facts as a key: equal keys, same decisions. */
export function factsKey(f: JobSessionFacts | undefined): string {
  if (f === undefined) return '';
  const c = f.counts;
  return `e${c.evict ?? 0} b${c.bind ?? 0} p${c.pipeline ?? 0} c${c.complete ?? 0} ${f.evictedBy}`;
}

const PLURAL = (n: number) => (n === 1 ? '1 task' : `${n} tasks`);

/** The facts in words: `evicts 1 task (reclaim for train-b)`, `binds 2 tasks`, `nothing`. */
export function factsText(f: JobSessionFacts | undefined): string {
  if (f === undefined) return 'nothing';
  const c = f.counts;
  const parts: string[] = [];
  if (c.evict) parts.push(`evicts ${PLURAL(c.evict)} (${f.evictedBy})`);
  if (c.bind) parts.push(`binds ${PLURAL(c.bind)}`);
  if (c.pipeline) parts.push(`pipelines ${PLURAL(c.pipeline)}`);
  if (c.complete) parts.push(`completes ${PLURAL(c.complete)}`);
  return parts.join(', ');
}
