/**
 * KAI's what-ifs on a pending job's queue (decision 0309): its quota raises the share proportion divides
 * to it (reclaim refuses a queue that would pass its fair share, proportion's reclaimable check), and its
 * limit caps what it may be allocated (over-limit). Sizes come from the session's snapshot.
 */
import type { Candidate, CandidateInput } from '../../../simulation/explain/candidates';
import { mainResource, queuePath, round, sumRequests } from '../../../simulation/explain/jobFacts';
import type { QueueHold } from '../../../framework/ProfileModule';

/** The limit first (an over-limit job), then the quota (a job its queue's share holds back). */
export function kaiQueueCandidates(input: CandidateInput, hold: QueueHold): Candidate[] {
  return [
    ...(hold.overLimit ? queueRaise(input, 'limit') : []),
    ...(hold.quotaBound ? queueRaise(input, 'quota') : []),
  ];
}

/** Raising the quota or limit of the job's queue, or of the ancestor that holds it back, to what it needs. */
function queueRaise(input: CandidateInput, field: 'quota' | 'limit'): Candidate[] {
  const need = sumRequests(input.needed);
  const resource = mainResource(need);
  const out: Candidate[] = [];
  for (const q of queuePath(input.snap, input.spec.queue)) {
    // The snapshot's figures are the ones in force in the session (after any updateQueue event).
    const current = (field === 'quota' ? q.quota : q.limit)[resource];
    const wanted = round(q.allocated[resource] + need[resource]);
    // -1 is "unlimited" for both; a limit above what is needed is not what holds the job.
    if (current === -1 || current >= wanted) continue;
    out.push({
      change: { kind: 'set-queue-resource', queue: q.name, resource, field, value: wanted, atMs: input.atMs },
      text: `Raise the ${resource} ${field} of queue ${q.name} from ${round(current)} to ${wanted} (allocated ${round(q.allocated[resource])} + ${round(need[resource])} needed).`,
    });
  }
  return out.slice(0, 2);
}
