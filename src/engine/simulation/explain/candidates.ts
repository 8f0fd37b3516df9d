/**
 * The candidate changes for a pending job, chosen from its blocker, smallest first and few (at most
 * MAX_CANDIDATES are ever tried). Each is only a candidate: explainJob keeps it after re-running the engine
 * with it and seeing the job start. Sizes come from the session's snapshot (queue figures, task requests).
 */
import type { JobSpec, Scenario, TaskSpec } from '../../model/scenario';
import type { JobState, SessionSnapshot } from '../../model/snapshot';
import type { PendingExplanation } from '../../model/trace';
import { moduleOf } from '../../registry';
import { resourcesOnNode } from '../../model/gpuDevices';
import { amount, mainResource, nodeSpecs, sumRequests } from './jobFacts';
import type { ScenarioChange } from './types';

export interface Candidate {
  change: ScenarioChange;
  text: string;
  /**
   * Candidates of one ladder are sizes of the same change, smallest first: once one is proven, the larger
   * ones are not tried (the smallest change that works is the suggestion).
   */
  ladder?: string;
}

export interface CandidateInput {
  scenario: Scenario;
  snap: SessionSnapshot;
  spec: JobSpec;
  state: JobState;
  pending: PendingExplanation;
  needed: TaskSpec[];
  /** When the changes are made: the time of the next session. */
  atMs: number;
}

const CAPACITY_CODES = new Set([
  'no-capacity',
  'unschedulable',
  'gang-unsatisfiable',
  'no-eligible-victims',
  'not-attempted',
  'fair-share',
  'victims-protected',
]);

/** Candidate changes in the order they are tried (the smallest kind of change first). */
export function candidateChanges(input: CandidateInput): Candidate[] {
  const out: Candidate[] = [];
  const { pending } = input;
  // The profile's protection keeps the victims: its what-ifs shorten it (KAI: min-runtime, decision 0339).
  if (pending.code === 'victims-protected')
    out.push(...(moduleOf(input.scenario.profile).explain.protectionCandidates?.(input) ?? []));
  // KAI's reclaim refuses a queue that would pass its fair share (an attempt's code, even when the
  // headline code is allocate's no-capacity); the profile says which of its queue's figures raise it.
  const shareCodes = new Set(['fair-share', 'non-preemptible-over-quota']);
  const quotaBound =
    shareCodes.has(pending.code) ||
    pending.attempts.some((i) => shareCodes.has(input.snap.trace.attempts[i]?.code ?? ''));
  const overLimit = pending.code === 'over-limit';
  out.push(...moduleOf(input.scenario.profile).explain.queueCandidates(input, { overLimit, quotaBound }));
  if (CAPACITY_CODES.has(pending.code) || overLimit) {
    out.push(...deletions(input));
    out.push(...newNodes(input));
  }
  return out;
}

/** Deleting the smallest running job that holds at least what this job needs (at most two tried). */
function deletions(input: CandidateInput): Candidate[] {
  const need = sumRequests(input.needed);
  const resource = mainResource(need);
  const held = new Map<string, number>();
  const specs = new Map<string, TaskSpec>();
  const nodes = nodeSpecs(input.scenario);
  for (const t of input.scenario.jobs) for (const task of t.tasks) specs.set(task.name, task);
  for (const e of input.scenario.events)
    if (e.kind === 'submit') for (const task of e.job.tasks) specs.set(task.name, task);
  for (const t of input.snap.tasks) {
    if (t.job === input.spec.name || (t.status !== 'Running' && t.status !== 'Pipelined')) continue;
    const spec = specs.get(t.name);
    // What the task holds on its node (a GPU-memory request: m / D of that node, decision 0328).
    if (spec)
      held.set(t.job, (held.get(t.job) ?? 0) + resourcesOnNode(spec, nodes.get(t.node ?? ''))[resource]);
  }
  return [...held.entries()]
    .filter(([, v]) => v >= need[resource] && v > 0)
    .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, 2)
    .map(([job, v]) => ({
      change: { kind: 'delete-job', job, atMs: input.atMs } as ScenarioChange,
      text: `Delete job ${job} (it holds ${amount(resource, v)}).`,
    }));
}

/** One node added, sized for one needed task, then for all the tasks needed together. */
function newNodes(input: CandidateInput): Candidate[] {
  const sizes: TaskSpec[][] = [];
  const first = input.needed[0];
  if (first === undefined) return [];
  if (input.needed.length > 1) sizes.push([first]);
  sizes.push(input.needed);
  const labels: Record<string, string> = {};
  for (const t of input.needed) Object.assign(labels, t.nodeSelector);
  const name = freeNodeName(input.scenario);
  // A resource every existing node leaves unbounded stays unbounded on the new node too.
  const bounded = (r: 'gpu' | 'cpu' | 'memory') =>
    input.scenario.nodes.some((n) => Number.isFinite(n.resources[r]));
  return sizes.map((tasks) => {
    const need = sumRequests(tasks);
    const resources: { gpu?: number; cpu?: number; memory?: number } = {};
    // Whole devices: a fraction of a GPU still needs a device on the node.
    if (bounded('gpu')) resources.gpu = Math.ceil(need.gpu);
    if (bounded('cpu')) resources.cpu = need.cpu;
    if (bounded('memory')) resources.memory = need.memory;
    const size = (['gpu', 'cpu', 'memory'] as const)
      .filter((r) => resources[r] !== undefined && (resources[r] ?? 0) > 0)
      .map((r) => amount(r, resources[r] ?? 0))
      .join(', ');
    const labelText = Object.keys(labels).length > 0 ? ` labelled ${JSON.stringify(labels)}` : '';
    return {
      change: { kind: 'add-node', node: { name, resources, labels }, atMs: input.atMs } as ScenarioChange,
      ladder: 'add-node',
      text: `Add one node ${name} with ${size || 'no resources'}${labelText} (${tasks.length} task${tasks.length === 1 ? '' : 's'} of ${input.spec.name}).`,
    };
  });
}

function freeNodeName(scenario: Scenario): string {
  const taken = new Set(scenario.nodes.map((n) => n.name));
  for (const e of scenario.events) if (e.kind === 'addNode') taken.add(e.node.name);
  let name = 'added-node';
  for (let i = 1; taken.has(name); i++) name = `added-node-${i}`;
  return name;
}
