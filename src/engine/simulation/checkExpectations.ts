/**
 * Evaluates a scenario's `expect` list (docs/scenario-format.md §8) against a finished run.
 */
import type { Simulation } from '../api';
import type { ExpectCheck } from '../model/scenario';
import type { SessionSnapshot } from '../model/snapshot';
import { plural } from '../../common/plural';

export interface CheckFailure {
  path: string;
  line: number | null;
  message: string;
}

const TOLERANCE = 1e-6;

export function checkExpectations(sim: Simulation, checks: readonly ExpectCheck[]): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const times = sim.markers().map((m) => m.timeMs);
  const cache = new Map<number, SessionSnapshot>();
  const snapshot = (i: number): SessionSnapshot => {
    let s = cache.get(i);
    if (!s) {
      s = sim.snapshot(i);
      cache.set(i, s);
    }
    return s;
  };
  for (const check of checks) {
    let index: number;
    if (check.session !== null) {
      index = check.session;
    } else {
      const at = check.atMs ?? 0;
      index = 0;
      times.forEach((t, i) => {
        if (t <= at) index = i + 1;
      });
    }
    const where = whereOf(check, index);
    const messages =
      index < 1 || index > times.length
        ? [noSuchSession(where, times.length)]
        : checkSession(check, snapshot(index), where);
    for (const message of messages) failures.push({ path: check.path, line: check.line, message });
  }
  return failures;
}

/** A simulation run a session at a time that can tell when its next session would run. */
export interface SteppedSimulation extends Simulation {
  nextSessionTimeMs(): number;
}

/**
 * The same failures as {@link checkExpectations}, in the same order, evaluated while `sim` runs to its end
 * (the runner's `check` with a simulator that keeps only the latest session, decision 0125): a check on
 * session N is evaluated right after session N; a check `at: D` right after the last session whose time is
 * ≤ D, known once the next session would run after D or the run is over. A snapshot is built only for a
 * session some check reads. Returns the failures and the number of sessions run.
 */
export function checkWhileRunning(
  sim: SteppedSimulation,
  checks: readonly ExpectCheck[],
): { failures: CheckFailure[]; sessions: number } {
  const results: (string[] | undefined)[] = checks.map(() => undefined);
  for (;;) {
    // The session step() runs is at the time it announced (Simulator.step).
    const timeMs = sim.nextSessionTimeMs();
    if (!sim.step()) break;
    const index = sim.sessionCount();
    let s: SessionSnapshot | undefined;
    let last: boolean | undefined;
    checks.forEach((check, i) => {
      if (check.session !== null) {
        if (check.session !== index) return;
      } else {
        const at = check.atMs ?? 0;
        if (timeMs > at) return;
        last ??= sim.isFinished();
        if (!last && sim.nextSessionTimeMs() <= at) return;
      }
      s ??= sim.snapshot(index);
      results[i] = checkSession(check, s, whereOf(check, index));
    });
  }
  const sessions = sim.sessionCount();
  const failures: CheckFailure[] = [];
  checks.forEach((check, i) => {
    // Never evaluated: the session does not exist (a time before the first session counts as session 0).
    const messages = results[i] ?? [noSuchSession(whereOf(check, check.session ?? 0), sessions)];
    for (const message of messages) failures.push({ path: check.path, line: check.line, message });
  });
  return { failures, sessions };
}

function whereOf(check: ExpectCheck, index: number): string {
  return check.session !== null ? `session ${check.session}` : `at ${check.atMs}ms (session ${index})`;
}

function noSuchSession(where: string, sessions: number): string {
  return `${where}: the run has ${plural(sessions, 'session')}; no such session`;
}

/** What one check finds wrong in the session it reads (empty when it holds). */
function checkSession(check: ExpectCheck, s: SessionSnapshot, where: string): string[] {
  const out: string[] = [];
  const fail = (message: string): void => {
    out.push(message);
  };
  const tasks = new Map(s.tasks.map((t) => [t.name, t]));
  for (const [name, status] of Object.entries(check.tasks ?? {})) {
    const t = tasks.get(name);
    if (!t) fail(`${where}: task ${name} does not exist`);
    else if ((t.terminating?.status ?? t.status) !== status)
      // A terminating pod (§23.4) is Releasing or StuckInReleasing, as KAI names it.
      fail(`${where}: task ${name} is ${t.terminating?.status ?? t.status}, expected ${status}`);
  }
  if (check.evicted) {
    const got = s.decisions.filter((d) => d.kind === 'evict').map((d) => d.task);
    const want = [...check.evicted];
    if (!sameSet(got, want))
      fail(
        `${where}: evicted [${[...new Set(got)].sort().join(', ')}], expected [${[...want].sort().join(', ')}]`,
      );
  }
  for (const [kind, map] of [
    ['bind', check.bound],
    ['pipeline', check.pipelined],
  ] as const) {
    for (const [task, node] of Object.entries(map ?? {})) {
      const d = s.decisions.find((x) => x.kind === kind && x.task === task);
      if (!d) fail(`${where}: ${task} was not ${kind === 'bind' ? 'bound' : 'pipelined'} in this session`);
      else if (node !== 'any' && d.node !== node)
        fail(`${where}: ${task} ${kind === 'bind' ? 'bound' : 'pipelined'} to ${d.node}, expected ${node}`);
    }
  }
  const jobs = new Map(s.jobs.map((j) => [j.name, j]));
  for (const [name, want] of Object.entries(check.jobs ?? {})) {
    const j = jobs.get(name);
    if (!j) {
      fail(`${where}: job ${name} does not exist`);
      continue;
    }
    if (want.phase !== undefined && j.phase !== want.phase)
      fail(`${where}: job ${name} phase is ${j.phase}, expected ${want.phase}`);
    if (want.running !== undefined && j.running !== want.running)
      fail(`${where}: job ${name} has ${plural(j.running, 'running task')}, expected ${want.running}`);
  }
  const queues = new Map(s.queues.map((q) => [q.name, q]));
  for (const [name, want] of Object.entries(check.queues ?? {})) {
    const q = queues.get(name);
    if (!q) {
      fail(`${where}: queue ${name} does not exist`);
      continue;
    }
    for (const field of ['fairShare', 'allocated'] as const) {
      for (const [r, v] of Object.entries(want[field] ?? {})) {
        const got = q[field][r as 'gpu' | 'cpu' | 'memory'];
        if (Math.abs(got - (v as number)) > TOLERANCE)
          fail(`${where}: queue ${name} ${field}.${r} is ${got}, expected ${v}`);
      }
    }
  }
  return out;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}
