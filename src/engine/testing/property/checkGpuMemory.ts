/**
 * KAI GPU-memory requests (§23.3): a placed task that asks for `m` MiB on `n` devices (`gpuMemoryDevices`,
 * default 1) holds exactly `n` distinct devices of its node, each with the share `m / D` where `D` is that
 * node's device memory (KAI api/node_info/node_info.go:727 @d5bc503 GetRequiredInitQuota: count × m / D;
 * gpu_sharing/gpuSharing.go:46-63 @d5bc503: `n` GPU groups). Read from the snapshot's device slots and the
 * scenario's written memories and counts, never from the engine's converted request.
 */
import { EPSILON } from '../../model/resources';
import type { Scenario } from '../../model/scenario';
import type { SessionSnapshot } from '../../model/snapshot';
import type { Violation } from './invariants';

export class GpuMemoryCheck {
  private readonly requestMiB = new Map<string, number>();
  private readonly requestDevices = new Map<string, number>();
  private readonly deviceMiB = new Map<string, number>();

  constructor(scenario: Scenario) {
    const jobs = [...scenario.jobs, ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
    for (const j of jobs)
      for (const t of j.tasks) {
        if (t.gpuMemoryMiB === undefined) continue;
        this.requestMiB.set(t.name, t.gpuMemoryMiB);
        this.requestDevices.set(t.name, t.gpuMemoryDevices ?? 1);
      }
    const nodes = [
      ...scenario.nodes,
      ...scenario.events.flatMap((e) => (e.kind === 'addNode' ? [e.node] : [])),
    ];
    // The label floored to whole hundreds of MiB, as KAI reads it (node_info.go:673 @d5bc503).
    for (const n of nodes)
      if (n.gpuMemoryMiB !== undefined) this.deviceMiB.set(n.name, n.gpuMemoryMiB - (n.gpuMemoryMiB % 100));
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
      const count = this.requestDevices.get(t.name) ?? 1;
      const distinct = new Set(t.gpus.map((g) => g.index)).size;
      const shares = t.gpus.every((g) => Math.abs(g.share - want) <= EPSILON);
      if (t.gpus.length !== count || distinct !== count || !shares)
        out.push({
          invariant: 'gpu-memory-devices',
          session: snap.index,
          message: `${t.name} asks for ${count} × ${mib} MiB on ${t.node} (${device} MiB devices) but holds ${JSON.stringify(t.gpus)}, not ${count} distinct device(s) with share ${want} each`,
        });
    }
  }
}
