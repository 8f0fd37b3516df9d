/**
 * What the snapshot says about a terminating pod (§23.4): the status KAI gives it at the session's time,
 * from the same rule the session used (model/terminating.ts), so the views never work it out themselves.
 */
import type { TerminatingState } from '../model/snapshot';
import { describeTerminating, terminatingStatus } from '../model/terminating';
import type { TaskStatus } from '../model/trace';

export function terminatingState(
  sinceMs: number | undefined,
  status: TaskStatus,
  node: string | null,
  task: string,
  nowMs: number,
  thresholdMs: number,
): TerminatingState | null {
  // Only a pod still on its node terminates; once its job completed (Succeeded) it is gone.
  if (sinceMs === undefined || status !== 'Running' || node === null) return null;
  return {
    status: terminatingStatus(sinceMs, nowMs, thresholdMs),
    sinceMs,
    message: describeTerminating(task, node, sinceMs, nowMs, thresholdMs),
  };
}
