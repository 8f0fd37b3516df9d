/**
 * Reads `seed` and `workload` (docs/scenario-format.md §19) into a {@link WorkloadSpec}: every field checked
 * with its path, and the bounds that do not depend on the seed (each generator's `maxJobs`, times its
 * largest job's tasks, taken from the scenario's job and task budgets; names that cannot clash with the
 * jobs and tasks written by hand), so that any seed gives a scenario within §10.
 */
import { formatDuration } from '../../model/duration';
import type { JobSpec, QueueSpec } from '../../model/scenario';
import type {
  ArrivalProcess,
  Burst,
  DailyCycle,
  RuntimeDistribution,
  Weighted,
  WorkloadGenerator,
  WorkloadSpec,
} from '../../model/workload';
import type { NormaliseContext } from '../NormaliseContext';
import { listNames, quote, type FieldPath } from '../fieldPath';
import {
  MAX_NAME_LENGTH,
  MAX_WORKLOAD_BURSTS,
  MAX_WORKLOAD_CHOICES,
  MAX_WORKLOAD_GENERATORS,
} from '../limits';
import { isMapping, readFields } from '../readFields';
import { reportZodIssues } from '../reportZodIssues';
import { MAX_EXPANSION } from '../schema';
import {
  ARRIVAL_FIELDS,
  BURST_FIELDS,
  CLASS_CHOICE_FIELDS,
  DAILY_FIELDS,
  GPU_CHOICE_FIELDS,
  jobGpusSchema,
  LOG_NORMAL_FIELDS,
  RUNTIME_FIELDS,
  SHIFTED_EXPONENTIAL_FIELDS,
  WORKLOAD_FIELDS,
} from './workloadSchema';
import { refuseUnreadWorkloadFields } from '../refuseUnreadFields';

/** `seed` when the document has none. */
export const DEFAULT_SEED = 1;
/** `maxJobs` when a generator has none. */
export const DEFAULT_MAX_JOBS = 1000;
/** `gpusPerTask` when a generator has none (an 8-GPU node per task). */
export const DEFAULT_GPUS_PER_TASK = 8;
/** `elasticMin` when a generator has none. */
export const DEFAULT_ELASTIC_MIN = 0.5;
/** `daily.period` when a cycle has none. */
export const DEFAULT_DAILY_PERIOD_MS = 24 * 3_600_000;

/**
 * The workload of the document, or undefined when it has neither `seed` nor `workload`. `handWritten` are
 * the jobs of `jobs` and of `submit` events (their job and task names must not match a generated name).
 */
export function normaliseWorkload(
  seed: number | undefined,
  raw: readonly unknown[] | undefined,
  queues: readonly QueueSpec[],
  handWritten: readonly JobSpec[],
  ctx: NormaliseContext,
): WorkloadSpec | undefined {
  if (seed === undefined && raw === undefined) return undefined;
  const list = raw ?? [];
  if (list.length > MAX_WORKLOAD_GENERATORS) {
    ctx.sink.report(
      'too-large',
      ['workload'],
      `at most ${MAX_WORKLOAD_GENERATORS} workload generators in a scenario, got ${list.length}`,
    );
    return { seed: seed ?? DEFAULT_SEED, generators: [] };
  }
  const leaves = leafQueues(queues);
  const generators: WorkloadGenerator[] = [];
  list.forEach((item, i) => {
    const g = normaliseGenerator(item, ['workload', i], leaves, ctx);
    if (g !== null) generators.push(g);
  });
  checkNames(generators, handWritten, ctx);
  return { seed: seed ?? DEFAULT_SEED, generators };
}

/** Queue name → whether it is a leaf (has no child queue). */
function leafQueues(queues: readonly QueueSpec[]): Map<string, boolean> {
  const out = new Map(queues.map((q) => [q.name, true]));
  for (const q of queues) if (q.parent !== null && out.has(q.parent)) out.set(q.parent, false);
  return out;
}

/** Where each generator was read, for messages about two of them (kept by index). */
const generatorPaths = new WeakMap<WorkloadGenerator, FieldPath>();

