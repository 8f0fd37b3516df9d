/**
 * `proportion` plugin (`plugins/proportion/proportion.go`, reference §4.5): queue fair share by weight
 * (water-filling up to request and real capability, at least the guarantee). Queue order (higher
 * priority, then smaller share), Overused, Allocatable, Preemptive, Reclaimable, and the enqueue gate
 * against real capability. kube-batch's proportion orders by share only and its Reclaimable subtracts the
 * candidate first, keeping it only if the queue would still be at or above its deserved share.
 */
import {
  RESOURCE_NAMES,
  addInto,
  zeroResources,
  type QueueResources,
  type Resources,
} from '../../../../model/resources';
import { exceededDimensions, lessEqual, lessEqualOnRequested } from '../../../../framework/NodeAccount';
import type { QueueInfo } from '../../api/QueueInfo';
import type { TaskInfo } from '../../api/JobInfo';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import type { EnqueueGateDetail, ProportionDetail } from '../../trace';
import { queueRes } from '../../api/resources';
import { addJobDemand } from '../../api/queueDemand';
import { waterFill, type WaterFillQueue } from './figures';
import { kubeBatchLessEqual, kubeBatchWaterFill } from './kubeBatchWaterFill';

interface QueueAttr extends WaterFillQueue {
  queue: QueueInfo;
  allocated: Resources;
  inqueue: Resources;
  elastic: Resources;
  share: number;
  /** kube-batch: the deserved has a GPU entry, so its share counts GPUs (always true on volcano). */
  deservedHasGpu: boolean;
  /** kube-batch: no queue deserves pods (`Resource.Add` skips MaxTaskNum), so its share skips them. */
  sharePods: boolean;
}

function full(p: Partial<Resources> | null, absent: number): Resources {
  const r = { gpu: absent, cpu: absent, memory: absent, pods: absent };
  if (p) for (const n of RESOURCE_NAMES) if (p[n] !== undefined) r[n] = p[n];
  return r;
}

function shareOf(attr: QueueAttr): number {
  let s = 0;
  for (const n of RESOURCE_NAMES) {
    if ((n === 'pods' && !attr.sharePods) || (n === 'gpu' && !attr.deservedHasGpu)) continue;
    const d = attr.deserved[n];
    const a = attr.allocated[n];
    const x = d === 0 ? (a === 0 ? 0 : 1) : a / d;
    if (x > s) s = x;
  }
  return s;
}

