/**
 * KAI's long-terminating pods (§23.4, #1578), checked from the snapshot and the session's trace, never from
 * the engine's state: a pod terminating longer than the threshold (StuckInReleasing) holds its node's
 * resources as used, so what is pipelined onto a node that has one fits next to everything Running there,
 * the stuck pods included (KAI pkg/scheduler/api/node_info/node_info.go:488-496 @d5bc503: only Releasing
 * adds to the releasing vector); and no terminating pod is evicted (it is not Running, so no action offers it
 * as a victim: the preempt/reclaim integration cases of #1578).
 */
import { EPSILON, RESOURCE_NAMES, zeroResources, type Resources } from '../../model/resources';
import type { SessionSnapshot, TaskState } from '../../model/snapshot';
import type { Violation } from './invariants';
import type { ScenarioFacts } from './sessionFacts';

/** A task the session opened as Releasing (terminating within the threshold): its room is being freed. */
export const isFreshlyTerminating = (t: TaskState): boolean => t.terminating?.status === 'Releasing';

export function checkStuckReleasing(snap: SessionSnapshot, facts: ScenarioFacts, out: Violation[]): void {
  const notes = snap.trace.terminating ?? [];
  if (notes.length === 0) return;
  const terminating = new Set(notes.map((n) => n.task));
  for (const d of snap.decisions)
    if (d.kind === 'evict' && terminating.has(d.task))
      out.push({
        invariant: 'terminating-pod-not-victim',
        session: snap.index,
        message: `${d.task} was evicted by ${d.action}, but it was already terminating (no action may choose it)`,
      });
  const stuckNodes = new Set(notes.filter((n) => n.status === 'StuckInReleasing').map((n) => n.node));
  const held = new Map<string, Resources>();
  const devices = new Map<string, number>();
  const pipelinedOn = new Set<string>();
  for (const t of snap.tasks) {
    if (t.node === null || !stuckNodes.has(t.node)) continue;
    if (t.status !== 'Running' && t.status !== 'Pipelined') continue;
    if (isFreshlyTerminating(t)) continue; // releasing room: a pipelined task may take it
    if (t.status === 'Pipelined') pipelinedOn.add(t.node);
    const sum = held.get(t.node) ?? zeroResources();
    const req = facts.heldOn(t.name, t.node) ?? zeroResources();
    for (const k of RESOURCE_NAMES) sum[k] += req[k];
    held.set(t.node, sum);
    for (const g of t.gpus)
      devices.set(`${t.node}#${g.index}`, (devices.get(`${t.node}#${g.index}`) ?? 0) + g.share);
  }
  const nodes = new Map(snap.nodes.map((n) => [n.name, n]));
  for (const name of pipelinedOn) {
    const cap = nodes.get(name)?.capacity;
    const sum = held.get(name);
    if (!cap || !sum) continue;
    for (const k of RESOURCE_NAMES)
      if (sum[k] > cap[k] + EPSILON)
        out.push({
          invariant: 'no-pipelining-onto-stuck',
          session: snap.index,
          message: `${name}: Running (stuck pods included) + Pipelined ${k} ${sum[k]} > capacity ${cap[k]}: a task was pipelined onto a StuckInReleasing pod's resources`,
        });
  }
  for (const [key, share] of devices)
    if (pipelinedOn.has(key.slice(0, key.lastIndexOf('#'))) && share > 1 + EPSILON)
      out.push({
        invariant: 'no-pipelining-onto-stuck',
        session: snap.index,
        message: `GPU ${key}: Running (stuck pods included) + Pipelined share ${share} > 1`,
      });
}
