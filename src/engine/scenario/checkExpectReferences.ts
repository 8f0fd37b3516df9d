/**
 * Checks name tasks, jobs, queues and nodes. A name the scenario never defines makes the check fail
 * for certain, which is almost always a typo: warn, naming it.
 */
import type { ExpectCheck, Scenario } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath } from './fieldPath';

/** The node value of `bound`/`pipelined` that accepts any node. */
export const ANY_NODE = 'any';

/**
 * Warns about names in `expect` and in lesson choices that no task, job, queue or node has, and sessions
 * past the run; a lesson step selecting an unknown job, queue or node is an error.
 */
export function checkExpectReferences(scenario: Scenario, ctx: NormaliseContext): void {
  // The name sets are built on the first name to look up: a scenario without checks or lesson steps (a
  // 140,000-pod cluster) skips four sets of every name (decision 0336).
  type Kind = 'task' | 'job' | 'queue' | 'node';
  let sets: Record<Kind, Set<string>> | null = null;
  const namesOf = (kind: Kind): Set<string> => {
    if (sets === null) {
      const jobs = [
        ...scenario.jobs,
        ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job] : [])),
      ];
      sets = {
        task: new Set(jobs.flatMap((j) => j.tasks.map((t) => t.name))),
        job: new Set(jobs.map((j) => j.name)),
        queue: new Set(scenario.queues.map((q) => q.name)),
        node: new Set([
          ...scenario.nodes.map((n) => n.name),
          ...scenario.events.flatMap((e) => (e.kind === 'addNode' ? [e.node.name] : [])),
        ]),
      };
    }
    return sets[kind];
  };
  const warnUnknown = (kind: Kind, name: string, path: FieldPath) => {
    if (!namesOf(kind).has(name))
      ctx.sink.report('unknown-reference', path, `no ${kind} is named ${quote(name)}`);
  };

  const checkClaims = (check: ExpectCheck, path: FieldPath) => {
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
  };

  scenario.expect.forEach((check, i) => {
    const path = ['expect', i];
    checkClaims(check, path);
    if (check.session !== null && scenario.run.sessions !== null && check.session > scenario.run.sessions) {
      ctx.sink.report(
        'check-never-reached',
        [...path, 'session'],
        `session ${check.session} is never reached: the run has ${scenario.run.sessions} session${scenario.run.sessions === 1 ? '' : 's'}`,
      );
    }
  });

  // Lesson steps (§14): a target the scenario never defines selects nothing, so it is an error; a session
  // past the run's last possible one is a warning, as for checks.
  const lastSession = lastPossibleSession(scenario);
  const errorUnknown = (kind: 'job' | 'queue' | 'node', name: string, path: FieldPath) => {
    if (!namesOf(kind).has(name))
      ctx.sink.report('unknown-lesson-target', path, `no ${kind} is named ${quote(name)}`);
  };
  const warnPastEnd = (session: number, path: FieldPath) => {
    if (lastSession !== null && session > lastSession)
      ctx.sink.report(
        'lesson-session-never-reached',
        path,
        `session ${session} is never reached: the run has at most ${lastSession} session${lastSession === 1 ? '' : 's'}`,
      );
  };
  scenario.lesson.forEach((step, i) => {
    const path = ['lesson', i];
    if (step.session !== null) warnPastEnd(step.session, [...path, 'session']);
    const target = step.select;
    if (target !== null) {
      if (target.kind === 'pair') {
        errorUnknown('job', target.preemptor, [...path, 'select', 'pair', 'preemptor']);
        errorUnknown('job', target.victim, [...path, 'select', 'pair', 'victim']);
      } else {
        errorUnknown(target.kind, target.name, [...path, 'select', target.kind]);
      }
    }
    if (step.ask !== null) {
      warnPastEnd(step.ask.revealSession, [...path, 'ask', 'reveal']);
      step.ask.choices.forEach((choice, k) => checkClaims(choice.check, [...path, 'ask', 'choices', k]));
    }
  });
}

/**
 * The last session a run can reach, when the scenario bounds it: `sessions`, else the sessions of `until`
 * (one per period from t=0), else `maxSessions`. The run may stop earlier (nothing left to do).
 */
function lastPossibleSession(scenario: Scenario): number | null {
  const { run, scheduler } = scenario;
  if (run.sessions !== null) return run.sessions;
  if (run.untilMs !== null && scheduler.schedulePeriodMs > 0)
    return Math.min(run.maxSessions, Math.floor(run.untilMs / scheduler.schedulePeriodMs) + 1);
  return run.maxSessions;
}
