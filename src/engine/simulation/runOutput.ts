/**
 * The runner's JSON document (docs/scenario-format.md §9): per session, the committed decisions, every
 * task's status, job phases and start times, and per-queue fair share and allocation. Field order is fixed
 * so that the output is byte-identical run to run.
 */
import type { Scenario } from '../model/scenario';
import type { SessionSnapshot } from '../model/snapshot';
import { compactResources } from '../model/resources';
import { ENGINE_VERSION } from '../version';

export { ENGINE_VERSION };
export const FORMAT_VERSION = 1;

export interface RunDocument {
  formatVersion: number;
  engineVersion: string;
  scenario: string;
  profile: string;
  sessions: SessionDocument[];
}

export interface SessionDocument {
  index: number;
  time: number;
  decisions: {
    action: string;
    kind: string;
    task: string;
    job: string;
    node: string | null;
    by: string | null;
    reason: string;
  }[];
  tasks: { name: string; job: string; status: string; node: string | null }[];
  jobs: { name: string; queue: string; phase: string; startedAt: number | null }[];
  queues: { name: string; fairShare: Record<string, number>; allocated: Record<string, number> }[];
}

export function sessionDocument(s: SessionSnapshot): SessionDocument {
  return {
    index: s.index,
    time: s.timeMs,
    decisions: s.decisions.map((d) => ({
      action: d.action,
      kind: d.kind,
      task: d.task,
      job: d.job,
      node: d.node,
      by: d.by,
      reason: d.reason,
    })),
    tasks: s.tasks.map((t) => ({ name: t.name, job: t.job, status: t.status, node: t.node })),
    jobs: s.jobs.map((j) => ({ name: j.name, queue: j.queue, phase: j.phase, startedAt: j.startedAtMs })),
    queues: s.queues.map((q) => ({
      name: q.name,
      fairShare: compactResources(q.fairShare),
      allocated: compactResources(q.allocated),
    })),
  };
}

export function runDocument(scenario: Scenario, sessions: SessionSnapshot[]): RunDocument {
  return {
    formatVersion: FORMAT_VERSION,
    engineVersion: ENGINE_VERSION,
    scenario: scenario.name,
    profile: scenario.profile,
    sessions: sessions.map(sessionDocument),
  };
}
