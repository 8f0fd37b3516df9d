/**
 * A task's `deletionTimestamp` and the scheduler's `stuckInReleasingThreshold` (§23.4, addition): KAI's pod
 * `metadata.deletionTimestamp` and `--stuck-in-releasing-threshold` (#1578; KAI
 * cmd/scheduler/app/options/options.go:126 and pkg/scheduler/api/pod_info/pod_info.go:465-471 @d5bc503).
 * Only the `kai` profile has the rule: another profile refuses each field rather than ignore it.
 */
import type { TaskSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';
import { accepts } from '../registry';
import { formatDuration } from '../model/duration';

const RULE =
  "belongs to KAI's long-terminating pods (#1578: no pipelining onto a pod terminating longer than the threshold)";

function refuse(field: string, path: FieldPath, ctx: NormaliseContext): void {
  ctx.sink.report(
    'invalid-value',
    path,
    `${field} ${RULE}; profile ${ctx.profile} has no such rule`,
    'Remove the field, or use profile kai.',
  );
}

/** Sets the task's `deletionTimestampMs` from the read value, or reports why it cannot have one. */
export function applyTerminatingSince(
  task: TaskSpec,
  sinceMs: number | undefined,
  taskPath: FieldPath,
  ctx: NormaliseContext,
): void {
  if (sinceMs === undefined) return;
  const path = [...taskPath, 'deletionTimestamp'];
  if (!accepts(ctx.profile, 'terminating')) return refuse('deletionTimestamp', path, ctx);
  // Only a Running pod is Releasing when deleted (pod_info.go:467 @d5bc503); a pending pod being deleted
  // holds nothing and KAI gives it no such status.
  if (task.status !== 'Running') {
    ctx.sink.report(
      'invalid-value',
      path,
      `deletionTimestamp needs a Running task (a pod on a node that is being deleted); task is ${task.status}`,
      'Add status: Running and a node, or remove deletionTimestamp.',
    );
    return;
  }
  // Any time within the format's duration bound: Kubernetes sets deletionTimestamp to the time of the delete
  // request plus the pod's grace period, so a pod deleted just before the run has one still ahead (KAI then
  // counts it Releasing until threshold after it). The pod is terminating from t=0 either way.
  task.deletionTimestampMs = sinceMs;
}

/**
 * Sets the task's `deletionGracePeriodMs` (decision 0305): the pod's `metadata.deletionGracePeriodSeconds`,
 * `0s` … `10000h`, only beside a `deletionTimestamp`. With it the pod's deletion completes at its
 * deletionTimestamp during the run (model/terminating.ts terminationEnd).
 */
export function applyDeletionGracePeriod(
  task: TaskSpec,
  graceMs: number | undefined,
  taskPath: FieldPath,
  ctx: NormaliseContext,
): void {
  if (graceMs === undefined) return;
  const path = [...taskPath, 'deletionGracePeriod'];
  if (!accepts(ctx.profile, 'terminating')) return refuse('deletionGracePeriod', path, ctx);
  if (task.deletionTimestampMs === undefined) {
    ctx.sink.report(
      'invalid-value',
      path,
      'deletionGracePeriod needs a deletionTimestamp on the same task (the grace period of a deletion in progress)',
      'Add deletionTimestamp, or remove deletionGracePeriod.',
    );
    return;
  }
  if (graceMs < 0) {
    ctx.sink.report(
      'invalid-value',
      path,
      `deletionGracePeriod must be 0s or more (Kubernetes deletionGracePeriodSeconds is never negative); got ${formatDuration(graceMs)}`,
      'Write the pod’s deletion grace period, for example 30s.',
    );
    return;
  }
  task.deletionGracePeriodMs = graceMs;
}

/** The scheduler's threshold, or a refusal for a profile without the rule; undefined when not written. */
export function readStuckThreshold(
  valueMs: number | undefined,
  path: FieldPath,
  ctx: NormaliseContext,
): number | undefined {
  if (valueMs === undefined) return undefined;
  if (!accepts(ctx.profile, 'terminating')) {
    refuse('stuckInReleasingThreshold', [...path, 'stuckInReleasingThreshold'], ctx);
    return undefined;
  }
  return valueMs;
}
