/** `expect`: checks of the state at the end of a session, each remembering where it was written. */
import type { ExpectCheck, ResourceCheck } from '../model/scenario';
import { QUEUE_RESOURCE_NAMES } from '../model/resources';
import type { NormaliseContext } from './NormaliseContext';
import { formatFieldPath, type FieldPath } from './fieldPath';
import { setOwn } from './ownEntries';
import { readFields, type FieldValues } from './readFields';
import { EXPECT_FIELDS, EXPECT_JOB_FIELDS, EXPECT_QUEUE_FIELDS, RESOURCE_CHECK_FIELDS } from './schema';

type JobCheck = { phase?: string; running?: number };
type QueueCheck = { fairShare?: ResourceCheck; allocated?: ResourceCheck };

/** Normalises every check; a check needs exactly one of `session` (≥ 1) and `at`. */
export function normaliseExpect(raw: readonly unknown[], ctx: NormaliseContext): ExpectCheck[] {
  const checks: ExpectCheck[] = [];
  raw.forEach((item, i) => {
    const path = ['expect', i];
    const f = readFields(item, path, EXPECT_FIELDS, ctx.sink, {
      what: 'a check ({session: N} or {at: D}, ...)',
    });
    if (f === null) return;
    const written = item as Record<string, unknown>;
    const hasSession = written['session'] != null;
    const hasAt = written['at'] != null;
    if (hasSession === hasAt) {
      ctx.sink.report(
        'invalid-check',
        path,
        hasSession
          ? 'a check has either `session` or `at`, not both'
          : 'a check needs `session: N` or `at: <duration>`',
      );
    }
    if (f.session !== undefined && f.session < 1) {
      ctx.sink.report(
        'invalid-session',
        [...path, 'session'],
        `session ${f.session} does not exist: sessions are numbered from 1`,
      );
    }
    checks.push(checkFromFields(f, f.session ?? null, f.at ?? null, path, ctx));
  });
  return checks;
}

/** The claim fields of a check (§8), read from fields parsed against a table that includes them. */
export function checkFromFields(
  f: FieldValues<typeof EXPECT_FIELDS>,
  session: number | null,
  atMs: number | null,
  path: FieldPath,
  ctx: NormaliseContext,
): ExpectCheck {
  return {
    session,
    atMs,
    tasks: f.tasks === undefined ? null : { ...f.tasks },
    evicted: f.evicted === undefined ? null : [...f.evicted],
    bound: f.bound === undefined ? null : { ...f.bound },
    pipelined: f.pipelined === undefined ? null : { ...f.pipelined },
    jobs: f.jobs === undefined ? null : readJobChecks(f.jobs, [...path, 'jobs'], ctx),
    queues: f.queues === undefined ? null : readQueueChecks(f.queues, [...path, 'queues'], ctx),
    line: ctx.sink.lineOf(path),
    path: formatFieldPath(path),
  };
}

function readJobChecks(
  raw: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): Record<string, JobCheck> {
  const out: Record<string, JobCheck> = {};
  for (const [job, value] of Object.entries(raw)) {
    const f = readFields(value, [...path, job], EXPECT_JOB_FIELDS, ctx.sink, {
      what: 'a mapping {phase?, running?}',
    });
    if (f === null) continue;
    const check: JobCheck = {};
    if (f.phase !== undefined) check.phase = f.phase;
    if (f.running !== undefined) check.running = f.running;
    setOwn(out, job, check);
  }
  return out;
}

function readQueueChecks(
  raw: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): Record<string, QueueCheck> {
  const out: Record<string, QueueCheck> = {};
  for (const [queue, value] of Object.entries(raw)) {
    const queuePath = [...path, queue];
    const f = readFields(value, queuePath, EXPECT_QUEUE_FIELDS, ctx.sink, {
      what: 'a mapping {fairShare?, allocated?}',
    });
    if (f === null) continue;
    const check: QueueCheck = {};
    for (const key of ['fairShare', 'allocated'] as const) {
      if (f[key] === undefined) continue;
      const r = readFields(f[key], [...queuePath, key], RESOURCE_CHECK_FIELDS, ctx.sink, {
        what: 'a mapping {gpu?, cpu?, memory?}',
      });
      if (r === null) continue;
      const amounts: ResourceCheck = {};
      for (const name of QUEUE_RESOURCE_NAMES) {
        const v = r[name];
        if (v !== undefined) amounts[name] = v;
      }
      check[key] = amounts;
    }
    setOwn(out, queue, check);
  }
  return out;
}
