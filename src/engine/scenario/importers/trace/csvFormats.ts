/**
 * Column mappings of the CSV traces (docs/scenario-format.md §20.1, decision 0178), from each release's
 * published schema:
 * - `helios`: SenseTime Helios `cluster_log.csv` (github.com/S-Lab-System-Group/HeliosData):
 *   `job_id,user,vc,jobname,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue`;
 *   vc → queue, one task of `gpu_num` GPUs.
 * - `pai`: Alibaba PAI 2020 `pai_task_table` (alibaba/clusterdata cluster-trace-gpu-v2020):
 *   `job_name,task_name,inst_num,status,start_time,end_time,plan_cpu,plan_mem,plan_gpu,gpu_type`, shipped
 *   without a header row (a header is accepted too). `plan_gpu` is percent of one GPU per instance; the job
 *   has `inst_num` tasks. The table has no submit time: submit = start. Queue: `group`, else `user` when a
 *   joined table has them, else `gpu_type`.
 * - `alibaba2023`: `openb_pod_list*.csv` (cluster-trace-gpu-v2023): `name,cpu_milli,memory_mib,num_gpu,
 *   gpu_milli,gpu_spec,qos,pod_phase,creation_time,deletion_time,scheduled_time`, `gpu_milli` the share of
 *   the one GPU of a sharing pod; qos → queue. Also the 2025 DLRM trace (`instance_sn,role,app_name,…,
 *   gpu_request,…,creation_time,scheduled_time,deletion_time`, app_name → queue) and the 2026 spot-GPU
 *   trace (`job_name,organization,gpu_model,cpu_request,gpu_request,worker_num,submit_time,duration,
 *   job_type`: organization → queue, `worker_num` tasks of `gpu_request` GPUs, start = submit, `HP` jobs
 *   non-preemptible).
 */
import { SKIP, type Skip, type TraceRecord } from './traceRecord';
import { traceAmount, traceSeconds } from './traceTime';
import type { TraceFormat, TraceImportError } from './types';

/** A data row's cells → its job (without the row number) or why it is skipped. */
export type RowMapper = (cells: readonly string[]) => Omit<TraceRecord, 'row'> | Skip;

/** PAI's task table ships without a header: these are its columns, in order. */
export const PAI_TASK_COLUMNS = [
  'job_name',
  'task_name',
  'inst_num',
  'status',
  'start_time',
  'end_time',
  'plan_cpu',
  'plan_mem',
  'plan_gpu',
  'gpu_type',
] as const;

const has = (header: readonly string[], ...names: string[]) => names.every((n) => header.includes(n));

/** Which CSV trace a header row belongs to (or a headerless PAI task row); null when none. */
export function csvFormatOf(cells: readonly string[]): TraceFormat | null {
  const header = cells.map((c) => c.trim());
  if (has(header, 'vc', 'gpu_num', 'submit_time', 'start_time', 'end_time')) return 'helios';
  if (has(header, 'plan_gpu', 'inst_num', 'start_time', 'end_time')) return 'pai';
  if (has(header, 'num_gpu', 'creation_time', 'scheduled_time', 'deletion_time')) return 'alibaba2023';
  if (has(header, 'gpu_request', 'creation_time', 'scheduled_time', 'deletion_time')) return 'alibaba2023';
  if (has(header, 'gpu_request', 'organization', 'submit_time', 'duration')) return 'alibaba2023';
  if (isPaiTaskRow(header)) return 'pai';
  return null;
}

/** A headerless PAI task row: 10 cells, a known status, numeric times and instance count. */
function isPaiTaskRow(cells: readonly string[]): boolean {
  if (cells.length !== PAI_TASK_COLUMNS.length) return false;
  const [, , inst, status, start, end] = cells;
  return (
    ['Terminated', 'Failed', 'Running', 'Waiting', 'Interrupted', 'Ready'].includes(status ?? '') &&
    typeof traceAmount(inst) === 'number' &&
    traceSeconds(start) !== undefined &&
    traceSeconds(end) !== undefined
  );
}

/** Times in trace seconds, or why they cannot be used. */
export function checkTimes(
  submit: number | null | undefined,
  start: number | null | undefined,
  end: number | null | undefined,
): { submit: number; start: number; end: number } | Skip {
  if (submit === undefined || start === undefined || end === undefined) return SKIP.badTime;
  if (submit === null) return SKIP.noSubmit;
  if (start === null) return SKIP.neverStarted;
  if (end === null) return SKIP.noEnd;
  if (start < submit) return SKIP.startBeforeSubmit;
  if (end < start) return SKIP.endBeforeStart;
  return { submit, start, end };
}

/** One task's GPU amount from a cell; a Skip when absent, zero or not a number. */
function gpusOf(cell: string | undefined, scale = 1): number | Skip {
  const n = traceAmount(cell);
  if (n === undefined) return SKIP.badGpus;
  if (n === null || n === 0) return SKIP.noGpus;
  return n / scale;
}

