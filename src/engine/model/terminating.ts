/**
 * KAI's long-terminating pods (#1578, §23.4 addition). A Running pod with a `deletionTimestamp` is
 * `Releasing`; once it has been terminating for longer than the scheduler's threshold it is
 * `StuckInReleasing` (KAI pkg/scheduler/api/pod_info/pod_info.go:465-471 @d5bc503, `getTaskStatus`:
 * `time.Since(deletionTimestamp) > threshold`, strictly greater). A Releasing pod's resources count as
 * releasing on its node, so pending pods may be pipelined onto them; a stuck pod's count only as used
 * (KAI pkg/scheduler/api/node_info/node_info.go:488-496 @d5bc503, addTaskResources: only `Releasing` adds
 * to the node's releasing vector; pod_status.go:70-74 puts both statuses in the same groups otherwise), so nothing is pipelined onto them.
 *
 * Shared by the session (which status the pod has) and the snapshot (what the views say), so both agree.
 */
import { formatDuration } from './duration';

/** KAI `DefaultStuckInReleasingThreshold` (pkg/common/constants/constants.go:28 @d5bc503): 2 minutes. */
export const DEFAULT_STUCK_IN_RELEASING_THRESHOLD_MS = 120_000;

export type TerminatingStatus = 'Releasing' | 'StuckInReleasing';

/** The status KAI gives a Running pod terminating since `sinceMs`, in a session at `nowMs`. */
export function terminatingStatus(sinceMs: number, nowMs: number, thresholdMs: number): TerminatingStatus {
  return nowMs - sinceMs > thresholdMs ? 'StuckInReleasing' : 'Releasing';
}

/** What a terminating pod means for its node, in plain words (the snapshot's and the inspector's sentence). */
export function describeTerminating(
  task: string,
  node: string,
  sinceMs: number,
  nowMs: number,
  thresholdMs: number,
): string {
  const limit = formatDuration(thresholdMs);
  if (nowMs < sinceMs)
    return `${node}'s resources held by pod ${task}, being deleted (its deletionTimestamp is ${formatDuration(sinceMs - nowMs)} ahead, within KAI's ${limit} threshold), are counted as releasing: pending pods may be pipelined onto them.`;
  const forText = formatDuration(nowMs - sinceMs);
  if (terminatingStatus(sinceMs, nowMs, thresholdMs) === 'StuckInReleasing')
    return `${node}'s resources held by pod ${task}, terminating for ${forText} (over KAI's ${limit} threshold), are not counted as releasing: nothing is pipelined onto them, and the pod is no victim.`;
  return `${node}'s resources held by pod ${task}, terminating for ${forText} (within KAI's ${limit} threshold), are counted as releasing: pending pods may be pipelined onto them.`;
}

/**
 * When a terminating pod's deletion completes in the run (decision 0305), or null when it stays terminating.
 * Kubernetes sets `metadata.deletionTimestamp` to the delete request's time plus the grace period
 * (`metadata.deletionGracePeriodSeconds`, from the pod's `spec.terminationGracePeriodSeconds` unless the
 * request gave one): the kubelet kills what still runs then and the pod object is removed. So a pod whose
 * deletionTimestamp is still ahead (or now) at t=0 is gone at that time; one already past it at t=0 is held
 * by something the snapshot does not show (a finalizer, an unreachable node: KAI's StuckInReleasing case)
 * and stays for the run, as does a pod given no grace period (the format's field before decision 0305).
 */
export function terminationEnd(spec: {
  deletionTimestampMs?: number;
  deletionGracePeriodMs?: number;
}): number | null {
  if (spec.deletionTimestampMs === undefined || spec.deletionGracePeriodMs === undefined) return null;
  return spec.deletionTimestampMs >= 0 ? spec.deletionTimestampMs : null;
}

/** The sentence of a completed deletion: the pod left its node, and its owner re-creates it pending. */
export function describeTerminationEnd(
  task: string,
  node: string,
  deletionMs: number,
  graceMs: number,
): string {
  return `${task}'s deletion completed at its deletionTimestamp (t=${formatDuration(deletionMs)}; deleted at t=${formatDuration(deletionMs - graceMs)} with a ${formatDuration(graceMs)} grace period): the pod left ${node}, and its owner re-creates it Pending.`;
}
