/**
 * `capacity` plugin (volcano `pkg/scheduler/plugins/capacity/capacity.go` @ed72c7c8): queues share the
 * cluster by their written `deserved` (no water-filling), are held to a real capability (capability, and
 * what the others' guarantees leave), and reclaim back up to deserved. With `enableHierarchy: true`
 * (`ssn.HierarchyEnabled`, framework/session.go:1006-1016) queues form a tree under `root`: a queue's
 * figures include its children's, jobs run only in leaf queues, and every check is made for the leaf and
 * each of its ancestors. Registered: QueueOrder, VictimQueueOrder (tree only), Reclaimable, Preemptive,
 * Allocatable, JobEnqueueable, JobEnqueued and the allocate/deallocate events. Not registered upstream,
 * so not here: Overused (capacity.go has no AddOverusedFn).
 */
import { addInto, type Resources } from '../../../../model/resources';
import type { QueueInfo } from '../../api/QueueInfo';
import type { TaskInfo } from '../../api/JobInfo';
import { queueRes } from '../../api/resources';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';
import type { VolcanoSession } from '../../framework/Session';
import { exceedsOnRequested, fitsSomeRequested, fmtRes } from './checks';
import { ancestorReclaimLevel, compareShare, queueLevel, ancestorAt } from './tree';
import { buildFlat, buildTree, isLeaf, updateShare, type CapacityAttr } from './queueAttrs';
import { reclaimVictims } from './reclaimVictims';

const NAME = 'capacity';

