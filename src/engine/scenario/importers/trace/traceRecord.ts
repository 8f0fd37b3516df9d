/**
 * One job of a trace, in trace time (seconds), before sampling and mapping: what every format's reader
 * produces, and the reasons a row is left out (the report counts them, decision 0179).
 */
export interface TraceRecord {
  /** 1-based data row (CSV) or JSON array index: also the job's name (`r<row>`), to find it in the file. */
  row: number;
  /** The vc / organization / qos … value the queue is made from. */
  queue: string;
  submit: number;
  start: number;
  end: number;
  /** GPUs of each task (pod): whole GPUs, or one fraction below 1 (KAI GPU sharing). */
  taskGpus: number[];
  /** `build` (non-preemptible) for jobs the trace marks high-priority; else the profile's default. */
  priorityClassName?: string;
}

/** Reasons, worded once so the report and the tests agree. */
export const SKIP = {
  noGpus: 'no GPUs requested',
  badGpus: 'GPU count is not a number',
  neverStarted: 'never started (no start time)',
  noSubmit: 'missing submit time',
  noEnd: 'never ended (no end time)',
  badTime: 'time is not readable',
  endBeforeStart: 'end before start',
  startBeforeSubmit: 'start before submit',
  noQueue: 'no queue (vc / organization) value',
  shortRow: 'fewer cells than the header',
  notAnObject: 'not a JSON object',
  tooManyTasks: 'more than 10000 tasks in one job (after splitting into tasks of at most gpusPerNode GPUs)',
} as const;

export type Skip = (typeof SKIP)[keyof typeof SKIP];

/** Splits `gpus` into tasks of at most `perNode` GPUs (a fraction below 1 stays one shared task). */
export function splitGpus(gpus: number, perNode: number): number[] {
  if (gpus < 1) return [gpus];
  const whole = Math.ceil(gpus - 1e-9);
  const tasks: number[] = [];
  for (let left = whole; left > 0; left -= perNode) tasks.push(Math.min(left, perNode));
  return tasks;
}

/**
 * A GPU amount as the model takes it: below 1 a fraction (rounded to thousandths, KAI's gpu-fraction),
 * from 1 up whole GPUs rounded up (a job asking 1.5 GPUs holds 2 devices).
 */
export function gpuAmount(gpus: number): number {
  if (gpus < 1) return Math.max(0.001, Math.round(gpus * 1000) / 1000);
  return Math.ceil(gpus - 1e-9);
}
