/**
 * What a running job's terminating pods (KAI `deletionTimestamp`, format §23.4) mean, in plain words, for the
 * "Why?" headline: the snapshot counts such a pod as running (its status stays `Running`), so "2 of 2 tasks
 * running" alone hid that one of them is on its way out. The sentence per pod is the snapshot's own
 * (model/terminating.ts describeTerminating), so the headline and the inspector say the same.
 */
import type { JobState, SessionSnapshot } from '../../model/snapshot';
import type { TerminatingNote } from '../../model/trace';

/** At most this many terminating pods are named; the rest are counted. */
const MAX_NAMED = 3;

/** '' when the job has no terminating pod, else a clause starting with "; " (no final period). */
export function terminatingClause(snap: SessionSnapshot, state: JobState): string {
  const count = (state.terminating?.releasing ?? 0) + (state.terminating?.stuck ?? 0);
  if (count === 0) return '';
  const notes: TerminatingNote[] = [];
  for (const t of snap.tasks) if (t.job === state.name && t.terminating) notes.push(t.terminating);
  const first = notes[0];
  if (first === undefined) return '';
  const named = notes
    .slice(0, MAX_NAMED)
    .map((n) => `${n.task} (${n.status})`)
    .join(', ');
  const more = notes.length > MAX_NAMED ? ` and ${notes.length - MAX_NAMED} more` : '';
  const one = notes.length === 1;
  const who = one
    ? `1 of them is terminating: ${named}`
    : `${notes.length} of them are terminating: ${named}${more}`;
  // What a terminating pod blocks, as upstream (§23.4): it is no victim (preempt, reclaim and consolidation
  // take only Running pods), its queue's allocation leaves it out (pod_status.go:70-74 @d5bc503), and its
  // node's resources stay held until the deletion completes.
  const blocks = `${one ? 'It is' : 'They are'} no victim for preempt, reclaim or consolidation and ${one ? 'is' : 'are'} left out of queue ${state.queue}'s allocation, but ${one ? 'holds its node' : 'hold their nodes'} until the deletion completes`;
  return `; ${who}. ${first.message.replace(/\.$/, '')}${one ? '' : ' (the first)'}. ${blocks}`;
}
