/**
 * One simulator session of Kueue: scheduling cycles (kueue pkg/scheduler/scheduler.go:308-386 schedule,
 * :392-523 processEntry @ff69552e) run until a cycle changes nothing, then the pods of admitted Workloads
 * are placed on nodes (placement.ts). Each cycle takes the head of every ClusterQueue (its best pending
 * Workload: higher priority, then older; pkg/cache/queue/cluster_queue.go:857-872), nominates a flavor
 * assignment for each against one snapshot, orders the entries (:1110-1160: not borrowing first, then
 * priority, then creation time) and admits or preempts for them one by one, re-checking the fit.
 *
 * Requeueing (decision 0284): a Workload that cannot be admitted is parked for the rest of the session.
 * Under BestEffortFIFO the next Workload of its ClusterQueue becomes the head; under StrictFIFO the parked
 * head blocks its ClusterQueue. Next session every parked Workload is tried again, as upstream requeues
 * inadmissible Workloads when quota is freed or the cluster changes.
 */
import type {
  ProfileQueueFigures,
  ProfileSessionInput,
  ProfileSessionResult,
  ProfileTaskOutput,
} from '../../framework/Profile';
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../../model/resources';
import type {
  Decision,
  JobAttempt,
  PendingExplanation,
  SessionTrace,
  TaskStatus,
  VictimRecord,
} from '../../model/trace';
import { assignFlavors, type Assignment } from './flavorAssigner';
import { popFair } from './fairIterator';
import { preemptionTargets } from './fairPreemption';
import type { Target } from './preemption';
import { available, gt, type FlavorResource } from './quotaTree';
import { NodeRoom, placementLabels } from './placement';
import { sessionShares } from './sessionShares';
import { Snapshot } from './snapshot';
import { canAlwaysReclaim, capacityToReserve } from './reserveCapacity';
import { isKueueSpec, type KueueSpec, type ResourceFlavorSpec } from './spec';
import { admissionPhase, buildWorkload, type Workload } from './workloads';
import { describeAdmission, describeTarget } from './words';

interface Entry {
  readonly wl: Workload;
  readonly assignment: Assignment;
  readonly usage: Assignment['usage'];
  readonly targets: Target[];
  readonly attempt: number;
}

/** What happened to each Workload this session (for the trace and the pending explanations). */
interface Outcome {
  code: 'no-capacity' | 'no-eligible-victims' | 'waiting-for-release' | 'not-attempted' | 'unschedulable';
  message: string;
  attempts: number[];
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/** cluster_queue.go:857-872: higher priority first, then the older (queue-order timestamp), then name. */
function queueOrder(a: Workload, b: Workload): number {
  return b.priority - a.priority || a.createdMs - b.createdMs || byName(a, b);
}

export function runKueueSession(input: ProfileSessionInput): ProfileSessionResult {
  if (!isKueueSpec(input.profileData))
    throw new Error('profile kueue: the scenario has no kueue block (the parser requires one)');
  return new KueueSession(opened(input), input.profileData).run();
}

/**
 * The session opens on what the cluster holds: pods evicted last session (Releasing) are gone and their
 * job's pods are re-created Pending, as are Running pods whose node was removed (as Volcano's session
 * opens them, profiles/volcano/framework/Session.ts).
 */
function opened(input: ProfileSessionInput): ProfileSessionInput {
  const nodes = new Set(input.nodes.map((n) => n.name));
  const jobs = input.jobs.map((j) => ({
    ...j,
    tasks: j.tasks.map((t) => {
      if (t.status === 'Succeeded' || (t.status === 'Running' && t.node !== null && nodes.has(t.node)))
        return t;
      return { ...t, status: 'Pending' as const, node: null };
    }),
  }));
  return { ...input, jobs };
}

class KueueSession {
  private readonly flavors: ReadonlyMap<string, ResourceFlavorSpec>;
  private readonly workloads: Workload[];
  private readonly attempts: JobAttempt[] = [];
  private readonly decisions: Decision[] = [];
  private readonly outcomes = new Map<Workload, Outcome>();
  /** Entries that preempted this session and wait for their victims (their claim holds in later cycles). */
  private readonly waiting: Entry[] = [];
  /** Tasks whose status or node this session changed. */
  private readonly changed = new Map<number, { status: TaskStatus; node: string | null }>();

