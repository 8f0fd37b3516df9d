/**
 * What a generated document must be refused for, and where: a variant holding a value the base rejects
 * (refused at its `variants[…]` path, decision 0120) and a job created after t=0 whose tasks are listed
 * Running (refused at each such task's status, `running-before-submit`, decision 0112: on main before issue 18
 * such a job put a node over capacity when it arrived). A refusal anywhere else is no intended one: the
 * document then counts as a valid scenario rejected.
 */
import type { parseScenario } from '../../index';
import type { Violation } from './invariants';

export interface IntendedRejections {
  /** The text's variants hold an out-of-range value: it must be rejected there, not run. */
  variantOutOfRange?: boolean;
  /** Indexes in `jobs` of late arrivals listed Running: each must be refused at its tasks' status. */
  lateRunningJobs?: readonly number[];
}

export function expectsRejection(options: IntendedRejections): boolean {
  return options.variantOutOfRange === true || (options.lateRunningJobs ?? []).length > 0;
}

export function checkRejectedAsIntended(
  parsed: ReturnType<typeof parseScenario>,
  options: IntendedRejections,
  out: Violation[],
): 'rejected-as-intended' | 'accepted' | 'rejected-elsewhere' {
  const late = options.lateRunningJobs ?? [];
  const variants = options.variantOutOfRange === true;
  if (parsed.ok) {
    if (variants)
      out.push({
        invariant: 'variant-validated',
        session: null,
        message: 'a variant with an out-of-range value (the base rejects it there) is accepted',
      });
    if (late.length > 0)
      out.push({
        invariant: 'late-running-refused',
        session: null,
        message: `jobs ${late.map((i) => `j${i}`).join(', ')} are created after t=0 with Running tasks, and the scenario was accepted`,
      });
    return 'accepted';
  }
  const lateAt = (path: string) => late.findIndex((i) => path.startsWith(`jobs[${i}].tasks[`));
  const refused = new Set<number>();
  let elsewhere = false;
  for (const e of parsed.errors) {
    if (variants && e.path.startsWith('variants[')) continue;
    const k = e.code === 'running-before-submit' && e.path.endsWith('.status') ? lateAt(e.path) : -1;
    if (k >= 0) refused.add(k);
    else elsewhere = true;
  }
  if (refused.size < late.length)
    out.push({
      invariant: 'late-running-refused',
      session: null,
      message: `${late.length - refused.size} of ${late.length} late arrivals listed Running were not refused at their tasks' status`,
    });
  return elsewhere ? 'rejected-elsewhere' : 'rejected-as-intended';
}