export const createCapacityPlugin: VolcanoPluginFactory = (config): VolcanoPlugin => ({
  name: NAME,
  onSessionOpen(ssn, self) {
    const hierarchy = config.flags.enableHierarchy === true;
    const level = ancestorReclaimLevel(config.arguments);
    const built = hierarchy
      ? buildTree(ssn.queues, ssn.jobs)
      : { attrs: buildFlat(ssn.queues, ssn.jobs, ssn.total), refusal: null };
    const { attrs, refusal } = built;
    for (const a of attrs.values()) if (a.queue) ssn.deserved.set(a.name, queueRes(a.deserved));
    const attrOf = (name: string): CapacityAttr | undefined => attrs.get(name);
    const notReady = refusal === null ? null : `capacity cannot check the queue tree: ${refusal}`;
    /** Leaf first, then each ancestor up to the root (capacity.go:1681-1684). */
    const chain = (a: CapacityAttr): CapacityAttr[] => [
      a,
      ...[...a.ancestors].reverse().map((n) => attrs.get(n) as CapacityAttr),
    ];

    ssn.add('queueOrder', self, (l, r) => {
      if (l.priority !== r.priority) return r.priority - l.priority;
      const la = attrOf(l.name);
      const ra = attrOf(r.name);
      if (!la || !ra) return 0;
      if (!hierarchy) return compareShare(la, ra);
      // capacity.go:1365-1397: leaves before inner queues; two leaves compare the ancestors just below the
      // deepest one they share.
      const lLeaf = isLeaf(la);
      const rLeaf = isLeaf(ra);
      if (lLeaf !== rLeaf) return lLeaf ? -1 : 1;
      if (!lLeaf) return compareShare(la, ra);
      const lvl = queueLevel(la, ra);
      const lp = la.ancestors[lvl + 1] ?? la.name;
      const rp = ra.ancestors[lvl + 1] ?? ra.name;
      return compareShare(attrs.get(lp) as CapacityAttr, attrs.get(rp) as CapacityAttr);
    });
    if (hierarchy) {
      // capacity.go:1400-1418: victims from the queue sharing the deepest ancestor with the preemptor first.
      ssn.add('victimQueueOrder', self, (l, r, p) => {
        const la = attrOf(l.name);
        const ra = attrOf(r.name);
        const pa = p ? attrOf(p.name) : undefined;
        if (!la || !ra || !pa) return 0;
        const ll = queueLevel(la, pa);
        const rl = queueLevel(ra, pa);
        return ll === rl ? 0 : ll > rl ? -1 : 1;
      });
    }

    ssn.add('reclaimable', self, (reclaimer, candidates) => {
      if (notReady !== null) return { victims: [], abstain: false, message: notReady };
      return reclaimVictims(ssn, attrs, hierarchy ? level : 0, reclaimer, candidates);
    });

    ssn.add('preemptive', self, (queue, task) => {
      const a = attrOf(queue.name);
      if (notReady !== null) return refuse(ssn, notReady);
      if (!queue.isOpen)
        return refuse(ssn, `queue ${queue.name} is not open (${queue.spec.state}), so it does not reclaim`);
      if (!a) return refuse(ssn, `queue ${queue.name} has no capacity figures`);
      const future = plus(a.allocated, task.req);
      const over = exceedsOnRequested(future, a.realCapability, task.req);
      if (over.length > 0) {
        return refuse(
          ssn,
          `queue ${queue.name} may not reclaim for ${task.name}: allocated ${fmtRes(a.allocated)} plus the request would exceed its real capability ${fmtRes(a.realCapability)} in ${over.join(', ')}`,
        );
      }
      if (fitsSomeRequested(future, a.deserved, task.req).length > 0) return true;
      // capacity.go:685-704: with ancestorReclaimLevel, an ancestor (not the root) below its deserved also
      // lets the queue reclaim.
      for (let l = 1; hierarchy && l <= level; l++) {
        const id = ancestorAt(a, l);
        if (id === null || id === 'root') continue;
        const anc = attrs.get(id) as CapacityAttr;
        if (fitsSomeRequested(plus(anc.allocated, task.req), anc.deserved, task.req).length > 0) return true;
      }
      return refuse(
        ssn,
        `queue ${queue.name} may not reclaim for ${task.name}: allocated ${fmtRes(a.allocated)} plus the request is above its deserved ${fmtRes(a.deserved)} in every requested resource`,
      );
    });

    ssn.add('allocatable', self, (queue, task) => {
      if (!queue.isOpen) return refuse(ssn, `queue ${queue.name} is not open (${queue.spec.state})`);
      if (notReady !== null) return refuse(ssn, notReady);
      const a = attrOf(queue.name);
      if (!a) return refuse(ssn, `queue ${queue.name} has no capacity figures`);
      if (hierarchy && !isLeaf(a)) return refuse(ssn, `queue ${queue.name} is not a leaf queue`);
      for (const q of chain(a)) {
        const over = exceedsOnRequested(plus(q.allocated, task.req), q.realCapability, task.req);
        if (over.length === 0) continue;
        return refuse(
          ssn,
          `queue ${q.name}${q === a ? '' : ` (an ancestor of ${queue.name})`} has ${fmtRes(q.allocated)} allocated; with ${task.name} it would exceed its real capability ${fmtRes(q.realCapability)} in ${over.join(', ')}`,
        );
      }
      return true;
    });

    ssn.add('jobEnqueueable', self, (job) => {
      if (notReady !== null) return { vote: 'reject', message: notReady };
      const a = attrOf(job.queue);
      const queue = ssn.queues.get(job.queue) as QueueInfo;
      if (!a) return { vote: 'permit', message: `queue ${queue.name} has no capacity figures` };
      if (hierarchy && !isLeaf(a))
        return { vote: 'reject', message: `queue ${queue.name} is not a leaf queue` };
      if (!queue.isOpen)
        return { vote: 'reject', message: `queue ${queue.name} is not open (${queue.spec.state})` };
      if (!job.minResources) return { vote: 'permit', message: 'the PodGroup has no minResources' };
      for (const q of chain(a)) {
        // minResources + allocated + inqueue − elastic against the real capability (capacity.go:1697-1723).
        const want = plus(job.minResources, q.allocated);
        addInto(want, q.inqueue);
        addInto(want, q.elastic, -1);
        const over = exceedsOnRequested(want, q.realCapability, job.minResources);
        if (over.length === 0) continue;
        return {
          vote: 'reject',
          message: `queue resource quota insufficient: minResources + allocated + inqueue − elastic of queue ${q.name}${q === a ? '' : ` (an ancestor of ${queue.name})`} exceeds its real capability ${fmtRes(q.realCapability)} in ${over.join(', ')}`,
        };
      }
      return {
        vote: 'permit',
        message: hierarchy
          ? `minResources fits the real capability of queue ${queue.name} and of each of its ancestors`
          : `minResources + allocated + inqueue − elastic fits queue ${queue.name}'s real capability`,
      };
    });
    ssn.add('jobEnqueued', self, (job) => {
      const a = attrOf(job.queue);
      if (!a || !job.minResources) return;
      addInto(a.inqueue, job.minResources);
      for (const n of hierarchy ? a.ancestors : [])
        addInto((attrs.get(n) as CapacityAttr).inqueue, job.minResources);
    });

    // capacity.go:925-1003: the leaf's share is kept current; ancestors' allocations move, their share not.
    const move = (task: TaskInfo, sign: number): void => {
      const a = attrs.get(task.job.queue);
      if (!a) return;
      addInto(a.allocated, task.req, sign);
      updateShare(a);
      for (const n of hierarchy ? a.ancestors : [])
        addInto((attrs.get(n) as CapacityAttr).allocated, task.req, sign);
    };
    ssn.addEventHandler({ allocate: (t) => move(t, 1), deallocate: (t) => move(t, -1) });
  },
});

function plus(a: Resources, b: Resources): Resources {
  const out = { ...a };
  addInto(out, b);
  return out;
}

/** A refusal from a boolean point, with its reason kept for the trace line of the action. */
function refuse(ssn: VolcanoSession, reason: string): false {
  ssn.explain(NAME, reason);
  return false;
}