  constructor(
    private readonly input: ProfileSessionInput,
    private readonly spec: KueueSpec,
  ) {
    this.flavors = new Map(spec.resourceFlavors.map((f) => [f.name, f]));
    const cqs = new Map(spec.clusterQueues.map((q) => [q.name, q]));
    const nodes = new Map(input.nodes.map((n) => [n.name, n]));
    this.workloads = input.jobs.map((j) => buildWorkload(j, cqs.get(j.spec.queue), this.flavors, nodes));
  }

  run(): ProfileSessionResult {
    const parked = new Set<Workload>();
    const pending = () =>
      this.workloads.filter((w) => w.admission === null && !w.finished && !parked.has(w) && !w.evicted);
    const limit = 2 * (this.workloads.length + 1);
    for (let cycle = 0; cycle < limit; cycle++) if (!this.cycle(pending(), parked)) break;
    this.place();
    return this.result();
  }

  /** One scheduling cycle; false when it changed nothing (nothing left to try this session). */
  private cycle(pending: readonly Workload[], parked: Set<Workload>): boolean {
    const heads = this.heads(pending, parked);
    if (heads.length === 0) return false;
    const snapshot = new Snapshot(this.spec, this.workloads);
    // scheduler.go:665-705 nominate: every head against the same snapshot.
    const entries: Entry[] = heads.map((wl) => {
      const assignment = assignFlavors(snapshot, wl, this.flavors);
      const targets =
        assignment.mode === 'Preempt'
          ? preemptionTargets(snapshot, {
              preemptor: wl,
              usage: assignment.usage,
              needPreemption: assignment.needPreemption,
            })
          : [];
      return { wl, assignment, usage: assignment.usage, targets, attempt: -1 };
    });
    // scheduler.go:1080-1085 makeIterator; :1110-1160 makeClassicalIterator (PrioritySortingWithinCohort is
    // on by default). Under fair sharing the classical order only picks which cohort tree goes first.
    entries.sort(
      (a, b) =>
        a.assignment.borrows - b.assignment.borrows ||
        b.wl.priority - a.wl.priority ||
        a.wl.createdMs - b.wl.createdMs ||
        byName(a.wl, b.wl),
    );
    const preempted = new Set<Workload>();
    // A Workload waiting for its victims is requeued at once (cluster_queue.go:826-836,
    // RequeueReasonPendingPreemption) and claims its quota and targets again in every later cycle
    // (scheduler.go:469-486); parked here for the session, it keeps the claim it made (decision 0323).
    for (const w of this.waiting) {
      for (const t of w.targets) preempted.add(t.workload);
      snapshot.addUsage(w.wl.cq, w.usage);
    }
    let progressed = false;
    if (snapshot.fairSharing === null) {
      for (const e of entries) if (this.process(e, snapshot, preempted, parked, null)) progressed = true;
      return progressed;
    }
    while (entries.length > 0) {
      const { entry, why } = popFair(snapshot, entries);
      if (this.process(entry, snapshot, preempted, parked, why)) progressed = true;
    }
    return progressed;
  }

  /** The head of every ClusterQueue (heads blocked under StrictFIFO stay blocked). */
  private heads(pending: readonly Workload[], parked: Set<Workload>): Workload[] {
    const byQueue = new Map<string, Workload[]>();
    for (const w of pending) byQueue.set(w.cq, [...(byQueue.get(w.cq) ?? []), w]);
    const blocked = new Set(
      [...parked]
        .filter(
          (w) =>
            this.spec.clusterQueues.find((q) => q.name === w.cq)?.queueingStrategy === 'StrictFIFO' &&
            w.admission === null,
        )
        .map((w) => w.cq),
    );
    const out: Workload[] = [];
    for (const q of [...this.spec.clusterQueues].sort(byName)) {
      if (blocked.has(q.name)) continue;
      const head = (byQueue.get(q.name) ?? []).sort(queueOrder)[0];
      if (head) out.push(head);
    }
    return out;
  }