function normaliseGenerator(
  raw: unknown,
  path: FieldPath,
  leaves: ReadonlyMap<string, boolean>,
  ctx: NormaliseContext,
): WorkloadGenerator | null {
  const f = readFields(raw, path, WORKLOAD_FIELDS, ctx.sink, {
    required: ['queue', 'until', 'arrivals'],
    what: 'a workload generator ({queue, until, arrivals, ...})',
  });
  if (f === null) return null;
  // The share of jobs written preemptible sets KAI's preemptibility, which Volcano/kube-batch do not read.
  refuseUnreadWorkloadFields(raw, path, ctx);
  const errorsBefore = ctx.sink.errors.length;
  const queue = f.queue ?? '';
  const leaf = leaves.get(queue);
  if (f.queue !== undefined && leaf === undefined) {
    ctx.sink.report(
      'unknown-queue',
      [...path, 'queue'],
      `queue ${quote(queue)} does not exist (queues: ${listNames([...leaves.keys()])})`,
    );
  } else if (leaf === false) {
    ctx.sink.report(
      'job-in-non-leaf-queue',
      [...path, 'queue'],
      `queue ${quote(queue)} has child queues; generated jobs go to a leaf queue`,
    );
  }
  const fromMs = f.from ?? 0;
  const untilMs = f.until ?? fromMs + 1;
  if (f.until !== undefined && untilMs <= fromMs) {
    ctx.sink.report(
      'out-of-range',
      [...path, 'until'],
      `until (${formatDuration(untilMs)}) must be after from (${formatDuration(fromMs)})`,
    );
  }
  const maxJobs = f.maxJobs ?? DEFAULT_MAX_JOBS;
  const gpusPerTask = f.gpusPerTask ?? DEFAULT_GPUS_PER_TASK;
  // The bursts' window is checked only against a valid [from, until).
  const span = f.until !== undefined && untilMs > fromMs ? { fromMs, untilMs } : null;
  const arrivals = readArrivals(f.arrivals, [...path, 'arrivals'], span, maxJobs, ctx);
  const gpus = readGpus(f.gpus, [...path, 'gpus'], gpusPerTask, ctx);
  const runtime = readRuntime(f.runtime, [...path, 'runtime'], ctx);
  const priorityClasses = readClasses(f.priorityClasses, [...path, 'priorityClasses'], ctx);
  const g: WorkloadGenerator = {
    queue,
    prefix: f.prefix ?? queue,
    fromMs,
    untilMs,
    maxJobs,
    arrivals,
    gpus,
    gpusPerTask,
    runtime,
    elastic: f.elastic ?? 0,
    elasticMin: f.elasticMin ?? DEFAULT_ELASTIC_MIN,
    priorityClasses,
    preemptible: f.preemptible ?? null,
  };
  // The bound that holds for every seed: maxJobs jobs, each of at most the largest size's tasks.
  const maxTasks = Math.max(1, ...gpus.map((w) => Math.ceil(w.value / gpusPerTask)));
  const at = [...path, 'maxJobs'];
  if (!ctx.budget.take('jobs', maxJobs, at) || !ctx.budget.take('tasks', maxJobs * maxTasks, at)) return null;
  if (ctx.sink.errors.length > errorsBefore) return null;
  generatorPaths.set(g, path);
  return g;
}

