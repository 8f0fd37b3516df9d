/** `run`: how long the simulation goes. */
import type { RunSpec } from '../model/scenario';
import type { NormaliseContext } from './NormaliseContext';
import { readFields } from './readFields';
import { RUN_FIELDS } from './schema';

/** `run.until` default (1h) when `sessions` is not given. */
export const DEFAULT_RUN_UNTIL_MS = 3_600_000;
/** `run.maxSessions` default. */
export const DEFAULT_MAX_SESSIONS = 10_000;

/**
 * Default `{until: 1h, maxSessions: 10000}`. With `sessions: N` the run is exactly N sessions and
 * `until` stays unset unless written too. Without a `run:` block the run also stops once settled (§7.1).
 */
export function normaliseRun(raw: unknown, ctx: NormaliseContext): RunSpec {
  const f =
    raw === undefined
      ? {}
      : (readFields(raw, ['run'], RUN_FIELDS, ctx.sink, { what: 'a run mapping' }) ?? {});
  const sessions = f.sessions ?? null;
  return {
    sessions,
    untilMs: f.until ?? (sessions === null ? DEFAULT_RUN_UNTIL_MS : null),
    maxSessions: f.maxSessions ?? DEFAULT_MAX_SESSIONS,
    untilSettled: raw === undefined,
  };
}