  /**
   * processEntry (scheduler.go:392-523); true when the entry admitted, preempted or was parked. `order` is
   * why fair sharing picked it at this point of the cycle (null without fair sharing).
   */
  private process(
    e: Entry,
    s: Snapshot,
    preempted: Set<Workload>,
    parked: Set<Workload>,
    order: string | null,
  ): boolean {
    const because = order === null ? '' : `; ${order}`;
    const { wl, assignment } = e;
    const attempt = this.attempts.length;
    const record = (
      outcome: JobAttempt['outcome'],
      code: JobAttempt['code'],
      message: string,
      victims: VictimRecord[] = [],
    ) => {
      this.attempts.push({
        action: 'admit',
        job: wl.name,
        queue: wl.cq,
        tasks: wl.input.tasks.map((t) => t.spec.name),
        outcome,
        message,
        code,
        verdicts: [],
        victims,
        omittedVictims: 0,
        protectedVictims: 0,
      });
      const o = this.outcomes.get(wl) ?? { code: 'not-attempted', message: '', attempts: [] };
      o.attempts.push(attempt);
      this.outcomes.set(wl, o);
      return o;
    };
    if (assignment.mode === 'NoFit') {
      parked.add(wl);
      const o = record(
        'failed',
        'no-capacity',
        `not admitted to ClusterQueue ${wl.cq}: ${assignment.message}`,
      );
      o.code = 'no-capacity';
      o.message = `quota: ${assignment.message}`;
      return true;
    }
    if (assignment.mode === 'Preempt' && e.targets.length === 0) {
      parked.add(wl);
      const cqSpec = s.spec(wl.cq);
      // scheduler.go:437-442,547-557: unless it can always reclaim, the queue keeps this quota for the cycle.
      if (!canAlwaysReclaim(cqSpec)) s.addUsage(wl.cq, capacityToReserve(s.queue(wl.cq), assignment));
      const policies = cqSpec.preemption;
      const fs = s.fairSharing;
      // Under fair sharing borrowWithinCohort plays no part; the strategies decide (preemption.go:536-589).
      const rules =
        fs === null
          ? `withinClusterQueue=${policies?.withinClusterQueue}, reclaimWithinCohort=${policies?.reclaimWithinCohort}, borrowWithinCohort=${policies?.borrowWithinCohort.policy}`
          : `fair sharing: withinClusterQueue=${policies?.withinClusterQueue}, reclaimWithinCohort=${policies?.reclaimWithinCohort}; no ClusterQueue's share passes ${fs.preemptionStrategies.join(' or ')} against ${wl.cq}'s share with the workload`;
      const why = `needs preemption but no workload may be preempted (${rules}): ${assignment.message}`;
      const o = record('failed', 'no-eligible-victims', `not admitted to ClusterQueue ${wl.cq}: ${why}`);
      o.code = 'no-eligible-victims';
      o.message = why;
      return true;
    }
    // scheduler.go:469-476: targets already claimed by another entry this cycle.
    if (e.targets.some((t) => preempted.has(t.workload))) {
      record(
        'skipped',
        null,
        'skipped: its preemption targets overlap those of a workload handled earlier in this cycle',
      );
      return false;
    }
    if (!this.fits(s, wl, assignment.usage, preempted, e.targets)) {
      record('skipped', null, 'skipped: it no longer fits after a workload handled earlier in this cycle');
      return false;
    }
    for (const t of e.targets) preempted.add(t.workload);
    s.addUsage(wl.cq, assignment.usage);
    if (assignment.mode === 'Preempt') {
      parked.add(wl);
      this.waiting.push(e);
      const victims = e.targets.map((t) => this.evict(t, wl, attempt));
      const names = e.targets.map((t) => t.workload.name).join(', ');
      const o = record(
        'failed',
        'waiting-for-release',
        `preempted ${names} to fit in ClusterQueue ${wl.cq}; admitted once they have released their quota${because}`,
        victims,
      );
      o.code = 'waiting-for-release';
      o.message = `waits for the workloads it preempted (${names}) to release their quota`;
      return true;
    }
    wl.admission = { flavors: assignment.flavors, atMs: this.input.timeMs };
    record('allocated', null, `${describeAdmission(wl, assignment, s, this.spec)}${because}`);
    this.outcomes.delete(wl);
    return true;
  }