/** The mapper for `format` given its header (null: the file has no header row, PAI's own order). */
export function csvRowMapper(
  format: Exclude<TraceFormat, 'philly'>,
  header: readonly string[] | null,
): RowMapper | TraceImportError {
  const names = (header ?? PAI_TASK_COLUMNS).map((c) => c.trim());
  const col = (name: string) => names.indexOf(name);
  const need = (...wanted: string[]): number[] | TraceImportError => {
    const missing = wanted.filter((n) => col(n) < 0);
    return missing.length === 0
      ? wanted.map(col)
      : {
          message: `the ${format} header has no column ${missing.map((m) => `"${m}"`).join(', ')}`,
          line: 1,
          field: missing[0] ?? null,
        };
  };
  /** The first of `options` the header has, or an error naming them. */
  const queueColumn = (...options: string[]): number | TraceImportError => {
    const i = options.map(col).find((c) => c >= 0);
    return i !== undefined
      ? i
      : {
          message: `the ${format} table has no ${options.join(', ')} column for the queue`,
          line: 1,
          field: options[0] ?? null,
        };
  };
  const width = names.length;
  const cell = (cells: readonly string[], i: number) => (i >= 0 ? cells[i] : undefined);
  const queueOf = (cells: readonly string[], i: number) => (cells[i] ?? '').trim();

  if (format === 'helios') {
    const c = need('vc', 'gpu_num', 'submit_time', 'start_time', 'end_time');
    if (!Array.isArray(c)) return c;
    const [vc, gpu, submit, start, end] = c as [number, number, number, number, number];
    return (cells) => {
      if (cells.length < width) return SKIP.shortRow;
      const gpus = gpusOf(cells[gpu]);
      if (typeof gpus === 'string') return gpus;
      const t = checkTimes(traceSeconds(cells[submit]), traceSeconds(cells[start]), traceSeconds(cells[end]));
      if (typeof t === 'string') return t;
      return { queue: queueOf(cells, vc), ...t, taskGpus: [gpus] };
    };
  }
  if (format === 'pai') {
    const c = need('inst_num', 'start_time', 'end_time', 'plan_gpu');
    if (!Array.isArray(c)) return c;
    const [inst, start, end, plan] = c as [number, number, number, number];
    const q = queueColumn('group', 'user', 'gpu_type');
    if (typeof q !== 'number') return q;
    return (cells) => {
      if (cells.length < width) return SKIP.shortRow;
      const gpus = gpusOf(cells[plan], 100);
      if (typeof gpus === 'string') return gpus;
      const n = traceAmount(cells[inst]);
      if (n === undefined || n === null || n < 1 || !Number.isInteger(n) || n > 10_000) return SKIP.badGpus;
      const s = traceSeconds(cells[start]);
      if (s === null) return SKIP.neverStarted;
      const t = checkTimes(s, s, traceSeconds(cells[end]));
      if (typeof t === 'string') return t;
      return { queue: queueOf(cells, q), ...t, taskGpus: new Array<number>(n).fill(gpus) };
    };
  }
  // alibaba2023: the 2023 openb pods, the 2025 DLRM instances or the 2026 spot jobs.
  if (col('worker_num') >= 0 || (col('duration') >= 0 && col('creation_time') < 0)) {
    const c = need('organization', 'gpu_request', 'submit_time', 'duration');
    if (!Array.isArray(c)) return c;
    const [org, gpu, submit, duration] = c as [number, number, number, number];
    const workers = col('worker_num');
    const type = col('job_type');
    return (cells) => {
      if (cells.length < width) return SKIP.shortRow;
      const gpus = gpusOf(cells[gpu]);
      if (typeof gpus === 'string') return gpus;
      const n = workers >= 0 ? traceAmount(cells[workers]) : 1;
      if (n === undefined || n === null || n < 1 || !Number.isInteger(n) || n > 10_000) return SKIP.badGpus;
      const s = traceSeconds(cells[submit]);
      const d = traceAmount(cell(cells, duration));
      const t = checkTimes(
        s,
        s,
        typeof s === 'number' && typeof d === 'number' ? s + d : d === null ? null : undefined,
      );
      if (typeof t === 'string') return t;
      const hp = (cell(cells, type) ?? '').trim() === 'HP';
      return {
        queue: queueOf(cells, org),
        ...t,
        taskGpus: new Array<number>(n).fill(gpus),
        ...(hp ? { priorityClassName: 'build' } : {}),
      };
    };
  }
  const c = need('creation_time', 'scheduled_time', 'deletion_time');
  if (!Array.isArray(c)) return c;
  const [created, scheduled, deleted] = c as [number, number, number];
  const q = queueColumn('organization', 'qos', 'app_name');
  if (typeof q !== 'number') return q;
  const numGpu = col('num_gpu');
  const milli = col('gpu_milli');
  const request = col('gpu_request');
  return (cells) => {
    if (cells.length < width) return SKIP.shortRow;
    let gpus: number | Skip;
    if (numGpu >= 0) {
      gpus = gpusOf(cells[numGpu]);
      // openb: a sharing pod asks one GPU and gpu_milli thousandths of it (cluster-trace-gpu-v2023 README).
      const share = traceAmount(cell(cells, milli));
      if (gpus === 1 && typeof share === 'number' && share > 0 && share < 1000) gpus = share / 1000;
    } else gpus = gpusOf(cell(cells, request));
    if (typeof gpus === 'string') return gpus;
    const t = checkTimes(
      traceSeconds(cells[created]),
      traceSeconds(cells[scheduled]),
      traceSeconds(cells[deleted]),
    );
    if (typeof t === 'string') return t;
    return { queue: queueOf(cells, q), ...t, taskGpus: [gpus] };
  };
}
