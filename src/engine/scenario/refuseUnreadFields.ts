/**
 * Fields the scenario's profile does not read: refused at their field path with the profile named (code
 * field-not-in-profile), never accepted and ignored (decisions 0222, 0250). Each profile lists its unread
 * queue, job and workload fields with the reason (`ProfileModule.format`, e.g.
 * profiles/volcano/format.ts); this file only reports them, in every place the object is written.
 */
import { moduleOf } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import type { FieldPath } from './fieldPath';

/** Queue fields the profile does not read, in `queues`, `updateQueue` events and variant queue changes. */
export function refuseUnreadQueueFields(raw: unknown, path: FieldPath, ctx: NormaliseContext): void {
  refuseWritten(raw, path, moduleOf(ctx.profile).format.unreadQueueFields, ctx);
}

/** Job fields the profile does not read (also in submitted jobs and variant job changes). */
export function refuseUnreadJobFields(raw: unknown, path: FieldPath, ctx: NormaliseContext): void {
  refuseWritten(raw, path, moduleOf(ctx.profile).format.unreadJobFields, ctx);
}

/** Workload-generator fields the profile does not read. */
export function refuseUnreadWorkloadFields(raw: unknown, path: FieldPath, ctx: NormaliseContext): void {
  refuseWritten(raw, path, moduleOf(ctx.profile).format.unreadWorkloadFields, ctx);
}

/** Reports each of `fields` that `raw` (a mapping) writes, any value, `null` included. */
function refuseWritten(
  raw: unknown,
  path: FieldPath,
  fields: Readonly<Record<string, string>>,
  ctx: NormaliseContext,
): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return;
  const written = raw as Record<string, unknown>;
  for (const [key, why] of Object.entries(fields)) {
    if (!(key in written)) continue;
    ctx.sink.report(
      'field-not-in-profile',
      [...path, key],
      `profile ${ctx.profile} does not read \`${key}\` (${why}), so it would be ignored`,
    );
  }
}
