/**
 * KAI's answers for a pending job whose victims min-runtime keeps (pending code `victims-protected`): the
 * blocker sentence with who is kept and until when, and the what-ifs that shorten the min-runtime. Moved from
 * the shared explain layer (blockerFacts.ts, candidates.ts), which now asks the profile (decision 0339); the
 * words and the order are unchanged.
 */
import { formatDuration } from '../../../model/duration';
import type { SessionSnapshot } from '../../../model/snapshot';
import type { PendingExplanation } from '../../../model/trace';
import type { Candidate, CandidateInput } from '../../../simulation/explain/candidates';
import { keptVictims } from './keptVictims';

/** The first protection to end, with its resolution, and how many more victims are kept. */
export function kaiProtectedBlocker(snap: SessionSnapshot, pending: PendingExplanation): string | null {
  const kept = keptVictims(snap, pending.attempts);
  const first = kept[0];
  if (first === undefined) return null;
  return `the victims it needs are protected by min-runtime; the first protection ends at ${fmtTime(first.protectedUntilMs)} (${first.job}, ${formatDuration(first.resolution.durationMs)} ${first.resolution.kind} min-runtime from ${first.resolution.source})${kept.length > 1 ? `, ${kept.length - 1} more protected` : ''}`;
}

/** Lowering the min-runtime that keeps the victims to what the longest-running of them has run by then. */
export function kaiShorterMinRuntime(input: CandidateInput): Candidate[] {
  const out: Candidate[] = [];
  const seen = new Set<string>();
  for (const v of keptVictims(input.snap, input.pending.attempts)) {
    const r = v.resolution;
    const queue = r.source !== 'default' ? r.source : (r.path[0] ?? v.queue);
    const field = r.kind === 'preempt' ? 'preemptMinRuntime' : 'reclaimMinRuntime';
    const key = `${queue}\u0000${field}`;
    if (seen.has(key)) continue;
    seen.add(key);
    // Protected while now < lastStart + min-runtime (KAI minruntime.go:149-151, :166-168): a value at most
    // the time run by then frees it.
    const ranMs = Math.max(0, input.atMs - v.startedAtMs);
    const value = formatDuration(Math.floor(ranMs / 1000) * 1000);
    out.push({
      change: { kind: 'set-min-runtime', queue, field, value, atMs: input.atMs },
      text: `Set ${field} of queue ${queue} to ${value} (now ${formatDuration(r.durationMs)}${r.source === 'default' ? ', the plugin default' : ''}): ${v.job} has run ${formatDuration(ranMs)} by ${fmtTime(input.atMs)}.`,
    });
  }
  return out;
}

function fmtTime(ms: number): string {
  return `t=${formatDuration(ms)}`;
}
