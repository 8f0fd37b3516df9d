/**
 * Checks name tasks, jobs, queues and nodes. A name the scenario never defines makes the check fail
 * for certain, which is almost always a typo: warn, naming it.
 */
import type { Scenario } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath } from './fieldPath';

/** The node value of `bound`/`pipelined` that accepts any node. */
export const ANY_NODE = 'any';

/** Warns about names in `expect` that no task, job, queue or node has, and sessions past the run. */
export function checkExpectReferences(scenario: Scenario, ctx: NormaliseContext): void {
  const jobs = [...scenario.jobs, ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : []))];
  const names = {
    task: new Set(jobs.flatMap((j) => j.tasks.map((t) => t.name))),
    job: new Set(jobs.map((j) => j.name)),
    queue: new Set(scenario.queues.map((q) => q.name)),
    node: new Set([
      ...scenario.nodes.map((n) => n.name),
      ...scenario.events.flatMap((e) => (e.kind === 'addNode' ? [e.node.name] : [])),
    ]),
  };
  const warnUnknown = (kind: keyof typeof names, name: string, path: FieldPath) => {
    if (!names[kind].has(name))
      ctx.sink.report('unknown-reference', path, `no ${kind} is named ${quote(name)}`);
  };

  scenario.expect.forEach((check, i) => {
    const path = ['expect', i];
    for (const task of Object.keys(check.tasks ?? {})) warnUnknown('task', task, [...path, 'tasks', task]);
    (check.evicted ?? []).forEach((task, k) => warnUnknown('task', task, [...path, 'evicted', k]));
    for (const key of ['bound', 'pipelined'] as const) {
      for (const [task, node] of Object.entries(check[key] ?? {})) {
        warnUnknown('task', task, [...path, key, task]);
        if (node !== ANY_NODE) warnUnknown('node', node, [...path, key, task]);
      }
    }
    for (const job of Object.keys(check.jobs ?? {})) warnUnknown('job', job, [...path, 'jobs', job]);
    for (const queue of Object.keys(check.queues ?? {}))
      warnUnknown('queue', queue, [...path, 'queues', queue]);
    if (check.session !== null && scenario.run.sessions !== null && check.session > scenario.run.sessions) {
      ctx.sink.report(
        'check-never-reached',
        [...path, 'session'],
        `session ${check.session} is never reached: the run has ${scenario.run.sessions} session${scenario.run.sessions === 1 ? '' : 's'}`,
      );
    }
  });
}