function readArrivals(
  raw: unknown,
  path: FieldPath,
  span: { fromMs: number; untilMs: number } | null,
  maxJobs: number,
  ctx: NormaliseContext,
): ArrivalProcess {
  const none: ArrivalProcess = { ratePerHour: 0, daily: null, bursts: [] };
  if (raw === undefined) return none;
  const f = readFields(raw, path, ARRIVAL_FIELDS, ctx.sink, {
    what: 'arrivals ({ratePerHour?, daily?, bursts?})',
  });
  if (f === null) return none;
  if (f.ratePerHour === undefined && f.bursts === undefined) {
    ctx.sink.report('missing-field', path, 'arrivals need ratePerHour, bursts or both');
  }
  let daily: DailyCycle | null = null;
  if (f.daily !== undefined) {
    if (f.ratePerHour === undefined)
      ctx.sink.report(
        'invalid-value',
        [...path, 'daily'],
        'daily modulates ratePerHour; set ratePerHour too',
      );
    const d = readFields(f.daily, [...path, 'daily'], DAILY_FIELDS, ctx.sink, {
      required: ['amplitude', 'peakAt'],
      what: 'a daily cycle ({amplitude, peakAt, period?})',
    });
    if (d !== null)
      daily = {
        amplitude: d.amplitude ?? 0,
        peakAtMs: d.peakAt ?? 0,
        periodMs: d.period ?? DEFAULT_DAILY_PERIOD_MS,
      };
  }
  const bursts: Burst[] = [];
  const rawBursts = f.bursts ?? [];
  if (rawBursts.length > MAX_WORKLOAD_BURSTS) {
    ctx.sink.report(
      'too-large',
      [...path, 'bursts'],
      `at most ${MAX_WORKLOAD_BURSTS} bursts per generator, got ${rawBursts.length}`,
    );
    return { ratePerHour: f.ratePerHour ?? 0, daily, bursts };
  }
  let burstJobs = 0;
  rawBursts.forEach((item, j) => {
    const at = [...path, 'bursts', j];
    const b = readFields(item, at, BURST_FIELDS, ctx.sink, {
      required: ['at', 'jobs'],
      what: 'a burst ({at, jobs, spread?})',
    });
    if (b === null || b.at === undefined || b.jobs === undefined) return;
    const burst: Burst = { atMs: b.at, jobs: b.jobs, spreadMs: b.spread ?? 0 };
    const end = burst.atMs + burst.spreadMs;
    if (span !== null && (burst.atMs < span.fromMs || end > span.untilMs || burst.atMs >= span.untilMs)) {
      ctx.sink.report(
        'out-of-range',
        at,
        `a burst's arrivals [at, at + spread) must lie in the generator's [from, until) = [${formatDuration(span.fromMs)}, ${formatDuration(span.untilMs)}), got [${formatDuration(burst.atMs)}, ${formatDuration(end)})`,
      );
    }
    burstJobs += burst.jobs;
    bursts.push(burst);
  });
  if (burstJobs > maxJobs) {
    ctx.sink.report(
      'too-large',
      [...path, 'bursts'],
      `the bursts make ${burstJobs} jobs, more than the generator's maxJobs (${maxJobs})`,
      'Raise maxJobs (it bounds every job of the generator, bursts included) or make the bursts smaller.',
    );
  }
  return { ratePerHour: f.ratePerHour ?? 0, daily, bursts };
}

/** `gpus`: a plain quantity, or a list of {value, weight}; default one GPU. */
function readGpus(raw: unknown, path: FieldPath, perTask: number, ctx: NormaliseContext): Weighted<number>[] {
  if (raw === undefined) return [{ value: 1, weight: 1 }];
  if (!Array.isArray(raw)) {
    const value = readJobGpus(raw, path, perTask, ctx);
    return value === null ? [] : [{ value, weight: 1 }];
  }
  const out: Weighted<number>[] = [];
  if (!checkChoices(raw, path, 'GPU sizes', ctx)) return out;
  raw.forEach((item, j) => {
    const at = [...path, j];
    const c = readFields(item, at, GPU_CHOICE_FIELDS, ctx.sink, {
      required: ['value', 'weight'],
      what: 'a GPU size ({value, weight})',
    });
    if (c === null || c.value === undefined || c.weight === undefined) return;
    const value = readJobGpus(c.value, [...at, 'value'], perTask, ctx);
    if (value !== null) out.push({ value, weight: c.weight });
  });
  return out;
}

function checkChoices(
  raw: readonly unknown[],
  path: FieldPath,
  what: string,
  ctx: NormaliseContext,
): boolean {
  if (raw.length === 0) ctx.sink.report('invalid-value', path, `list at least one of the ${what}`);
  else if (raw.length > MAX_WORKLOAD_CHOICES)
    ctx.sink.report('too-large', path, `at most ${MAX_WORKLOAD_CHOICES} ${what}, got ${raw.length}`);
  else return true;
  return false;
}

