/**
 * The main blocker of a pending job in one sentence with its numbers, read from the session's snapshot:
 * the pending code the profile chose (trace.pending) decides which numbers are told.
 */
import type { Scenario } from '../../model/scenario';
import type { JobState, SessionSnapshot } from '../../model/snapshot';
import type { PendingExplanation } from '../../model/trace';
import { moduleOf } from '../../registry';
import {
  amount,
  findJobSpec,
  idleOnNodes,
  mainResource,
  neededTasks,
  queuePath,
  round,
  sumRequests,
  nodeSpecs,
  taskSpecs,
} from './jobFacts';

export function describeBlocker(
  scenario: Scenario,
  snap: SessionSnapshot,
  state: JobState,
  pending: PendingExplanation,
): string {
  const spec = findJobSpec(scenario, state.name);
  if (spec === null) return firstSentence(pending.message);
  const needed = neededTasks(snap, spec, state);
  const need = sumRequests(needed);
  const r = mainResource(need);
  const perTask = needed[0]?.resources[r] ?? 0;
  const gang =
    needed.length > 1
      ? `gang minimum ${state.minAvailable}, ${needed.length} tasks of ${amount(r, perTask)} still to place`
      : '';
  switch (pending.code) {
    case 'over-limit': {
      const q = queuePath(snap, state.queue).find(
        (x) => x.limit[r] >= 0 && x.allocated[r] + need[r] > x.limit[r],
      );
      if (q)
        return `queue ${q.name} ${r} limit ${round(q.limit[r])}, allocated ${round(q.allocated[r])}, the job needs ${round(need[r])} more`;
      break;
    }
    case 'fair-share':
    case 'non-preemptible-over-quota': {
      // The engine's sentence says what the action saw; the figures are the queue's at the session's end
      // (a reservation held during the session may be gone by then, Volcano allocate).
      const q = queuePath(snap, state.queue)[0];
      if (q) {
        const what =
          pending.code === 'fair-share'
            ? `${moduleOf(scenario.profile).explain.shareWord} ${round(q.fairShare[r])}`
            : `quota ${round(q.quota[r])}`;
        return `${firstSentence(pending.message)} (at the session's end queue ${q.name} has ${r} ${what}, allocated ${round(q.allocated[r])}; the job needs ${round(need[r])})`;
      }
      break;
    }
    case 'victims-protected': {
      // The profile's protection names who is kept and until when (KAI: min-runtime, decision 0339).
      const sentence = moduleOf(scenario.profile).explain.protectedBlocker?.(snap, pending) ?? null;
      if (sentence !== null) return sentence;
      break;
    }
    case 'waiting-for-release':
      return firstSentence(pending.message);
    case 'preemption-delay': {
      // The delay's own sentence ("waits N more before it may evict"), not the allocate one before it.
      const delay = pending.attempts
        .map((i) => snap.trace.attempts[i])
        .find((a) => a?.code === 'preemption-delay');
      if (delay) return firstSentence(delay.message);
      break;
    }
    case 'gang-unsatisfiable':
    case 'no-capacity':
    case 'unschedulable':
    case 'no-eligible-victims': {
      const largest = largestIdle(snap, scenario, r);
      const block =
        largest === null ? 'no node' : `largest idle block ${amount(r, largest.free)} on ${largest.node}`;
      const ask = needed.length > 1 ? gang : `needs ${amount(r, perTask)} on one node`;
      // With no room, what stopped making room is the telling part (KAI: reclaim's fair-share check,
      // preempt's victims); the eviction action's own sentence carries its numbers.
      const evicting = evictionRefusal(snap, pending);
      return `${ask}; ${block}${evicting === null ? ` (${pending.code}: ${firstSentence(pending.message)})` : `; ${evicting}`}`;
    }
    default:
      break;
  }
  return firstSentence(pending.message);
}

/** The first refusal of an eviction action (reclaim before preempt, as they run) among the job's attempts. */
function evictionRefusal(snap: SessionSnapshot, pending: PendingExplanation): string | null {
  for (const action of ['reclaim', 'preempt']) {
    for (const i of pending.attempts) {
      const a = snap.trace.attempts[i];
      if (a?.action === action && a.code !== null && a.code !== 'no-eligible-victims')
        return `${action}: ${firstSentence(a.message)}`;
    }
  }
  return null;
}

function largestIdle(snap: SessionSnapshot, scenario: Scenario, r: 'gpu' | 'cpu' | 'memory') {
  let best: { node: string; free: number } | null = null;
  for (const [node, free] of idleOnNodes(snap, taskSpecs(scenario), nodeSpecs(scenario))) {
    const v = round(Math.max(0, free[r]));
    if (best === null || v > best.free) best = { node, free: v };
  }
  return best;
}

function firstSentence(text: string): string {
  const m = /^(.*?[.!?])(\s|$)/s.exec(text);
  return (m?.[1] ?? text).replace(/[.!?]$/, '');
}
