/**
 * KAI's two built-in scenario generators (@d5bc503), tried in the order the default scheduler config lists
 * them (pkg/scheduler/conf_util/scheduler_conf_util.go:62-63): each turns one accumulated set of potential
 * victims (what the victim queue has given so far, pod_scenario_builder.go) into the scenarios to simulate.
 *
 * - **node-local greedy** (pkg/scheduler/plugins/nodelocalgreedy/generator.go:95-129): one scenario per node
 *   the newest victim's job runs on (node names in order), evicting the potential victims of every job with
 *   a potential victim on that node, all of their tasks (scenario.VictimsTasksFromNodes); repeated victim
 *   sets are tried once.
 * - **multi-node gang** (plugins/multinodegang/generator.go with the builder's sub-scenario emitter,
 *   pod_scenario_builder.go:129-156): growing subsets of the batches, picked by node, smallest nodes first
 *   (subScenarioEmitter.ts).
 * With no potential victim yet, both try the recorded victims alone (generator.go:99-104,
 * pod_scenario_builder.go:151).
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { NodeInfo } from '../../framework/NodeInfo';
import type { Session } from '../../framework/Session';
import { SubScenarioEmitter } from './subScenarioEmitter';
import { acceptedGpus, pendingGpus } from './scenarioFilters';

export type GeneratorName = 'node-local-greedy' | 'multi-node-gang';

export const GENERATORS: readonly GeneratorName[] = ['node-local-greedy', 'multi-node-gang'];

/** How the trace names each generator, in plain words. */
export const GENERATOR_WORDS: Readonly<Record<GeneratorName, string>> = {
  'node-local-greedy': "found by trying each node alone first (KAI's node-local greedy search)",
  'multi-node-gang':
    "found by trying several nodes together, smallest first, after no single node was enough (KAI's multi-node gang search)",
};

/**
 * The potential victims of a step by node (the jobs with a task there) and each job's positions in the
 * scenario, grown as the scenario grows: every scenario tried on a node needs the jobs touching it, and
 * scanning every potential victim for each of them was a fifth of a 140,000-pod session.
 */
export interface PotentialByNode {
  /** How many potential victims are indexed. */
  size: number;
  jobsOnNode: Map<NodeInfo, Set<JobInfo>>;
  positions: Map<JobInfo, number[]>;
}

/** One probe's accumulated victims. */
export interface Accumulation {
  recorded: readonly TaskInfo[];
  /** Potential victims in the order the victim queue gave them. */
  potential: TaskInfo[];
  /** The same, one entry per pop of the victim queue. */
  batches: TaskInfo[][];
  index: PotentialByNode;
}

/** The scenarios of one accumulation: each is the potential victims it evicts besides the recorded ones. */
export type ScenarioSource = (acc: Accumulation) => Iterable<readonly TaskInfo[]>;

export function scenariosOf(
  generator: GeneratorName,
  ssn: Session,
  tasks: readonly TaskInfo[],
): ScenarioSource {
  return generator === 'node-local-greedy' ? nodeLocalGreedy : multiNodeGang(ssn, tasks);
}

function* nodeLocalGreedy(acc: Accumulation): Iterable<readonly TaskInfo[]> {
  if (acc.potential.length === 0) {
    yield [];
    return;
  }
  const index = indexPotential(acc);
  const newest = (acc.potential[acc.potential.length - 1] as TaskInfo).job;
  const seen = new Set<string>();
  for (const node of nodesOfJob(newest)) {
    const at: number[] = [];
    for (const job of index.jobsOnNode.get(node) ?? []) at.push(...(index.positions.get(job) as number[]));
    if (at.length === 0) continue;
    at.sort((a, b) => a - b);
    const key = at.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    yield at.map((i) => acc.potential[i] as TaskInfo);
  }
}

/** Every node the job has a pod on, in name order (generator.go:131-148 nodeNamesOfJob: all its pods). */
function nodesOfJob(job: JobInfo): NodeInfo[] {
  const seen = new Set<NodeInfo>();
  for (const t of job.tasks) if (t.node) seen.add(t.node);
  return [...seen].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function indexPotential(acc: Accumulation): PotentialByNode {
  const index = acc.index;
  for (; index.size < acc.potential.length; index.size++) {
    const t = acc.potential[index.size] as TaskInfo;
    if (t.node !== null) {
      let jobs = index.jobsOnNode.get(t.node);
      if (jobs === undefined) index.jobsOnNode.set(t.node, (jobs = new Set()));
      jobs.add(t.job);
    }
    const list = index.positions.get(t.job);
    if (list === undefined) index.positions.set(t.job, [index.size]);
    else list.push(index.size);
  }
  return index;
}

function multiNodeGang(ssn: Session, tasks: readonly TaskInfo[]): ScenarioSource {
  // Per probe the session does not change between scenarios (each is rolled back): what every node offers
  // and what the recorded victims free are read once.
  let allNodes: { finite: number; unbounded: number } | null = null;
  let recordedFreed: Map<NodeInfo, number> | null = null;
  const free = (n: NodeInfo) => n.future('gpu');
  return function* (acc) {
    if (acc.potential.length === 0) {
      yield [];
      return;
    }
    if (recordedFreed === null || allNodes === null) {
      recordedFreed = new Map();
      for (const t of acc.recorded)
        // AcceptedGpuRequirement.GetGpusQuota (sub_scenario_emitter.go:137, :207 @d5bc503): rounded up to the
        // hundredth for a GPU-memory request (decision 0356).
        if (t.node) recordedFreed.set(t.node, (recordedFreed.get(t.node) ?? 0) + acceptedGpus(t));
      allNodes = { finite: 0, unbounded: 0 };
      for (const n of ssn.nodes) {
        const f = free(n) + (recordedFreed.get(n) ?? 0);
        if (f === Infinity) allNodes.unbounded++;
        else allNodes.finite += f;
      }
    }
    const emitter = new SubScenarioEmitter<NodeInfo>({
      batches: acc.batches.map((b) => b.map((t) => ({ node: t.node, gpu: acceptedGpus(t) }))),
      idleOrReleasing: free,
      recordedFreed,
      allNodes,
      // GpuRequirement.GetGpusQuota (sub_scenario_emitter.go:265-270): a GPU-memory request has no portion
      // before placement and counts 0 (decision 0356; the lab counted its D_min figure).
      pending: tasks.map(pendingGpus),
    });
    for (let picked = emitter.next(); picked !== null; picked = emitter.next()) {
      yield picked.flatMap((bi) => acc.batches[bi] as TaskInfo[]);
    }
  };
}