/** A job's GPUs: a fraction of one device, or whole devices in at most MAX_EXPANSION tasks. */
function readJobGpus(raw: unknown, path: FieldPath, perTask: number, ctx: NormaliseContext): number | null {
  const parsed = jobGpusSchema.safeParse(raw, { reportInput: true });
  if (!parsed.success) {
    reportZodIssues(parsed.error.issues, path, ctx.sink);
    return null;
  }
  const gpus = parsed.data;
  if (gpus > 1 && !Number.isInteger(gpus)) {
    ctx.sink.report('invalid-gpu', path, `a job asks for whole GPUs or a fraction of one GPU, not ${gpus}`);
    return null;
  }
  const tasks = Math.ceil(gpus / perTask);
  if (tasks > MAX_EXPANSION) {
    ctx.sink.report(
      'out-of-range',
      path,
      `a job of ${gpus} GPUs would have ${tasks} tasks of ${perTask} GPUs; at most ${MAX_EXPANSION} tasks per job`,
    );
    return null;
  }
  return gpus;
}

function readRuntime(raw: unknown, path: FieldPath, ctx: NormaliseContext): RuntimeDistribution {
  const fallback: RuntimeDistribution = { shape: { kind: 'fixed', ms: 0 }, minMs: null, maxMs: null };
  if (raw === undefined) {
    ctx.sink.report('missing-field', path, 'required field "runtime" is missing');
    return fallback;
  }
  const f = readFields(raw, path, RUNTIME_FIELDS, ctx.sink, {
    what: 'a runtime distribution ({logNormal}, {shiftedExponential} or {fixed}, with min?/max?)',
  });
  if (f === null) return fallback;
  const written = ['logNormal', 'shiftedExponential', 'fixed'].filter(
    (k) => isMapping(raw) && raw[k] != null,
  );
  if (written.length !== 1) {
    ctx.sink.report(
      written.length === 0 ? 'missing-field' : 'invalid-value',
      path,
      `a runtime has exactly one of logNormal, shiftedExponential or fixed, got ${written.length === 0 ? 'none' : written.join(', ')}`,
    );
    return fallback;
  }
  const out: RuntimeDistribution = { shape: fallback.shape, minMs: f.min ?? null, maxMs: f.max ?? null };
  if (out.minMs !== null && out.maxMs !== null && out.minMs > out.maxMs)
    ctx.sink.report(
      'out-of-range',
      [...path, 'max'],
      `max (${formatDuration(out.maxMs)}) is below min (${formatDuration(out.minMs)})`,
    );
  if (f.fixed !== undefined) out.shape = { kind: 'fixed', ms: f.fixed };
  if (f.logNormal !== undefined) {
    const d = readFields(f.logNormal, [...path, 'logNormal'], LOG_NORMAL_FIELDS, ctx.sink, {
      required: ['median', 'sigma'],
      what: 'a log-normal distribution ({median, sigma})',
    });
    if (d?.median !== undefined && d.sigma !== undefined)
      out.shape = { kind: 'logNormal', medianMs: d.median, sigma: d.sigma };
  }
  if (f.shiftedExponential !== undefined) {
    const d = readFields(
      f.shiftedExponential,
      [...path, 'shiftedExponential'],
      SHIFTED_EXPONENTIAL_FIELDS,
      ctx.sink,
      {
        required: ['mean'],
        what: 'a shifted exponential distribution ({shift?, mean})',
      },
    );
    if (d?.mean !== undefined)
      out.shape = { kind: 'shiftedExponential', shiftMs: d.shift ?? 0, meanMs: d.mean };
  }
  return out;
}

