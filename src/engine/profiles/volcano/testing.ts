/**
 * Test helpers for the Volcano profile: scenarios written as data, run, and read back.
 */
import type { Simulation } from '../../api';
import type { JobAttempt, Verdict } from '../../model/trace';
import type { SessionSnapshot } from '../../model/snapshot';
import type { JobSpec } from '../../model/scenario';
import { run } from '../../testing/scenarioTest';

/** Runs a `profile: volcano` scenario (or kube-batch when `profile` is given). */
export function runVolcano(doc: Record<string, unknown>): Simulation {
  return run({ profile: 'volcano', run: { sessions: 1 }, ...doc });
}

export function bound(s: SessionSnapshot): string[] {
  return s.decisions.filter((d) => d.kind === 'bind').map((d) => d.task);
}

export function evicted(s: SessionSnapshot): string[] {
  return s.decisions.filter((d) => d.kind === 'evict').map((d) => d.task);
}

export function pipelined(s: SessionSnapshot): string[] {
  return s.decisions.filter((d) => d.kind === 'pipeline').map((d) => d.task);
}

export function phaseOf(s: SessionSnapshot, job: string): string | undefined {
  return s.jobs.find((j) => j.name === job)?.phase;
}

export function attemptsOf(s: SessionSnapshot, job: string, action?: string): JobAttempt[] {
  return s.trace.attempts.filter((a) => a.job === job && (action === undefined || a.action === action));
}

/** The session's combined verdict for a point (`plugin: 'session'`). */
export function sessionVerdict(a: JobAttempt, point: string): Verdict | undefined {
  return a.verdicts.find((v) => v.plugin === 'session' && v.point === point);
}

/** A bare job spec for unit tests of JobInfo (queue `q`, no tasks: the test adds TaskInfos). */
export function bareJobSpec(minAvailable: number, minTaskMember?: Record<string, number>): JobSpec {
  return {
    name: 'job-1',
    namespace: 'default',
    queue: 'q',
    priority: 0,
    priorityClassName: null,
    preemptible: true,
    preemptionPolicy: 'PreemptLowerPriority',
    minAvailable,
    minResources: null,
    phase: 'Running',
    submitAtMs: 0,
    startedAtMs: null,
    runtimeMs: null,
    annotations: {},
    tasks: [],
    ...(minTaskMember === undefined ? {} : { minTaskMember }),
  };
}
