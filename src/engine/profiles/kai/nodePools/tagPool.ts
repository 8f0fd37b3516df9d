/**
 * Joins the sessions of several node pools into one session's record: each pool's decisions, attempts and
 * pending explanations carry the pool's name, their reasons say which pool's scheduler decided, and attempt
 * indices are moved past the attempts of the pools before it.
 */
import type { Decision, SessionTrace } from '../../../model/trace';

export function appendPoolSession(
  into: { decisions: Decision[]; trace: SessionTrace },
  pool: string,
  decisions: readonly Decision[],
  trace: SessionTrace,
): void {
  const offset = into.trace.attempts.length;
  const label = `Node pool ${JSON.stringify(pool)}`;
  for (const d of decisions)
    into.decisions.push({
      ...d,
      attempt: d.attempt === null ? null : d.attempt + offset,
      reason: `${label}: ${d.reason}`,
      pool,
    });
  for (const a of trace.attempts) into.trace.attempts.push({ ...a, pool });
  if (trace.terminating) (into.trace.terminating ??= []).push(...trace.terminating);
  for (const p of trace.pending)
    into.trace.pending.push({
      ...p,
      attempts: p.attempts.map((i) => i + offset),
      message: `${label}: ${p.message}`,
      pool,
    });
}
