/**
 * CloseSession (reference §1.1): every task's cluster-visible result (committed binds become Running,
 * committed pipelines stay Pipelined until the next session, committed evictions are Releasing;
 * allocations and pipelines that were never committed vanish), the PodGroup phase of every job
 * (`getPodGroupPhase`), why jobs are still pending, and the queue figures.
 */
import { QUEUE_RESOURCE_NAMES, type QueueResources } from '../../model/resources';
import type { ProfileQueueFigures, ProfileSessionResult, ProfileTaskOutput } from '../../framework/Profile';
import type { PendingExplanation, TaskStatus } from '../../model/trace';
import type { JobInfo, PodGroupPhase, TaskInfo } from './api/JobInfo';
import type { VolcanoSession } from './framework/Session';

function finalStatus(t: TaskInfo): { status: TaskStatus; node: string | null } {
  if (t.committed === 'evict') return { status: 'Releasing', node: t.node?.name ?? null };
  if (t.committed === 'pipeline' && t.status === 'Pipelined')
    return { status: 'Pipelined', node: t.node?.name ?? null };
  if (t.status === 'Binding' || t.status === 'Running')
    return { status: 'Running', node: t.node?.name ?? null };
  if (t.status === 'Succeeded') return { status: 'Succeeded', node: null };
  return { status: 'Pending', node: null };
}

/** `jobStatus` / `getPodGroupPhase` at session close. */
export function podGroupPhase(job: JobInfo): PodGroupPhase {
  const running = job.tasks.filter((t) => t.status === 'Running').length;
  if (running > 0 && job.unschedulable) return 'Unknown';
  let scheduled = 0;
  let completed = 0;
  for (const t of job.tasks) {
    if (t.status === 'Running' || t.status === 'Binding') scheduled++;
    else if (t.status === 'Succeeded') {
      scheduled++;
      completed++;
    } else if (t.status === 'Releasing' && t.node) scheduled++;
  }
  if (scheduled >= job.minAvailable)
    return scheduled > 0 && completed === scheduled ? 'Completed' : 'Running';
  return job.phase === 'Inqueue' ? 'Inqueue' : 'Pending';
}

export function closeSession(ssn: VolcanoSession): ProfileSessionResult {
  const tasks: ProfileTaskOutput[] = [];
  const phases = new Map<number, string>();
  const allocated = new Map<string, QueueResources>();
  const requested = new Map<string, QueueResources>();
  for (const q of ssn.queues.values()) {
    allocated.set(q.name, { gpu: 0, cpu: 0, memory: 0 });
    requested.set(q.name, { gpu: 0, cpu: 0, memory: 0 });
  }
  for (const job of ssn.jobs) {
    for (const t of job.tasks) {
      const f = finalStatus(t);
      tasks.push({ id: t.id, status: f.status, node: f.node });
      const add = (m: Map<string, QueueResources>): void => {
        const r = m.get(job.queue);
        if (r) for (const n of QUEUE_RESOURCE_NAMES) r[n] += t.req[n];
      };
      if (f.status === 'Running') add(allocated);
      if (f.status !== 'Succeeded') add(requested);
    }
    phases.set(job.id, podGroupPhase(job));
  }
  rollUpToAncestors(ssn, allocated);
  rollUpToAncestors(ssn, requested);
  const queues: ProfileQueueFigures[] = [...ssn.queues.values()].map((q) => ({
    name: q.name,
    fairShare: ssn.deserved.get(q.name) ?? { gpu: 0, cpu: 0, memory: 0 },
    allocated: allocated.get(q.name) as QueueResources,
    requested: requested.get(q.name) as QueueResources,
  }));
  ssn.trace.pending = explainPending(ssn, tasks);
  return { decisions: ssn.committedDecisions(), trace: ssn.trace, tasks, phases, queues };
}

/**
 * In a queue tree (only a hierarchical capacity configuration accepts `parent`), an inner queue's figures
 * include its children's, as capacity's tree attributes do (volcano pkg/scheduler/plugins/capacity/
 * capacity.go:1255-1319 adds a leaf job's allocated and request to every ancestor @ed72c7c8), so the tree's cards show
 * what the plugin compares. Leaf figures are added once to each ancestor named in the snapshot.
 */
function rollUpToAncestors(ssn: VolcanoSession, figures: Map<string, QueueResources>): void {
  const own = new Map([...figures].map(([name, r]) => [name, { ...r }]));
  for (const [name, r] of own) {
    const seen = new Set([name]);
    let parent = ssn.queues.get(name)?.spec.parent ?? null;
    while (parent !== null && !seen.has(parent)) {
      seen.add(parent);
      const sum = figures.get(parent);
      if (sum) for (const n of QUEUE_RESOURCE_NAMES) sum[n] += r[n];
      parent = ssn.queues.get(parent)?.spec.parent ?? null;
    }
  }
}

function explainPending(ssn: VolcanoSession, tasks: readonly ProfileTaskOutput[]): PendingExplanation[] {
  const pendingIds = new Set(tasks.filter((t) => t.status === 'Pending').map((t) => t.id));
  const byJob = new Map<string, number[]>();
  ssn.trace.attempts.forEach((a, i) => {
    const list = byJob.get(a.job) ?? [];
    list.push(i);
    byJob.set(a.job, list);
  });
  const out: PendingExplanation[] = [];
  for (const job of ssn.jobs) {
    if (!job.tasks.some((t) => pendingIds.has(t.id))) continue;
    const idx = byJob.get(job.name) ?? [];
    const last = idx.length > 0 ? ssn.attempt(idx[idx.length - 1] as number) : null;
    if (last && last.code !== null) {
      out.push({ job: job.name, queue: job.queue, code: last.code, message: last.message, attempts: idx });
    } else if (last && last.outcome === 'reserved') {
      out.push({
        job: job.name,
        queue: job.queue,
        code: 'gang-unsatisfiable',
        message: last.message,
        attempts: idx,
      });
    } else if (job.phase === 'Pending' && ssn.enabledActions.has('enqueue')) {
      out.push({
        job: job.name,
        queue: job.queue,
        code: 'not-attempted',
        message: `${job.name}'s PodGroup is still Pending: allocate only considers Inqueue PodGroups.`,
        attempts: idx,
      });
    } else if (!last) {
      out.push({
        job: job.name,
        queue: job.queue,
        code: 'not-attempted',
        message: `No action tried ${job.name} this session.`,
        attempts: idx,
      });
    } else {
      out.push({
        job: job.name,
        queue: job.queue,
        code: 'unschedulable',
        message: last.message,
        attempts: idx,
      });
    }
  }
  return out;
}
