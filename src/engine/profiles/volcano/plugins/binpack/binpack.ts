/**
 * `binpack` plugin (`plugins/binpack/binpack.go`, reference §4.9): prefers fuller nodes. For each
 * resource the task requests that has a weight: allocatable 0 → contributes 0 but its weight still counts;
 * request + used > allocatable → the whole score is 0; else (request + used) × weight / allocatable.
 * score = Σ / Σ weights × 100 × `binpack.weight`. Registered only when `binpack.weight` ≠ 0.
 */
import type { ResourceName } from '../../../../model/resources';
import type { VolcanoPlugin, VolcanoPluginFactory } from '../../framework/Plugin';

function num(args: Record<string, unknown>, key: string, def: number): number {
  const v = args[key];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : def;
}

export const createBinpackPlugin: VolcanoPluginFactory = (config): VolcanoPlugin => ({
  name: 'binpack',
  onSessionOpen(ssn, self) {
    const a = config.arguments;
    const weight = num(a, 'binpack.weight', 1);
    if (weight === 0) return;
    // Negative cpu/memory weights fall back to 1, as upstream.
    const cpu = num(a, 'binpack.cpu', 1);
    const memory = num(a, 'binpack.memory', 1);
    const w: Partial<Record<ResourceName, number>> = {
      cpu: cpu < 0 ? 1 : cpu,
      memory: memory < 0 ? 1 : memory,
    };
    // Extra resources: `binpack.resources: nvidia.com/gpu` with `binpack.resources.nvidia.com/gpu: 2`.
    const extra =
      typeof a['binpack.resources'] === 'string' ? (a['binpack.resources'] as string).split(',') : [];
    for (const raw of extra) {
      const name = raw.trim();
      const key: ResourceName | null =
        name === 'nvidia.com/gpu' || name === 'gpu' ? 'gpu' : name === 'pods' ? 'pods' : null;
      if (!key) continue;
      const v = num(a, `binpack.resources.${name}`, 1);
      w[key] = v < 0 ? 1 : v;
    }
    ssn.add('nodeOrder', self, (task, node) => {
      let score = 0;
      let weights = 0;
      for (const [n, rw] of Object.entries(w) as [ResourceName, number][]) {
        const req = task.req[n];
        if (!(req > 0) || rw === 0) continue;
        weights += rw;
        const alloc = node.account.allocatable[n];
        if (alloc === 0 || !Number.isFinite(alloc)) continue;
        const used = node.account.used[n] + req;
        if (used > alloc) return 0;
        score += (used * rw) / alloc;
      }
      return weights === 0 ? 0 : (score / weights) * 100 * weight;
    });
  },
});
