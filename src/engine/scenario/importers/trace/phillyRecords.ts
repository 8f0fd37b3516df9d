/**
 * Microsoft Philly `cluster_job_log` (github.com/msr-fiddle/philly-traces, decision 0178): one JSON array of
 * jobs `{status, vc, jobid, attempts: [{start_time, end_time, detail: [{ip, gpus: [...]}]}],
 * submitted_time, user}`, times `YYYY-MM-DD HH:MM:SS`. Rules: vc → queue; GPUs = the most any attempt held
 * (Σ of its machines' `gpus` lists: a retried job asks what its largest attempt got); submit =
 * `submitted_time`, start = the first attempt's `start_time`, end = the last attempt's `end_time` (the time
 * between attempts counts as running: the trace does not say the job was pending then). Every status
 * (Pass, Killed, Failed) is kept: each held its GPUs for that time.
 */
import { checkTimes } from './csvFormats';
import { SKIP, type Skip, type TraceRecord } from './traceRecord';
import { traceSeconds } from './traceTime';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** One array element → its job (without the row number) or why it is skipped. */
export function phillyRecord(job: unknown): Omit<TraceRecord, 'row'> | Skip {
  if (!isObject(job)) return SKIP.notAnObject;
  const vc = job['vc'];
  const attempts = Array.isArray(job['attempts']) ? (job['attempts'] as unknown[]) : [];
  let gpus = 0;
  for (const attempt of attempts) {
    if (!isObject(attempt) || !Array.isArray(attempt['detail'])) continue;
    let held = 0;
    for (const machine of attempt['detail'] as unknown[])
      if (isObject(machine) && Array.isArray(machine['gpus'])) held += machine['gpus'].length;
    gpus = Math.max(gpus, held);
  }
  const first = attempts[0];
  const lastAttempt = attempts[attempts.length - 1];
  if (attempts.length === 0 || !isObject(first) || !isObject(lastAttempt)) return SKIP.neverStarted;
  if (gpus === 0) return SKIP.noGpus;
  const t = checkTimes(
    traceSeconds(job['submitted_time']),
    traceSeconds(first['start_time']),
    traceSeconds(lastAttempt['end_time']),
  );
  if (typeof t === 'string') return t;
  return { queue: typeof vc === 'string' ? vc.trim() : '', ...t, taskGpus: [gpus] };
}
