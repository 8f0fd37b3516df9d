/**
 * Pending jobs are tried again every session and usually fail the same way, so consecutive sessions'
 * traces are mostly identical records. The interner hands back the previous session's record when the new
 * one has the same content, so the history stores each distinct explanation once and its memory grows
 * with what changes, not with sessions × pending jobs.
 */
import type { JobAttempt, PendingExplanation, SessionTrace } from '../model/trace';

export class TraceInterner {
  private attempts = new Map<string, { json: string; value: JobAttempt }>();
  private pending = new Map<string, { json: string; value: PendingExplanation }>();

  intern(trace: SessionTrace): SessionTrace {
    const nextAttempts = new Map<string, { json: string; value: JobAttempt }>();
    // An attempt is compared with the same job's same-numbered attempt by the same action last session.
    const seen = new Map<string, number>();
    const attempts = trace.attempts.map((a) => {
      const base = `${a.action}\u0000${a.job}`;
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      return this.reuse(this.attempts, nextAttempts, `${base}\u0000${n}`, a);
    });
    const nextPending = new Map<string, { json: string; value: PendingExplanation }>();
    const pending = trace.pending.map((p) => this.reuse(this.pending, nextPending, p.job, p));
    this.attempts = nextAttempts;
    this.pending = nextPending;
    return { attempts, pending };
  }

  private reuse<T>(
    previous: Map<string, { json: string; value: T }>,
    next: Map<string, { json: string; value: T }>,
    key: string,
    value: T,
  ): T {
    const json = JSON.stringify(value);
    const old = previous.get(key);
    const kept = old && old.json === json ? old.value : value;
    next.set(key, { json, value: kept });
    return kept;
  }
}
