/**
 * Volcano's and kube-batch's what-ifs on a pending job's queue (decision 0309). They read no KAI quota or
 * limit: proportion divides by weight up to capability, capacity reads `deserved`
 * (profiles/volcano/plugins/proportion, plugins/capacity). kube-batch has neither bound (decision 0250),
 * so only the weight is suggested there: `bound` finds no written capability or deserved in its extras.
 */
import type { ScenarioChange } from '../../../simulation/explain/types';
import type { Candidate, CandidateInput } from '../../../simulation/explain/candidates';
import { mainResource, queuePath, round, sumRequests } from '../../../simulation/explain/jobFacts';
import type { QueueHold } from '../../../framework/ProfileModule';
import { volcanoQueueExtrasOf } from '../jobExtras';

/** The capability first (an over-limit job), then the weight and the deserved (a job its share holds back). */
export function volcanoQueueCandidates(input: CandidateInput, hold: QueueHold): Candidate[] {
  return [
    ...(hold.overLimit ? bound(input, 'capability') : []),
    ...(hold.quotaBound ? [...weight(input), ...bound(input, 'deserved')] : []),
  ];
}

/** Doubling, then quadrupling, the weight of the job's leaf queue (its share of what proportion divides). */
function weight(input: CandidateInput): Candidate[] {
  const q = input.snap.queues.find((x) => x.name === input.spec.queue);
  const w = volcanoQueueExtrasOf(q)?.weight;
  if (q === undefined || w === undefined || !(w > 0)) return [];
  return [2, 4].map((k) => ({
    change: {
      kind: 'set-queue-weight',
      queue: q.name,
      value: w * k,
      atMs: input.atMs,
    } as ScenarioChange,
    text: `Raise the weight of queue ${q.name} from ${w} to ${w * k}.`,
    ladder: `weight ${q.name}`,
  }));
}

/** The queue's capability (or deserved) raised to its allocation plus what the job needs, where it is set. */
function bound(input: CandidateInput, field: 'capability' | 'deserved'): Candidate[] {
  const need = sumRequests(input.needed);
  const resource = mainResource(need);
  const out: Candidate[] = [];
  for (const q of queuePath(input.snap, input.spec.queue)) {
    const current = volcanoQueueExtrasOf(q)?.[field]?.[resource];
    const wanted = round(q.allocated[resource] + need[resource]);
    if (current === undefined || current >= wanted) continue;
    out.push({
      change: { kind: 'set-queue-bound', queue: q.name, field, resource, value: wanted, atMs: input.atMs },
      text: `Raise the ${resource} ${field} of queue ${q.name} from ${round(current)} to ${wanted} (allocated ${round(q.allocated[resource])} + ${round(need[resource])} needed).`,
    });
  }
  return out.slice(0, 1);
}
