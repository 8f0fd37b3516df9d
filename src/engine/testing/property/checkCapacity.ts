/**
 * Capacity invariants, from independently recomputed sums of the snapshot's tasks: nodes (Running+Releasing
 * still occupy a node; Running+Pipelined must fit once the releasing tasks are gone), GPU devices, and queue
 * limits (KAI checks a queue's max-allowed before placing a job, in every action and for pipelining too).
 */
import { EPSILON, RESOURCE_NAMES, zeroResources, type Resources } from '../../model/resources';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';
import { queuePathIn, type ScenarioFacts } from './sessionFacts';
import { queueSums } from './queueSums';
import { isFreshlyTerminating } from './checkStuckReleasing';

export function checkNodeCapacity(snap: SessionSnapshot, facts: ScenarioFacts, out: Violation[]): void {
  const nodes = new Map(snap.nodes.map((n) => [n.name, n]));
  const held = new Map<string, Resources>();
  const promised = new Map<string, Resources>();
  const heldDev = new Map<string, number>();
  const promisedDev = new Map<string, number>();
  const add = (m: Map<string, Resources>, node: string, r: Resources) => {
    const sum = m.get(node) ?? zeroResources();
    for (const k of RESOURCE_NAMES) sum[k] += r[k];
    m.set(node, sum);
  };
  for (const t of snap.tasks) {
    if (t.node === null || t.status === 'Pending' || t.status === 'Succeeded') continue;
    const node = nodes.get(t.node);
    if (!node) {
      out.push({
        invariant: 'task-on-live-node',
        session: snap.index,
        message: `${t.name} is ${t.status} on ${t.node}, which does not exist`,
      });
      continue;
    }
    const req = facts.heldOn(t.name, t.node) ?? zeroResources();
    // A pod terminating within KAI's threshold is Releasing to the session (§23.4), though it stays Running.
    const status = isFreshlyTerminating(t) ? 'Releasing' : t.status;
    if (status !== 'Pipelined') add(held, t.node, req);
    if (status !== 'Releasing') add(promised, t.node, req);
    for (const g of t.gpus) {
      if (g.index < 0 || g.index >= node.gpuDevices)
        out.push({
          invariant: 'gpu-device-capacity',
          session: snap.index,
          message: `${t.name} uses GPU ${g.index} of ${t.node}, which has ${node.gpuDevices}`,
        });
      const key = `${t.node}#${g.index}`;
      if (status !== 'Pipelined') heldDev.set(key, (heldDev.get(key) ?? 0) + g.share);
      if (status !== 'Releasing') promisedDev.set(key, (promisedDev.get(key) ?? 0) + g.share);
    }
  }
  for (const [what, sums] of [
    ['Running+Releasing', held],
    ['Running+Pipelined', promised],
  ] as const) {
    for (const [name, sum] of sums) {
      const cap = (nodes.get(name) as { capacity: Resources }).capacity;
      for (const k of RESOURCE_NAMES) {
        if (sum[k] > cap[k] + EPSILON)
          out.push({
            invariant: 'node-capacity',
            session: snap.index,
            message: `${name}: ${what} ${k} ${sum[k]} > capacity ${cap[k]}`,
          });
      }
    }
  }
  for (const [what, sums] of [
    ['Running+Releasing', heldDev],
    ['Running+Pipelined', promisedDev],
  ] as const) {
    for (const [key, share] of sums) {
      if (share > 1 + EPSILON)
        out.push({
          invariant: 'gpu-device-capacity',
          session: snap.index,
          message: `GPU ${key}: ${what} share ${share} > 1`,
        });
    }
  }
}

/**
 * For every queue on the path of a job that had a task bound or pipelined in this session, and every
 * resource that placement requested, Running+Pipelined of the queue's subtree ≤ its limit (when limited).
 */
export function checkQueueLimits(snap: SessionSnapshot, facts: ScenarioFacts, out: Violation[]): void {
  const sums = queueSums(snap, facts);
  if (sums === null) return;
  const { placedIn, used } = sums;
  const jobQueue = new Map(snap.jobs.map((j) => [j.name, j.queue]));
  for (const q of snap.queues) {
    const placed = placedIn.get(q.name);
    if (!placed) continue;
    for (const k of placed) {
      const limit = q.limit[k];
      const sum = used.get(q.name)?.[k] ?? 0;
      if (limit >= 0 && sum > limit + EPSILON) {
        const by = snap.decisions
          .filter(
            (d) =>
              (d.kind === 'bind' || d.kind === 'pipeline') &&
              queuePathIn(snap, jobQueue.get(d.job) ?? '').includes(q.name),
          )
          .map((d) => `${d.action}:${d.kind} ${d.task}`);
        out.push({
          invariant: 'queue-limit',
          session: snap.index,
          message: `queue ${q.name}: Running+Pipelined ${k} ${sum} > limit ${limit} after ${by.join(', ')}`,
        });
      }
    }
  }
}

/**
 * KAI pipelines a task only when it fits on idle plus releasing capacity but not on idle alone (allocate
 * §1.4); a gang's allocated tasks may be converted to pipelined with it, so the rule is per job: at least
 * one of its Pipelined tasks sits on a node where capacity is being released. That capacity is a task
 * Releasing there, or a task evicted from there in this session and moved elsewhere by consolidation (the
 * snapshot shows a moved task at its new place). A moved victim itself is pipelined wherever it lands: its old
 * pod must terminate before it is recreated (§1.4, "victims moved (evicted + recreated on the pipelined node)").
 * And the preemptor of an eviction in this session is pipelined wherever its victim simulation placed it (§1.5,
 * §4.3: "jobs started by reclaim/preempt are pipelined first"), which may be idle capacity when the victims made
 * room under a queue limit rather than on a node.
 */
export function checkPipelining(snap: SessionSnapshot, out: Violation[]): void {
  const releasing = new Set(
    snap.tasks.flatMap((t) =>
      (t.status === 'Releasing' || isFreshlyTerminating(t)) && t.node !== null ? [t.node] : [],
    ),
  );
  const evictedNow = new Set<string>();
  const preemptors = new Set<string>();
  for (const d of snap.decisions) {
    if (d.kind !== 'evict') continue;
    evictedNow.add(d.task);
    if (d.node !== null) releasing.add(d.node);
    if (d.by !== null) preemptors.add(d.by);
  }
  const pipelined = new Map<string, string[]>();
  const moved = new Set<string>();
  for (const t of snap.tasks) {
    if (t.status !== 'Pipelined' || t.node === null) continue;
    pipelined.set(t.job, [...(pipelined.get(t.job) ?? []), t.node]);
    if (evictedNow.has(t.name)) moved.add(t.job);
  }
  for (const [job, nodes] of pipelined) {
    if (moved.has(job) || preemptors.has(job) || nodes.some((n) => releasing.has(n))) continue;
    out.push({
      invariant: 'pipelined-onto-releasing',
      session: snap.index,
      message: `${job} is Pipelined on ${[...new Set(nodes)].join(', ')} where nothing is being released`,
    });
  }
}
