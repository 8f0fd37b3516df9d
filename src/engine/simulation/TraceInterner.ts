/**
 * Pending jobs are tried again every session and usually fail the same way, so consecutive sessions'
 * traces are mostly identical records. The interner hands back the previous session's record when the new
 * one has the same content, so the history stores each distinct explanation once and its memory grows
 * with what changes, not with sessions × pending jobs.
 */
import type { JobAttempt, PendingExplanation, SessionTrace } from '../model/trace';
import { sameRecord } from './sameRecord';

interface Entry<T> {
  value: T;
}

export class TraceInterner {
  private attempts = new Map<string, Entry<JobAttempt>>();
  private pending = new Map<string, Entry<PendingExplanation>>();

  intern(trace: SessionTrace): SessionTrace {
    const nextAttempts = new Map<string, Entry<JobAttempt>>();
    // An attempt is compared with the same job's same-numbered attempt by the same action last session.
    const seen = new Map<string, number>();
    const attempts = trace.attempts.map((a) => {
      const base = `${a.action}\u0000${a.job}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return reuse(this.attempts, nextAttempts, `${base}\u0000${n}`, a);
    });
    const nextPending = new Map<string, Entry<PendingExplanation>>();
    const pending = trace.pending.map((p) => reuse(this.pending, nextPending, p.job, p));
    this.attempts = nextAttempts;
    this.pending = nextPending;
    return trace.terminating ? { attempts, pending, terminating: trace.terminating } : { attempts, pending };
  }
}

function reuse<T extends { message: string; code: string | null }>(
  previous: Map<string, Entry<T>>,
  next: Map<string, Entry<T>>,
  key: string,
  value: T,
): T {
  const old = previous.get(key);
  // Only records whose cheap fields match last session's are compared in full.
  const same =
    old !== undefined &&
    old.value.message === value.message &&
    old.value.code === value.code &&
    sameRecord(old.value, value);
  const entry: Entry<T> = same ? old : { value };
  next.set(key, entry);
  return entry.value;
}