  /** scheduler.go:771-778 fits: the usage fits once this cycle's and this entry's targets are gone. */
  private fits(
    s: Snapshot,
    wl: Workload,
    usage: ReadonlyMap<FlavorResource, number>,
    preempted: ReadonlySet<Workload>,
    targets: readonly Target[],
  ): boolean {
    const gone = new Set([...preempted, ...targets.map((t) => t.workload)]);
    for (const v of gone) s.removeWorkload(v);
    const q = s.queue(wl.cq);
    let ok = true;
    for (const [fr, v] of usage) if (gt(v, available(q, fr))) ok = false;
    for (const v of gone) s.addWorkload(v);
    return ok;
  }

  /** Evicts a Workload whole: its running pods release, its pending pods stay pending, its quota frees when gone. */
  private evict(t: Target, by: Workload, attempt: number): VictimRecord {
    const v = t.workload;
    const reason = describeTarget(t, by);
    // preemption.go:217-222: a target already being evicted is not evicted again ("Preemption ongoing").
    const ongoing = v.evicted;
    v.evicted = true;
    for (const task of ongoing ? [] : v.input.tasks) {
      if (task.status !== 'Running') continue;
      this.changed.set(task.id, { status: 'Releasing', node: task.node });
      this.decisions.push({
        action: 'preempt',
        kind: 'evict',
        task: task.spec.name,
        job: v.name,
        node: task.node,
        by: by.name,
        reason,
        attempt,
      });
    }
    return {
      job: v.name,
      queue: v.cq,
      tasks: v.input.tasks.map((x) => x.spec.name),
      outcome: 'evicted',
      verdicts: [],
      message: ongoing ? `already being evicted; ${reason}` : reason,
    };
  }

  /** Pods of admitted Workloads onto nodes (placement.ts), Workloads in queue order. */
  private place(): void {
    const room = new NodeRoom(
      this.input.nodes,
      this.input.jobs.flatMap((j) => j.tasks),
    );
    const admitted = this.workloads.filter((w) => w.admission !== null && !w.evicted).sort(queueOrder);
    for (const w of admitted) {
      const labels = placementLabels(new Set(w.admission?.flavors.values()), this.flavors, w.nodeSelector);
      let unplaced = 0;
      for (const t of w.input.tasks) {
        if (t.status !== 'Pending') continue;
        const node = room.take(t.spec.resources, { ...labels, ...t.spec.nodeSelector });
        if (node === null) {
          unplaced++;
          continue;
        }
        this.changed.set(t.id, { status: 'Running', node });
        const flavors = [...new Set(w.admission?.flavors.values())].join(', ');
        this.decisions.push({
          action: 'admit',
          kind: 'bind',
          task: t.spec.name,
          job: w.name,
          node,
          by: null,
          reason: `admitted in ClusterQueue ${w.cq} (flavor ${flavors}); kube-scheduler placed the pod on ${node}, the first node by name with the flavor's labels and room`,
          attempt: null,
        });
      }
      if (unplaced > 0)
        this.outcomes.set(w, {
          code: 'unschedulable',
          message: `admitted (quota reserved), but ${unplaced} pod(s) found no node with the flavor's labels and room`,
          attempts: [],
        });
    }
  }