function readClasses(
  raw: readonly unknown[] | undefined,
  path: FieldPath,
  ctx: NormaliseContext,
): Weighted<string>[] {
  if (raw === undefined || !checkChoices(raw, path, 'priority classes', ctx)) return [];
  const out: Weighted<string>[] = [];
  raw.forEach((item, j) => {
    const at = [...path, j];
    const c = readFields(item, at, CLASS_CHOICE_FIELDS, ctx.sink, {
      required: ['name', 'weight'],
      what: 'a priority class share ({name, weight})',
    });
    if (c === null || c.name === undefined || c.weight === undefined) return;
    if (!ctx.classes.has(c.name)) {
      ctx.sink.report(
        'unknown-priority-class',
        [...at, 'name'],
        `priority class ${quote(c.name)} does not exist (defined: ${listNames([...ctx.classes.keys()])})`,
      );
      return;
    }
    out.push({ value: c.name, weight: c.weight });
  });
  return out;
}

/**
 * Generated names are `<prefix>-<n>` (tasks `<prefix>-<n>-<i>`): two generators clash only when their
 * prefixes are equal (the parts after the last two dashes are digits), and a hand-written job or task
 * clashes when its name has that form with n in 1..maxJobs. Checked by parsing each hand-written name,
 * so the check is linear and holds for every seed.
 */
function checkNames(
  generators: readonly WorkloadGenerator[],
  handWritten: readonly JobSpec[],
  ctx: NormaliseContext,
): void {
  const byPrefix = new Map<string, WorkloadGenerator>();
  for (const g of generators) {
    const path = generatorPaths.get(g) ?? ['workload'];
    const first = byPrefix.get(g.prefix);
    if (first !== undefined) {
      const firstPath = generatorPaths.get(first) ?? [];
      ctx.sink.report(
        'duplicate-name',
        [...path, 'prefix'],
        `prefix ${quote(g.prefix)} is already used by workload[${String(firstPath[1])}]: their job names would clash`,
        'Give each generator its own prefix (it defaults to the queue name).',
      );
      continue;
    }
    byPrefix.set(g.prefix, g);
    const longest = `${g.prefix}-${'0'.repeat(String(g.maxJobs).length)}-${'0'.repeat(String(MAX_EXPANSION).length)}`;
    if (longest.length > MAX_NAME_LENGTH)
      ctx.sink.report(
        'out-of-range',
        [...path, 'prefix'],
        `generated task names would be up to ${longest.length} characters; a name is at most ${MAX_NAME_LENGTH}`,
      );
  }
  if (byPrefix.size === 0) return;
  for (const job of handWritten) {
    const clash = generatedOwner(job.name, byPrefix, false);
    if (clash !== null) reportClash('job', job.name, clash, ctx);
    for (const task of job.tasks) {
      const taskClash = generatedOwner(task.name, byPrefix, true);
      if (taskClash !== null) reportClash('task', task.name, taskClash, ctx);
    }
  }
}

/** The generator whose names include `name` (a job name, or a task name when `isTask`), or null. */
function generatedOwner(
  name: string,
  byPrefix: ReadonlyMap<string, WorkloadGenerator>,
  isTask: boolean,
): WorkloadGenerator | null {
  let rest = name;
  if (isTask) {
    const dash = rest.lastIndexOf('-');
    if (dash < 0 || !/^\d+$/.test(rest.slice(dash + 1))) return null;
    rest = rest.slice(0, dash);
  }
  const dash = rest.lastIndexOf('-');
  if (dash < 0) return null;
  const digits = rest.slice(dash + 1);
  const g = byPrefix.get(rest.slice(0, dash));
  if (g === undefined || !/^\d+$/.test(digits) || digits.length !== String(g.maxJobs).length) return null;
  const n = Number(digits);
  return n >= 1 && n <= g.maxJobs ? g : null;
}

function reportClash(kind: string, name: string, g: WorkloadGenerator, ctx: NormaliseContext): void {
  const path = generatorPaths.get(g) ?? ['workload'];
  ctx.sink.report(
    'duplicate-name',
    [...path, 'prefix'],
    `${kind} ${quote(name)} is written by hand, but workload generator ${quote(g.prefix)} may generate that name (${g.prefix}-1 … up to maxJobs ${g.maxJobs})`,
    'Choose another prefix for the generator, or rename the job.',
  );
}
