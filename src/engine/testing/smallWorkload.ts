/**
 * A small seeded workload (§19) for the replicate tests: one queue on 8 GPUs, up to 20 jobs of 1 or 4 GPUs
 * arriving over 10 minutes, seed 40, 30 sessions. `variants` (YAML lines) are added before `run`.
 */
export function smallWorkloadText(variants: readonly string[] = []): string {
  return [
    'version: 1',
    'seed: 40',
    'nodes: [{name: n0, resources: {gpu: 8}}]',
    'queues: [{name: q}]',
    'workload:',
    '  - queue: q',
    '    until: 10m',
    '    maxJobs: 20',
    '    arrivals: {ratePerHour: 60}',
    '    gpus: [{value: 1, weight: 1}, {value: 4, weight: 1}]',
    '    runtime: {fixed: 2m}',
    ...(variants.length > 0 ? ['variants:', ...variants] : []),
    'run: {sessions: 30}',
    '',
  ].join('\n');
}
