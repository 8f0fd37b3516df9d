/**
 * `drf` plugin (`plugins/drf/drf.go`, reference §4.3): dominant resource fairness between jobs. A job's
 * share is the largest allocated/total over the resources the cluster has (the `pods` scalar included);
 * job order: smaller share first. Preemptable: the preemptor's share after taking its request must stay no
 * larger than the preemptee job's share after losing the examined preemptees — subtracted **cumulatively**
 * across every examined preemptee of the same job, victim or not (quirk §7.6).
 * Hierarchical DRF (`enableHierarchy: true`) is not implemented (refused before the run).
 */
import {
  RESOURCE_NAMES,
  addInto,
  subResources,
  zeroResources,
  type Resources,
} from '../../../../model/resources';
import type { JobInfo, TaskInfo } from '../../api/JobInfo';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import type { DrfShareDetail } from '../../trace';

/** `shareDelta` of drf.go. */
const SHARE_DELTA = 1e-6;

/** Dominant share of `allocated` against `total` (absent = infinite dimensions skipped). */
export function dominantShare(allocated: Resources, total: Resources): number {
  let share = 0;
  for (const n of RESOURCE_NAMES) {
    const t = total[n];
    if (!Number.isFinite(t)) continue;
    const a = allocated[n];
    const s = t === 0 ? (a > 0 ? 1 : 0) : a / t;
    if (s > share) share = s;
  }
  return share;
}

export const createDrfPlugin: VolcanoPluginFactory = (): VolcanoPlugin => ({
  name: 'drf',
  onSessionOpen(ssn, self) {
    const allocated = new Map<JobInfo, Resources>();
    const share = new Map<JobInfo, number>();
    for (const job of ssn.jobs) {
      allocated.set(job, { ...job.allocated });
      share.set(job, dominantShare(job.allocated, ssn.total));
    }
    const alloc = (job: JobInfo): Resources => allocated.get(job) ?? zeroResources();

    ssn.add('jobOrder', self, (l, r) => {
      const ls = share.get(l) ?? 0;
      const rs = share.get(r) ?? 0;
      return ls < rs ? -1 : ls > rs ? 1 : 0;
    });
    ssn.add('preemptable', self, (preemptor, candidates) => {
      const lalloc = { ...alloc(preemptor.job) };
      addInto(lalloc, preemptor.req);
      const ls = dominantShare(lalloc, ssn.total);
      const remaining = new Map<JobInfo, Resources>();
      const victims: TaskInfo[] = [];
      const lines: DrfShareDetail['candidates'] = [];
      for (const c of candidates) {
        const base = remaining.get(c.job) ?? { ...alloc(c.job) };
        const after = subResources(base, c.req);
        remaining.set(c.job, after);
        const rs = dominantShare(after, ssn.total);
        const victim = ls < rs || Math.abs(ls - rs) <= SHARE_DELTA;
        if (victim) victims.push(c);
        lines.push({ task: c.name, job: c.job.name, shareAfter: rs, victim });
      }
      const detail = (): DrfShareDetail => ({
        profile: 'volcano',
        type: 'drf-share',
        preemptorJob: preemptor.job.name,
        preemptorShare: ls,
        candidates: lines,
      });
      const refused = (): string[] =>
        lines.filter((l) => !l.victim).map((l) => `${l.task} (${fmt(l.shareAfter)})`);
      return {
        victims,
        abstain: false,
        detail,
        message: () =>
          `${preemptor.job.name}'s share would be ${fmt(ls)}` +
          (refused().length > 0
            ? `; keeps ${refused().join(', ')}: their jobs' shares after losing them would be lower`
            : '; every candidate job keeps a share at least as large'),
      };
    });
    ssn.addEventHandler({
      allocate(task) {
        const a = alloc(task.job);
        addInto(a, task.req);
        allocated.set(task.job, a);
        share.set(task.job, dominantShare(a, ssn.total));
      },
      deallocate(task) {
        const a = alloc(task.job);
        addInto(a, task.req, -1);
        allocated.set(task.job, a);
        share.set(task.job, dominantShare(a, ssn.total));
      },
    });
  },
});

function fmt(x: number): string {
  return (Math.round(x * 1000) / 1000).toString();
}
