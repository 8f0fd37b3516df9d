/**
 * Scenario text for the runner's long-run reproducers (issue 18): many tasks × many sessions, written as
 * a person would (block YAML, a few queues, jobs that run for a while and others waiting behind them), so
 * that every session changes something and every task is listed in every session of `sim run`. Used by
 * the long-run tests and by scripts/long-run-scenarios.ts; never written to the repository at full size.
 */
export interface LongRunShape {
  /** Tasks in the scenario (jobs of `tasksPerJob` tasks; the last one may be smaller). */
  tasks: number;
  /** `run.sessions`. */
  sessions: number;
  /** Tasks per job (default 4). */
  tasksPerJob?: number;
  /** Leaf queues (default 4). */
  queues?: number;
}

/**
 * Nodes hold about half the tasks' GPUs, so half the jobs run and half wait; two jobs in three run for 5
 * to 40 sessions and the third runs forever, so placements and completions happen early and running jobs
 * (whose progress changes every session) remain to the end of any run length.
 */
export function longRunScenario(shape: LongRunShape): string {
  const perJob = shape.tasksPerJob ?? 4;
  const queues = shape.queues ?? 4;
  const jobs = Math.ceil(shape.tasks / perJob);
  const nodes = Math.min(10_000, Math.max(1, Math.ceil(shape.tasks / 2 / 8)));
  const lines: string[] = [
    'version: 1',
    `name: long run ${shape.tasks} tasks x ${shape.sessions} sessions`,
    'profile: kai',
    'scheduler:',
    '  actions: [allocate, reclaim, preempt]',
    '  schedulePeriod: 10s',
    'nodes:',
    `  - {name: n, count: ${nodes}, resources: {gpu: 8, cpu: 64, memory: 512Gi}}`,
    'queues:',
  ];
  for (let q = 0; q < queues; q++)
    lines.push(`  - {name: q${q}, resources: {gpu: {quota: ${Math.floor((nodes * 8) / queues)}}}}`);
  lines.push('jobs:');
  let left = shape.tasks;
  for (let j = 0; j < jobs; j++) {
    const n = Math.min(perJob, left);
    left -= n;
    const runtime = j % 3 === 2 ? '' : `, runtime: ${10 * (5 + ((j * 7) % 36))}s`;
    lines.push(
      `  - {name: j${j}, queue: q${j % queues}, tasks: ${n}, resources: {gpu: 1, cpu: 1}${runtime}, submitAt: ${10 * (j % 50)}s}`,
    );
  }
  lines.push(`run: {sessions: ${shape.sessions}}`, '');
  return lines.join('\n');
}
