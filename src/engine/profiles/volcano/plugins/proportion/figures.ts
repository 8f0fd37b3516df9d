/**
 * Queue figures the proportion plugin computes at session open (reference §4.5): real capability, and
 * the deserved share by water-filling.
 */
import { RESOURCE_NAMES, type Resources } from '../../../../model/resources';
import { VOLCANO_TOLERANCE } from '../../../../framework/NodeAccount';

export interface WaterFillQueue {
  name: string;
  weight: number;
  request: Resources;
  realCapability: Resources;
  guarantee: Resources;
  deserved: Resources;
}

function equal(a: Resources, b: Resources): boolean {
  for (const n of RESOURCE_NAMES) {
    if (a[n] === b[n]) continue;
    if (Math.abs(a[n] - b[n]) > VOLCANO_TOLERANCE[n]) return false;
  }
  return true;
}

function lessEqualZero(l: Resources, r: Resources): boolean {
  for (const n of RESOURCE_NAMES) if (l[n] > r[n] + VOLCANO_TOLERANCE[n]) return false;
  return true;
}

/**
 * Water-filling (proportion.go OnSessionOpen): every round each unmet queue gets remaining × weight / W,
 * clamped to its real capability and its request, raised to its guarantee; a queue is met when its request
 * fits its deserved or its deserved did not change. All queues of a round see the same remaining; the
 * loop stops when remaining is empty or unchanged. Infinite (unconstrained) dimensions stay infinite in
 * `remaining` and are clamped by the request.
 */
export function waterFill(queues: WaterFillQueue[], total: Resources): void {
  const remaining = { ...total };
  const met = new Set<string>();
  for (let guard = 0; guard < 10_000; guard++) {
    let w = 0;
    for (const q of queues) if (!met.has(q.name)) w += q.weight;
    if (w === 0) break;
    const old = { ...remaining };
    const inc: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
    const dec: Resources = { gpu: 0, cpu: 0, memory: 0, pods: 0 };
    for (const q of queues) {
      if (met.has(q.name)) continue;
      const before = { ...q.deserved };
      for (const n of RESOURCE_NAMES) {
        let d = q.deserved[n] + (Number.isFinite(remaining[n]) ? (remaining[n] * q.weight) / w : Infinity);
        d = Math.min(d, q.realCapability[n]);
        d = Math.min(d, q.request[n]);
        d = Math.max(d, q.guarantee[n]);
        q.deserved[n] = d;
      }
      if (lessEqualZero(q.request, q.deserved) || equal(q.deserved, before)) met.add(q.name);
      for (const n of RESOURCE_NAMES) {
        const diff = q.deserved[n] - before[n];
        if (diff > 0) inc[n] += diff;
        else dec[n] -= diff;
      }
    }
    let empty = true;
    for (const n of RESOURCE_NAMES) {
      if (Number.isFinite(remaining[n])) remaining[n] = Math.max(remaining[n] - inc[n] + dec[n], 0);
      if (remaining[n] >= VOLCANO_TOLERANCE[n]) empty = false;
    }
    if (empty || equal(remaining, old)) break;
  }
}