export const createProportionPlugin: VolcanoPluginFactory = (_config, dialect): VolcanoPlugin => ({
  name: 'proportion',
  onSessionOpen(ssn, self) {
    const attrs = new Map<string, QueueAttr>();
    const totalGuarantee = zeroResources();
    for (const q of ssn.queues.values()) addInto(totalGuarantee, full(q.spec.guarantee, 0));
    for (const job of ssn.jobs) {
      let attr = attrs.get(job.queue);
      if (!attr) {
        const queue = ssn.queues.get(job.queue) as QueueInfo;
        const capability = full(queue.spec.capability, Infinity);
        // A capability without (or with a non-positive) cpu or memory leaves that dimension unbounded.
        if (!(capability.cpu > 0)) capability.cpu = Infinity;
        if (!(capability.memory > 0)) capability.memory = Infinity;
        const guarantee = full(queue.spec.guarantee, 0);
        const real = zeroResources();
        for (const n of RESOURCE_NAMES) {
          real[n] = Math.min(Math.max(ssn.total[n] - totalGuarantee[n], 0) + guarantee[n], capability[n]);
        }
        attr = {
          name: queue.name,
          queue,
          weight: queue.weight,
          request: zeroResources(),
          realCapability: real,
          guarantee,
          deserved: zeroResources(),
          allocated: zeroResources(),
          inqueue: zeroResources(),
          elastic: zeroResources(),
          share: 0,
          deservedHasGpu: true,
          sharePods: dialect === 'volcano',
        };
        attrs.set(job.queue, attr);
      }
      addJobDemand(attr, job);
    }
    const list = [...attrs.values()];
    // kube-batch's loop is not Volcano's (decision 0259).
    if (dialect === 'kube-batch') {
      // A node that omits gpu (unconstrained in the lab) lists no `nvidia.com/gpu` in kube-batch's terms, so
      // the GPU total counts only the nodes that give a number (proportion.go:60-62 adds Allocatable).
      let gpu = 0;
      for (const n of ssn.nodes)
        if (Number.isFinite(n.account.allocatable.gpu)) gpu += n.account.allocatable.gpu;
      kubeBatchWaterFill(list, { ...ssn.total, gpu });
    } else waterFill(list, ssn.total);
    for (const a of list) {
      a.share = shareOf(a);
      ssn.deserved.set(a.name, queueRes(a.deserved));
    }
    const attrOf = (q: QueueInfo): QueueAttr | undefined => attrs.get(q.name);

    ssn.add('queueOrder', self, (l, r) => {
      if (dialect === 'volcano' && l.priority !== r.priority) return l.priority > r.priority ? -1 : 1;
      const ls = attrOf(l)?.share ?? 0;
      const rs = attrOf(r)?.share ?? 0;
      return ls < rs ? -1 : ls > rs ? 1 : 0;
    });
    // kube-batch's LessEqual has its own tolerances and skips pods and tiny GPU shares (decision 0259).
    const deservedWithin = (a: QueueAttr, allocated: Resources): boolean =>
      dialect === 'kube-batch'
        ? kubeBatchLessEqual(a.deserved, allocated, a.deservedHasGpu)
        : lessEqual(a.deserved, allocated);
    ssn.add('overused', self, (q) => {
      const a = attrOf(q);
      return a ? deservedWithin(a, a.allocated) : false;
    });
    const fitsDeserved = (q: QueueInfo, task: TaskInfo): boolean => {
      const a = attrOf(q);
      if (!a || !q.isOpen) return false;
      const future = { ...a.allocated };
      addInto(future, task.req);
      return lessEqualOnRequested(future, a.deserved, task.req);
    };
    if (dialect === 'volcano') {
      ssn.add('allocatable', self, fitsDeserved);
      ssn.add('preemptive', self, fitsDeserved);
    }
    ssn.add('reclaimable', self, (_reclaimer, candidates) => {
      const running = new Map<QueueAttr, Resources>();
      const seen = new Map<string, { deserved: QueueResources; allocated: QueueResources }>();
      const victims: TaskInfo[] = [];
      for (const c of candidates) {
        const a = attrs.get(c.job.queue);
        if (!a) continue;
        let alloc = running.get(a);
        if (!alloc) {
          alloc = { ...a.allocated };
          running.set(a, alloc);
          // The figures as this vote saw them (the explanation is built later, after evictions).
          seen.set(a.name, { deserved: queueRes(a.deserved), allocated: queueRes(a.allocated) });
        }
        if (dialect === 'kube-batch') {
          addInto(alloc, c.req, -1);
          if (deservedWithin(a, alloc)) victims.push(c);
        } else if (!lessEqual(alloc, a.deserved)) {
          addInto(alloc, c.req, -1);
          victims.push(c);
        }
      }
      const detail = (): ProportionDetail => ({
        profile: 'volcano',
        type: 'proportion-queue',
        queues: [...seen.entries()]
          .sort((x, y) => (x[0] < y[0] ? -1 : 1))
          .map(([name, f]) => ({
            queue: name,
            deserved: f.deserved,
            allocated: f.allocated,
            victims: victims.filter((v) => v.job.queue === name).map((v) => v.name),
          })),
      });
      return {
        victims,
        abstain: false,
        detail,
        message: () =>
          detail()
            .queues.map(
              (q) =>
                `queue ${q.queue} has ${fmtRes(q.allocated)} allocated against ${fmtRes(q.deserved)} deserved` +
                (q.victims.length > 0 ? `, so ${q.victims.join(', ')} may go` : ', so nothing may go'),
            )
            .join('; '),
      };
    });
    if (dialect === 'volcano') {
      ssn.add('jobEnqueueable', self, (job) => {
        const q = ssn.queues.get(job.queue) as QueueInfo;
        if (!q.isOpen) return { vote: 'reject', message: `queue ${q.name} is not open (${q.spec.state})` };
        if (!job.minResources) return { vote: 'permit', message: 'the PodGroup has no minResources' };
        const a = attrOf(q) as QueueAttr;
        const counted = { ...a.allocated };
        addInto(counted, a.inqueue);
        addInto(counted, a.elastic, -1);
        const want = { ...counted };
        addInto(want, job.minResources);
        const ok = lessEqualOnRequested(want, a.realCapability, job.minResources);
        const detail: EnqueueGateDetail = {
          profile: 'volcano',
          type: 'enqueue-gate',
          plugin: 'proportion',
          queue: q.name,
          minResources: queueRes(job.minResources),
          alreadyCounted: queueRes(counted),
          limit: queueRes(a.realCapability),
          factor: null,
          admitted: ok,
        };
        return {
          vote: ok ? 'permit' : 'reject',
          detail,
          message: ok
            ? `minResources + allocated + inqueue − elastic fits queue ${q.name}'s real capability`
            : `queue resource quota insufficient: minResources + allocated + inqueue − elastic exceeds queue ${q.name}'s real capability in ${exceededDimensions(want, a.realCapability, job.minResources).join(', ')}`,
        };
      });
      ssn.add('jobEnqueued', self, (job) => {
        const a = attrs.get(job.queue);
        if (a && job.minResources) addInto(a.inqueue, job.minResources);
      });
    }
    ssn.addEventHandler({
      allocate(task) {
        const a = attrs.get(task.job.queue);
        if (!a) return;
        addInto(a.allocated, task.req);
        a.share = shareOf(a);
      },
      deallocate(task) {
        const a = attrs.get(task.job.queue);
        if (!a) return;
        addInto(a.allocated, task.req, -1);
        a.share = shareOf(a);
      },
    });
  },
});

function fmtRes(r: { gpu: number; cpu: number; memory: number }): string {
  const parts: string[] = [];
  if (r.gpu) parts.push(`${r.gpu} GPU`);
  parts.push(`${Math.round(r.cpu * 1000) / 1000} CPU`);
  parts.push(`${Math.round((r.memory / 2 ** 30) * 100) / 100} GiB`);
  return parts.join(', ');
}
