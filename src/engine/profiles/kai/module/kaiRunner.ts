/**
 * KAI's session loop (decision 0279): what the simulator ran inline before issue 23. One session is open
 * snapshot → plugins open → actions in order → plugins close → commit, over the whole cluster or, with node
 * pools (§24), once per pool as every KAI shard is a scheduler of its own. The runner also owns what only
 * KAI derives between sessions: the usage fetches of time-based fair share and the min-runtime protection
 * marks.
 */
import type {
  RunnerOptions,
  RunnerQueueFigures,
  RunnerSessionInput,
  RunnerSessionOutcome,
  SessionRunner,
} from '../../../framework/ProfileModule';
import type { QueueResources } from '../../../model/resources';
import { poolsOf } from '../../../model/nodePool';
import type { Scenario, UsageParams } from '../../../model/scenario';
import type { Decision, SessionTrace } from '../../../model/trace';
import type { ClusterState, JobRecord, TaskRecord } from '../../../simulation/ClusterState';
import { fetchUsage, lastFetchAt, type UsageFetch, type UsageLedger } from '../../../simulation/UsageLedger';
import { explainPending } from '../explainPending';
import type { TaskInfo } from '../framework/JobInfo';
import type { QueueInfo } from '../framework/QueueInfo';
import type { Session } from '../framework/Session';
import { poolConfig } from '../nodePools/poolConfig';
import { appendPoolSession } from '../nodePools/tagPool';
import { commitSession } from '../session/commitSession';
import { openSession, type PoolScope } from '../session/openSession';
import { createAction, createPlugin } from './kaiFactories';
import { kaiProtectionModel } from './kaiProtection';
import type { ProtectionModel } from '../queries/protectionModel';

/** A queue's figures, with KAI's time-based fair share when the session had one. */
type KaiQueueFigures = RunnerQueueFigures;

export function createKaiRunner(scenario: Scenario, options: RunnerOptions): SessionRunner {
  return new KaiRunner(scenario, options.usage);
}

class KaiRunner implements SessionRunner {
  /**
   * Each scheduler's last usage fetch and the parameters it was made with (a configuration change fetches
   * anew), by pool name ('' = the one scheduler without pools): every shard's scheduler has its own usage
   * lister, fetching on its own ticker with its own configuration (decision 0247).
   */
  private readonly lastUsageFetch = new Map<string, { params: UsageParams; fetch: UsageFetch }>();
  /** The protection model and the queue and config versions it was built from. */
  private protection: { model: ProtectionModel; queues: number; config: number } | null = null;

  constructor(
    private readonly scenario: Scenario,
    private readonly usage: UsageLedger | null,
  ) {}

  runSession(input: RunnerSessionInput): RunnerSessionOutcome {
    const { state, index, timeMs } = input;
    const changedTasks = new Set<TaskRecord>();
    const changedJobs = new Set<JobRecord>();
    const pools = poolsOf(this.scenario.nodePools);
    if (pools.length === 0) {
      const whole = this.runOne(input, null, changedTasks, changedJobs);
      return {
        decisions: whole.decisions,
        trace: whole.trace,
        queues: whole.figures,
        changedTasks,
        changedJobs,
      };
    }
    // Node pools (§24): every pool's scheduler runs its own session over its nodes, queues and jobs,
    // with its own configuration, as each KAI shard is a scheduler of its own.
    const joined = { decisions: [] as Decision[], trace: { attempts: [], pending: [] } as SessionTrace };
    const all: KaiQueueFigures[] = [];
    for (const pool of pools) {
      const scope = { name: pool.name, labelValue: pool.labelValue, config: poolConfig(state.config, pool) };
      const r = this.runOne({ ...input, index, timeMs }, scope, changedTasks, changedJobs);
      appendPoolSession(joined, pool.name, r.decisions, r.trace);
      all.push(...r.figures);
    }
    return { decisions: joined.decisions, trace: joined.trace, queues: all, changedTasks, changedJobs };
  }

  /** Jobs whose preempt or reclaim protection flipped since the previous session. */
  protectionChanges(state: ClusterState, timeMs: number, previousTimeMs: number | null): number {
    const protection = this.model(state);
    // Reclaim protection under lca depends on who waits to reclaim (as in the snapshot): index them once.
    const waiting = new Set<string>();
    for (const job of state.liveJobs())
      if (job.tasks.some((t) => t.status === 'Pending' || t.status === 'Pipelined'))
        waiting.add(job.spec.queue);
    const reclaimers = protection.reclaimerIndex(waiting);
    let n = 0;
    for (const job of state.liveJobs()) {
      if (job.startedAtMs === null || !job.tasks.some((t) => t.status === 'Running')) continue;
      for (const until of protection.protectedUntil(job.spec.queue, job.startedAtMs, reclaimers)) {
        if (until === null) continue;
        const gained = job.startedAtMs === timeMs && timeMs < until;
        // A protection of 0s (min-runtime 0) never began, so it cannot end: no mark at every job start.
        const lost =
          previousTimeMs !== null && until > job.startedAtMs && previousTimeMs < until && until <= timeMs;
        if (gained || lost) n++;
      }
    }
    return n;
  }

  /**
   * What a metrics-only run keeps of a session's trace: the attempts in which min-runtime kept a victim (a
   * comparison says "protected in A" from them, compareRuns.ts); nothing else, no pending explanations.
   */
  keepForMetrics(trace: SessionTrace): SessionTrace {
    const attempts = trace.attempts.filter((a) =>
      a.victims.some(
        (v) => v.outcome === 'filtered' && v.verdicts.some((x) => x.plugin === 'minruntime' && !x.allowed),
      ),
    );
    return { attempts, pending: [] };
  }

