/**
 * kube-batch `proportion`: the deserved shares hand out no more than the cluster has. Its loop moves
 * `remaining × weight/totalWeight` from `remaining` into the queues' deserved each round and gives back only
 * what `Min` cuts (kube-batch pkg/scheduler/plugins/proportion/proportion.go:101-154 @86b2ba21; decision
 * 0259), so in every dimension the cluster bounds (finite total over the session's nodes) the queues' fair
 * shares sum to at most that total, and every share is finite and not negative.
 */
import { QUEUE_RESOURCE_NAMES } from '../../../model/resources';
import { VOLCANO_TOLERANCE } from '../../../framework/NodeAccount';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { Violation } from '../../../testing/property/invariants';

export function checkKubeBatchShares(snap: SessionSnapshot, out: Violation[]): void {
  for (const k of QUEUE_RESOURCE_NAMES) {
    let total = 0;
    for (const n of snap.nodes) total += n.capacity[k];
    let sum = 0;
    for (const q of snap.queues) {
      const v = q.fairShare[k];
      if (!Number.isFinite(v) || v < 0)
        out.push({
          invariant: 'kube-batch-shares',
          session: snap.index,
          message: `queue ${q.name}: fair share ${k} ${v} is not a finite, non-negative figure`,
        });
      else sum += v;
    }
    // The loop's own sums round per queue; allow one tolerance unit per queue.
    if (Number.isFinite(total) && sum > total + VOLCANO_TOLERANCE[k] * (snap.queues.length + 1))
      out.push({
        invariant: 'kube-batch-shares',
        session: snap.index,
        message: `fair shares sum to ${sum} ${k}, more than the cluster's ${total}`,
      });
  }
}
