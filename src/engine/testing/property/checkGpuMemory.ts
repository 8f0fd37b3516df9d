/**
 * KAI GPU-memory requests (§23.3): a placed task that asks for `m` MiB holds exactly one device of its node,
 * with the share `m / D` where `D` is that node's device memory (KAI GpuMemoryAsGpuFraction with the node's
 * memory, api/node_info/node_info.go GetRequiredInitQuota @d5bc503, one device). Read from the snapshot's
 * device slots and the scenario's written memories, never from the engine's converted request.
 */
import { EPSILON } from '../../model/resources';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

export class GpuMemoryCheck {
  private readonly requestMiB = new Map<string, number>();
  private readonly deviceMiB = new Map<string, number>();

  constructor(scenario: Scenario) {
    const jobs = [...scenario.jobs, ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
    for (const j of jobs)
      for (const t of j.tasks) if (t.gpuMemoryMiB !== undefined) this.requestMiB.set(t.name, t.gpuMemoryMiB);
    const nodes = [
      ...scenario.nodes,
      ...scenario.events.flatMap((e) => (e.kind === 'addNode' ? [e.node] : [])),
    ];
    for (const n of nodes) if (n.gpuMemoryMiB !== undefined) this.deviceMiB.set(n.name, n.gpuMemoryMiB);
  }

  update(snap: SessionSnapshot, out: Violation[]): void {
    if (this.requestMiB.size === 0) return;
    for (const t of snap.tasks) {
      const mib = this.requestMiB.get(t.name);
      if (mib === undefined || t.node === null || t.status === 'Pending' || t.status === 'Succeeded')
        continue;
      const device = this.deviceMiB.get(t.node);
      // A node that omits `gpu` has no device memory (§3): the fraction is checked only where it is stated.
      if (device === undefined) continue;
      const want = mib / device;
      const slot = t.gpus[0];
      if (t.gpus.length !== 1 || slot === undefined || Math.abs(slot.share - want) > EPSILON)
        out.push({
          invariant: 'gpu-memory-one-device',
          session: snap.index,
          message: `${t.name} asks for ${mib} MiB on ${t.node} (${device} MiB devices) but holds ${JSON.stringify(t.gpus)}, not one device with share ${want}`,
        });
    }
  }
}
