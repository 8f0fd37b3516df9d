/** Field tables of `workload:` entries (docs/scenario-format.md §19), read by `normaliseWorkload`. */
import { z } from 'zod';
import {
  MAX_GPUS_PER_NODE,
  MAX_JOBS,
  MAX_WORKLOAD_RATE_PER_HOUR,
  MAX_WORKLOAD_SIGMA,
  MAX_WORKLOAD_WEIGHT,
} from '../limits';
import {
  countSchema,
  durationSchema,
  list,
  nameSchema,
  nested,
  quantitySchema,
  type FieldTable,
} from '../schema';

/** A share of jobs, 0..1. */
const shareSchema = z.number().min(0).max(1);
/** A relative weight of a mix. */
const weightSchema = z.number().positive().max(MAX_WORKLOAD_WEIGHT);

/** One `workload` entry. */
export const WORKLOAD_FIELDS = {
  queue: nameSchema,
  prefix: nameSchema,
  from: durationSchema({ min: 0 }),
  until: durationSchema({ min: 0, inclusive: false }),
  maxJobs: countSchema.min(1).max(MAX_JOBS),
  arrivals: nested,
  gpus: nested,
  gpusPerTask: countSchema.min(1).max(MAX_GPUS_PER_NODE),
  runtime: nested,
  elastic: shareSchema,
  elasticMin: z.number().gt(0).max(1),
  priorityClasses: list,
  preemptible: shareSchema,
} satisfies FieldTable;

/** `arrivals`. */
export const ARRIVAL_FIELDS = {
  ratePerHour: z.number().min(0).max(MAX_WORKLOAD_RATE_PER_HOUR),
  daily: nested,
  bursts: list,
} satisfies FieldTable;

/** `arrivals.daily`. */
export const DAILY_FIELDS = {
  amplitude: shareSchema,
  peakAt: durationSchema({ min: 0 }),
  period: durationSchema({ min: 0, inclusive: false }),
} satisfies FieldTable;

/** An `arrivals.bursts` entry. */
export const BURST_FIELDS = {
  at: durationSchema({ min: 0 }),
  jobs: countSchema.min(1).max(MAX_JOBS),
  spread: durationSchema({ min: 0 }),
} satisfies FieldTable;

/** GPUs of a job: a quantity (fractions below 1 share one device); whole above 1, checked by the reader. */
export const jobGpusSchema = quantitySchema();

/** A `gpus` entry. */
export const GPU_CHOICE_FIELDS = { value: jobGpusSchema, weight: weightSchema } satisfies FieldTable;

/** A `priorityClasses` entry. */
export const CLASS_CHOICE_FIELDS = { name: nameSchema, weight: weightSchema } satisfies FieldTable;

/** `runtime`: exactly one shape, and an optional clamp. */
export const RUNTIME_FIELDS = {
  logNormal: nested,
  shiftedExponential: nested,
  fixed: durationSchema({ min: 0 }),
  min: durationSchema({ min: 0 }),
  max: durationSchema({ min: 0 }),
} satisfies FieldTable;

/** `runtime.logNormal`. */
export const LOG_NORMAL_FIELDS = {
  median: durationSchema({ min: 0, inclusive: false }),
  sigma: z.number().min(0).max(MAX_WORKLOAD_SIGMA),
} satisfies FieldTable;

/** `runtime.shiftedExponential`: shift + an exponential tail of mean `mean`. */
export const SHIFTED_EXPONENTIAL_FIELDS = {
  shift: durationSchema({ min: 0 }),
  mean: durationSchema({ min: 0, inclusive: false }),
} satisfies FieldTable;