  /**
   * The quota every ClusterQueue and Cohort holds when the session ends, per `flavor/resource` (decision
   * 0312): the usage of the quota tree the next cycle would start from, built from the Workloads as this
   * session leaves them (admitted ones, and those being evicted, which hold quota until their pods are
   * gone), as upstream's cache keeps it (kueue pkg/cache/scheduler/snapshot.go, resource_node.go:144-165
   * @ff69552e). Reported so the property run can check it against the Workloads' states; zero entries left
   * out, keys in order (same input, same bytes).
   */
  private quotaHeld(): Map<string, Record<string, number>> {
    const tree = new Snapshot(this.spec, this.workloads).tree;
    const out = new Map<string, Record<string, number>>();
    for (const n of [...tree.cohorts.values(), ...tree.queues.values()]) {
      const usage: Record<string, number> = {};
      for (const fr of [...n.usage.keys()].sort()) {
        const v = n.usage.get(fr) ?? 0;
        if (Math.abs(v) > 1e-9) usage[fr] = v;
      }
      out.set(n.name, usage);
    }
    return out;
  }

  private result(): ProfileSessionResult {
    const tasks: ProfileTaskOutput[] = [];
    const phases = new Map<number, string>();
    const allocated = new Map<string, QueueResources>();
    const requested = new Map<string, QueueResources>();
    const names = [...this.spec.cohorts.map((c) => c.name), ...this.spec.clusterQueues.map((q) => q.name)];
    for (const n of names) {
      allocated.set(n, { gpu: 0, cpu: 0, memory: 0 });
      requested.set(n, { gpu: 0, cpu: 0, memory: 0 });
    }
    const parentOf = new Map<string, string | null>([
      ...this.spec.cohorts.map((c) => [c.name, c.parent] as const),
      ...this.spec.clusterQueues.map((q) => [q.name, q.cohort] as const),
    ]);
    const addUp = (m: Map<string, QueueResources>, queue: string, r: Readonly<Record<string, number>>) => {
      for (let at: string | null = queue; at !== null; at = parentOf.get(at) ?? null) {
        const f = m.get(at);
        if (f) for (const n of QUEUE_RESOURCE_NAMES) f[n] += r[n] ?? 0;
      }
    };
    const pendingOut: PendingExplanation[] = [];
    for (const w of this.workloads) {
      let waiting = false;
      for (const t of w.input.tasks) {
        const c = this.changed.get(t.id);
        const status = c?.status ?? t.status;
        tasks.push({ id: t.id, status, node: c?.node ?? t.node });
        if (status === 'Running') addUp(allocated, w.cq, t.spec.resources);
        if (status !== 'Succeeded') addUp(requested, w.cq, t.spec.resources);
        if (status === 'Pending') waiting = true;
      }
      phases.set(
        w.input.id,
        w.finished
          ? 'Finished'
          : w.admission !== null && !w.evicted
            ? admissionPhase(w.admission)
            : 'Pending',
      );
      if (!waiting) continue;
      const o = this.outcomes.get(w) ?? {
        code: 'not-attempted' as const,
        message:
          'not attempted this session (its ClusterQueue had another head, or is blocked under StrictFIFO)',
        attempts: [],
      };
      pendingOut.push({ job: w.name, queue: w.cq, code: o.code, message: o.message, attempts: o.attempts });
    }
    // Kueue computes no fair share without fair sharing: the card's band is the nominal quota (a cohort's
    // includes its subtree's), what the ClusterQueue is guaranteed.
    const nominal = new Map<string, QueueResources>(names.map((n) => [n, { gpu: 0, cpu: 0, memory: 0 }]));
    for (const o of [...this.spec.cohorts, ...this.spec.clusterQueues])
      for (const g of o.resourceGroups)
        for (const f of g.flavors)
          for (const q of f.resources) addUp(nominal, o.name, { [q.name]: q.nominalQuota });
    const held = this.quotaHeld();
    const shares = this.spec.fairSharing === null ? null : sessionShares(this.spec, this.workloads);
    const queues: ProfileQueueFigures[] = names.map((name) => {
      const share = shares?.get(name);
      return {
        name,
        fairShare: nominal.get(name) as QueueResources,
        allocated: allocated.get(name) as QueueResources,
        requested: requested.get(name) as QueueResources,
        quotaUsage: held.get(name) ?? {},
        ...(share === undefined ? {} : { sessionResolved: share }),
      };
    });
    const trace: SessionTrace = { attempts: this.attempts, pending: pendingOut };
    return { decisions: this.decisions, trace, tasks, phases, queues };
  }
}
