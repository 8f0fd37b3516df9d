/**
 * The queues of an imported trace (docs/scenario-format.md §20.3, decision 0180): each vc / organization is a
 * leaf queue under one parent `trace`; names are made valid and unique, and quotas follow the chosen rule.
 */
import type { TraceRecord } from './traceRecord';
import type { QuotaRule } from './types';

export const PARENT_QUEUE = 'trace';

/**
 * A queue name from a trace value: lower case letters, digits and `-` (a Kubernetes object name, as a KAI
 * Queue is one), starting with a letter, at most 63 characters; `q-` is put in front of a value that does
 * not start with a letter, and `-2`, `-3` … after one that is already taken (`trace` included).
 */
export function queueNames(sources: readonly string[]): Map<string, string> {
  const taken = new Set([PARENT_QUEUE]);
  const out = new Map<string, string>();
  for (const source of sources) {
    let base = source
      .toLowerCase()
      .replace(/[^a-z0-9-]+/g, '-')
      .replace(/-+/g, '-')
      .replace(/^-|-$/g, '');
    if (!/^[a-z]/.test(base)) base = `q-${base}`.replace(/-$/, '');
    base = base.slice(0, 56).replace(/-$/, '');
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    out.set(source, name);
  }
  return out;
}

/** GPUs a job holds while it runs. */
export const jobGpus = (r: TraceRecord) => r.taskGpus.reduce((a, b) => a + b, 0);

/** The most GPUs held at once by `records`, over their running spans [start, end) in trace time. */
export function peakUse(records: readonly TraceRecord[]): number {
  const changes: [number, number][] = [];
  for (const r of records) {
    const g = jobGpus(r);
    changes.push([r.start, g], [r.end, -g]);
  }
  // Ends before starts at the same instant: a job that ends frees its GPUs for one that starts then.
  changes.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  let now = 0;
  let peak = 0;
  for (const [, d] of changes) {
    now += d;
    peak = Math.max(peak, now);
  }
  return Math.round(peak * 1000) / 1000;
}

/** GPU-seconds of `records` divided by `span` seconds: the mean GPUs held. */
export function meanUse(records: readonly TraceRecord[], span: number): number {
  let total = 0;
  for (const r of records) total += jobGpus(r) * (r.end - r.start);
  return span > 0 ? total / span : 0;
}

/**
 * Quotas in whole GPUs: each queue's weight (peak or mean use) as a share of the cluster's GPUs, rounded
 * down, so that the quotas never add up to more than the cluster (KAI gives what is left over-quota).
 */
export function quotas(weights: readonly number[], clusterGpus: number, rule: QuotaRule): (number | null)[] {
  if (rule === 'none') return weights.map(() => null);
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (sum > 0 ? Math.floor((clusterGpus * w) / sum + 1e-9) : 0));
}
