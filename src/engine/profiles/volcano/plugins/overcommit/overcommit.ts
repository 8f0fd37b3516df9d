/**
 * `overcommit` plugin (`plugins/overcommit/overcommit.go`, reference §4.6): an enqueue gate.
 * idle = total × `overcommit-factor` (default 1.2; below 1 → 1.2) − Σ node Used; inqueue = Σ minResources
 * of Inqueue PodGroups + the unallocated remainder of Running ones. A job with minResources is admitted
 * (Permit) iff inqueue + minResources ≤ idle on minResources' dimensions, else Reject.
 */
import { RESOURCE_NAMES, addInto, zeroResources, type Resources } from '../../../../model/resources';
import { exceededDimensions, lessEqualOnRequested } from '../../../../framework/NodeAccount';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import type { EnqueueGateDetail } from '../../trace';
import { inqueueRemainder, queueRes } from '../../api/resources';

export const DEFAULT_OVERCOMMIT_FACTOR = 1.2;

export const createOvercommitPlugin: VolcanoPluginFactory = (config): VolcanoPlugin => ({
  name: 'overcommit',
  onSessionOpen(ssn, self) {
    const raw = config.arguments['overcommit-factor'];
    let factor =
      typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : DEFAULT_OVERCOMMIT_FACTOR;
    if (!Number.isFinite(factor) || factor < 1) factor = DEFAULT_OVERCOMMIT_FACTOR;
    const idle = zeroResources();
    for (const n of RESOURCE_NAMES) idle[n] = ssn.total[n] * factor;
    for (const node of ssn.nodes) addInto(idle, node.account.used, -1);
    const inqueue = zeroResources();
    for (const job of ssn.jobs) {
      if (!job.minResources) continue;
      if (job.phase === 'Inqueue') addInto(inqueue, job.minResources);
      else if (job.phase === 'Running') addInto(inqueue, inqueueRemainder(job));
    }

    ssn.add('jobEnqueueable', self, (job) => {
      if (!job.minResources) return { vote: 'permit', message: 'the PodGroup has no minResources' };
      const want: Resources = { ...inqueue };
      addInto(want, job.minResources);
      const ok = lessEqualOnRequested(want, idle, job.minResources);
      const detail: EnqueueGateDetail = {
        profile: 'volcano',
        type: 'enqueue-gate',
        plugin: 'overcommit',
        queue: null,
        minResources: queueRes(job.minResources),
        alreadyCounted: queueRes(inqueue),
        limit: queueRes(idle),
        factor,
        admitted: ok,
      };
      const dims = exceededDimensions(want, idle, job.minResources);
      return {
        vote: ok ? 'permit' : 'reject',
        detail,
        message: ok
          ? `inqueue + minResources fits the overcommitted idle resources (total × ${factor} − used)`
          : `inqueue + minResources exceeds the overcommitted idle resources (total × ${factor} − used) in ${dims.join(', ')}`,
      };
    });
    ssn.add('jobEnqueued', self, (job) => {
      if (job.minResources) addInto(inqueue, job.minResources);
    });
  },
});