  /** The protection model of the queues and configuration in force, rebuilt only when they changed. */
  private model(state: ClusterState): ProtectionModel {
    const p = this.protection;
    if (p !== null && p.queues === state.queueVersion && p.config === state.configVersion) return p.model;
    const model = kaiProtectionModel(state.config, [...state.queues.values()], this.scenario.nodePools);
    this.protection = { model, queues: state.queueVersion, config: state.configVersion };
    return model;
  }

  /** One KAI session over the whole cluster (`pool` null) or over one node pool's part of it. */
  private runOne(
    input: RunnerSessionInput,
    pool: PoolScope | null,
    changedTasks: Set<TaskRecord>,
    changedJobs: Set<JobRecord>,
  ): { decisions: Decision[]; trace: SessionTrace; figures: KaiQueueFigures[] } {
    const { state, index, timeMs } = input;
    const profile = this.scenario.profile;
    const { ssn, records, jobRecords } = openSession(state, index, timeMs, profile, pool);
    const config = pool?.config ?? state.config;
    const usageParams = config.usage;
    if (this.usage && usageParams) {
      const fetched = this.usageFetchedFor(pool?.name ?? '', usageParams, timeMs);
      ssn.queueUsage = fetched.usage;
      ssn.queueUsageFetch = { asOfMs: fetched.asOfMs, noGpuCapacity: fetched.noGpuCapacity };
    }
    // Plugins keep their tier: the session files each callback under plugin and tier (ExtensionRegistry)
    // and combines them tier by tier (combine.ts), as KAI's framework walks tiers, then plugins.
    const plugins = config.tiers.flatMap((tier, t) =>
      tier.plugins.map((p) => ({
        handle: { name: p.name, tier: t + 1, flags: p.flags },
        plugin: createPlugin(p),
      })),
    );
    for (const { handle, plugin } of plugins) ssn.openPlugin(handle, (s) => plugin.onSessionOpen(s));
    for (const name of config.actions) createAction(name).execute(ssn);
    for (const { plugin } of plugins) plugin.onSessionClose?.(ssn);

    const committed = commitSession(ssn, records, jobRecords);
    for (const t of committed.changedTasks) changedTasks.add(t);
    for (const j of committed.changedJobs) changedJobs.add(j);
    if (input.recordsTrace) ssn.trace.pending = explainPending(ssn);
    return { decisions: committed.decisions, trace: ssn.trace, figures: queueFigures(ssn) };
  }

  /**
   * KAI's usage copy at `timeMs`: the last fetch, made on start and every fetchInterval (KAI
   * pkg/scheduler/cache/usagedb/usagedb.go:84-105 @d5bc503), used by every session until the next one,
   * stale or not (GetResourceUsage returns the last data, usagedb.go:60-80). One query per fetch.
   */
  private usageFetchedFor(scheduler: string, params: UsageParams, timeMs: number): UsageFetch {
    const asOf = lastFetchAt(params, timeMs);
    const last = this.lastUsageFetch.get(scheduler);
    if (last && last.params === params && last.fetch.asOfMs === asOf) return last.fetch;
    const fetch = fetchUsage(this.usage as UsageLedger, params, asOf);
    this.lastUsageFetch.set(scheduler, { params, fetch });
    return fetch;
  }
}

function queueFigures(ssn: Session): KaiQueueFigures[] {
  const allocated = new Map<string, QueueResources>();
  const requested = new Map<string, QueueResources>();
  for (const q of ssn.queues.values()) {
    allocated.set(q.name, { gpu: 0, cpu: 0, memory: 0 });
    requested.set(q.name, { gpu: 0, cpu: 0, memory: 0 });
  }
  // Each leaf's figures along its path, looked up once per job rather than once per task and level
  // (every task of every session passes here); the additions and their order are unchanged.
  const paths = new Map<QueueInfo, { allocated: QueueResources[]; requested: QueueResources[] }>();
  const pathOf = (leaf: QueueInfo) => {
    let p = paths.get(leaf);
    if (!p) {
      p = {
        allocated: leaf.path.map((q) => allocated.get(q.name) as QueueResources),
        requested: leaf.path.map((q) => requested.get(q.name) as QueueResources),
      };
      paths.set(leaf, p);
    }
    return p;
  };
  const addUp = (targets: QueueResources[], task: TaskInfo): void => {
    // Placed tasks count what their queue counts for them on their node (decisions 0328, 0356: a GPU-memory
    // portion rounded up to the hundredth), pending ones their request.
    const { gpu, cpu, memory } = task.heldQuota;
    for (const r of targets) {
      r.gpu += gpu;
      r.cpu += cpu;
      r.memory += memory;
    }
  };
  for (const job of ssn.jobs) {
    const p = pathOf(job.queue);
    for (const task of job.tasks) {
      if (task.status === 'Allocated' || task.status === 'Running') addUp(p.allocated, task);
      if (task.status !== 'Succeeded') addUp(p.requested, task);
    }
  }
  return [...ssn.queues.values()].map((q) => {
    const timeAware = ssn.timeAware.get(q.name);
    return {
      name: q.name,
      fairShare: ssn.fairShare.get(q.name) ?? { gpu: 0, cpu: 0, memory: 0 },
      allocated: allocated.get(q.name) as QueueResources,
      requested: requested.get(q.name) as QueueResources,
      ...(timeAware ? { timeAware } : {}),
    };
  });
}
