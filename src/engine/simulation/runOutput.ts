/**
 * The runner's JSON document (docs/scenario-format.md §9): per session, the committed decisions, every
 * task's status, job phases and start times, and per-queue fair share and allocation. Field order is fixed
 * so that the output is byte-identical run to run.
 */
import {
  QUEUE_RESOURCE_NAMES,
  type QueueResourceName,
  type QueueResources,
  type Resources,
} from '../model/resources';
import type { JobSpec, NodeSpec, QueueSpec, Scenario } from '../model/scenario';
import type { SessionSnapshot } from '../model/snapshot';
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
    /** The node pool whose scheduler decided (§24); only in scenarios with `nodePools`. */
    pool?: string;
  }[];
  tasks: { name: string; job: string; status: string; node: string | null }[];
  jobs: { name: string; queue: string; phase: string; startedAt: number | null }[];
  queues: {
    name: string;
    fairShare: Record<string, number>;
    allocated: Record<string, number>;
    /**
     * KAI time-based fair share only (a configuration with `usageDBConfig`; docs §9.1): the queue's
     * historical usage as a fraction of the cluster that this session's fair share weighed. Absent
     * otherwise, so documents of scenarios without usage are unchanged.
     */
    usage?: Record<string, number>;
  }[];
}

/**
 * `used` lists the resources written in the queues' figures: every one the scenario uses (see
 * {@link usedResources}), zero amounts included (`{"gpu": 0}`, never `{}`; docs §9, conformance FS1h).
 */
export function sessionDocument(
  s: SessionSnapshot,
  used: readonly QueueResourceName[] = QUEUE_RESOURCE_NAMES,
): SessionDocument {
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
      ...(d.pool === undefined ? {} : { pool: d.pool }),
    })),
    tasks: s.tasks.map((t) => ({ name: t.name, job: t.job, status: t.status, node: t.node })),
    jobs: s.jobs.map((j) => ({ name: j.name, queue: j.queue, phase: j.phase, startedAt: j.startedAtMs })),
    queues: s.queues.map((q) => ({
      name: q.name,
      fairShare: amounts(q.fairShare, used),
      allocated: amounts(q.allocated, used),
      ...(q.timeAware ? { usage: amounts(q.timeAware.usage, used) } : {}),
    })),
  };
}

export function runDocument(scenario: Scenario, sessions: SessionSnapshot[]): RunDocument {
  const used = usedResources(scenario);
  return {
    formatVersion: FORMAT_VERSION,
    engineVersion: ENGINE_VERSION,
    scenario: scenario.name,
    profile: scenario.profile,
    sessions: sessions.map((s) => sessionDocument(s, used)),
  };
}

/**
 * The run document written a session at a time (decision 0125): `head`, then `session` for each session in
 * order, then `tail`. The chunks joined are byte for byte `JSON.stringify(runDocument(…), null, 2)` and a
 * newline (a test checks), so a runner can write any number of sessions without building the whole text:
 * each session is written as JSON.stringify writes an element of `sessions` (two levels in, so every line
 * after its first is indented by four more spaces; JSON strings hold no raw line break).
 */
export class RunDocumentChunks {
  private readonly used: QueueResourceName[];
  private written = 0;

  constructor(private readonly scenario: Scenario) {
    this.used = usedResources(scenario);
  }

  /** The document up to the opening of `sessions`. */
  head(): string {
    const field = (name: string, value: unknown) => `  ${JSON.stringify(name)}: ${JSON.stringify(value)},\n`;
    return (
      '{\n' +
      field('formatVersion', FORMAT_VERSION) +
      field('engineVersion', ENGINE_VERSION) +
      field('scenario', this.scenario.name) +
      field('profile', this.scenario.profile) +
      '  "sessions": ['
    );
  }

  /** One session, with the separator before it. */
  session(s: SessionSnapshot): string {
    const text = JSON.stringify(sessionDocument(s, this.used), null, 2).replaceAll('\n', '\n    ');
    return `${this.written++ === 0 ? '\n' : ',\n'}    ${text}`;
  }

  /** The end of the document and its final newline (`[]` when no session ran). */
  tail(): string {
    return this.written === 0 ? ']\n}\n' : '\n  ]\n}\n';
  }
}

/** The listed resources, zero included; a non-finite amount (an unlimited share) is left out. */
function amounts(r: QueueResources, used: readonly QueueResourceName[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of used) {
    const v = r[name];
    if (Number.isFinite(v)) out[name] = v === 0 ? 0 : v;
  }
  return out;
}

/**
 * The queue resources a scenario uses: those a node has a capacity for, a task requests, or a queue gives
 * a quota or limit other than the defaults (0 and -1), counting nodes, jobs and queues added by events.
 */
export function usedResources(scenario: Scenario): QueueResourceName[] {
  const used = new Set<QueueResourceName>();
  const node = (n: NodeSpec): void => {
    for (const r of QUEUE_RESOURCE_NAMES) if (Number.isFinite(n.resources[r])) used.add(r);
  };
  const job = (j: JobSpec): void => {
    for (const t of j.tasks) for (const r of QUEUE_RESOURCE_NAMES) if (requests(t.resources, r)) used.add(r);
  };
  const queue = (resources: Partial<QueueSpec['resources']> | undefined): void => {
    if (!resources) return;
    for (const r of QUEUE_RESOURCE_NAMES) {
      const spec = resources[r];
      if (spec && (spec.quota !== 0 || spec.limit !== -1)) used.add(r);
    }
  };
  scenario.nodes.forEach(node);
  scenario.jobs.forEach(job);
  for (const q of scenario.queues) queue(q.resources);
  for (const e of scenario.events) {
    if (e.kind === 'addNode') node(e.node);
    else if (e.kind === 'submit') job(e.job);
    else if (e.kind === 'updateQueue') queue(e.patch.resources);
  }
  return QUEUE_RESOURCE_NAMES.filter((r) => used.has(r));
}

function requests(req: Resources, r: QueueResourceName): boolean {
  return req[r] > 0;
}
