/**
 * The scenario of an imported trace (docs/scenario-format.md §20.3–20.4, decision 0180): kept jobs in
 * scenario time, leaf queues with quotas, enough nodes for the peak, and a header comment naming the
 * source, the options and the report. Compact YAML as the snapshot import writes it (one line a job).
 */
import { formatDuration, MAX_DURATION_MS } from '../../../model/duration';
import { MAX_JOBS, MAX_NODES, MAX_SESSIONS, MAX_TASKS, MAX_TEXT_LENGTH } from '../../limits';
import { writeScenarioYaml } from '../cluster/writeScenarioYaml';
import type { Data } from '../FieldTracker';
import { clusterImportProfile } from '../../../registry';
import { MAX_TRACE_QUEUES } from './traceLimits';
import { gpuAmount, splitGpus, type TraceRecord } from './traceRecord';
import { meanUse, PARENT_QUEUE, peakUse, queueNames, quotas } from './traceQueues';
import type { TraceImportError, TraceImportReport, TraceQueueReport, TraceSkip } from './types';

export interface ScenarioInput {
  format: TraceImportReport['format'];
  sourceName: string | null;
  rows: number;
  kept: TraceRecord[];
  skipped: TraceSkip[];
  notes: string[];
  compress: number;
  gpusPerNode: number;
  nodes: number | undefined;
  quotaRule: 'peak-share' | 'mean-share' | 'none';
  optionsText: string;
}

const SAMPLE_HINT = 'sample it with a window, the first N jobs or a fraction (docs/scenario-format.md §20.2)';
const oneLine = (s: string) => s.replace(/[\r\n\u2028\u2029]+/g, ' ');

/** The scenario text and report, or an error when a bound of §10 would be passed. */
export function traceScenario(
  input: ScenarioInput,
): { text: string; report: TraceImportReport } | TraceImportError {
  const { kept, compress, gpusPerNode } = input;
  const notes = [...input.notes];
  if (kept.length > MAX_JOBS)
    return {
      message: `${kept.length} jobs are kept, a scenario holds at most ${MAX_JOBS} (§10): ${SAMPLE_HINT}`,
      line: null,
      field: 'jobs',
    };
  const t0 = kept[0]?.submit ?? 0;
  const traceStart = kept.reduce((m, r) => Math.min(m, r.start), kept[0]?.start ?? 0);
  const traceEnd = kept.reduce((m, r) => Math.max(m, r.end), t0);

  // Queues, in order of their trace value (a stable order whatever the row order).
  const sources = [...new Set(kept.map((r) => r.queue))].sort();
  if (sources.length > MAX_TRACE_QUEUES)
    return {
      message: `the kept jobs come from ${sources.length} queues (vc / organization values), at most ${MAX_TRACE_QUEUES} fit under one parent (§10's queue width): ${SAMPLE_HINT}`,
      line: null,
      field: 'queues',
    };
  const names = queueNames(sources);
  const byQueue = new Map<string, TraceRecord[]>(sources.map((s) => [s, []]));
  for (const r of kept) byQueue.get(r.queue)?.push(r);

  const clusterPeak = peakUse(kept);
  let nodes = input.nodes ?? Math.max(1, Math.ceil(clusterPeak / gpusPerNode - 1e-9));
  if (nodes > MAX_NODES) {
    notes.push(
      `the kept jobs' peak use (${clusterPeak} GPUs) needs ${nodes} nodes of ${gpusPerNode} GPUs: cut to ${MAX_NODES} (§10)`,
    );
    nodes = MAX_NODES;
  }
  const clusterGpus = nodes * gpusPerNode;
  const peaks = sources.map((s) => peakUse(byQueue.get(s) ?? []));
  const span = Math.max(traceEnd - traceStart, 0);
  const weights =
    input.quotaRule === 'mean-share' ? sources.map((s) => meanUse(byQueue.get(s) ?? [], span)) : peaks;
  const quota = quotas(weights, clusterGpus, input.quotaRule);

  const queues: TraceQueueReport[] = sources.map((s, i) => ({
    name: names.get(s) ?? s,
    source: s,
    jobs: byQueue.get(s)?.length ?? 0,
    quotaGpu: quota[i] ?? null,
    peakGpu: peaks[i] ?? 0,
  }));

  let tasks = 0;
  let lastEndMs = 0;
  const jobs: Data[] = [];
  for (const r of kept) {
    const submitMs = Math.round((r.submit - t0) / compress) * 1000;
    const runtimeMs = Math.max(1, Math.round((r.end - r.start) / compress)) * 1000;
    if (submitMs > MAX_DURATION_MS || runtimeMs > MAX_DURATION_MS)
      return {
        message: `row ${r.row}: ${submitMs > MAX_DURATION_MS ? 'its submit time' : 'its runtime'} after compression is beyond 10000h (§10): compress more or ${SAMPLE_HINT}`,
        line: null,
        field: 'compress',
      };
    lastEndMs = Math.max(lastEndMs, submitMs + runtimeMs);
    const split = r.taskGpus.flatMap((g) => splitGpus(gpuAmount(g), gpusPerNode));
    tasks += split.length;
    const same = split.every((g) => g === split[0]);
    jobs.push({
      name: `r${r.row}`,
      queue: names.get(r.queue) ?? r.queue,
      ...(r.priorityClassName ? { priorityClassName: r.priorityClassName } : {}),
      submitAt: formatDuration(submitMs),
      runtime: formatDuration(runtimeMs),
      ...(same
        ? { ...(split.length > 1 ? { tasks: split.length } : {}), resources: { gpu: split[0] ?? 0 } }
        : { tasks: split.map((g) => ({ resources: { gpu: g } })) }),
    });
  }
  if (tasks > MAX_TASKS)
    return {
      message: `the kept jobs have ${tasks} tasks, a scenario holds at most ${MAX_TASKS} (§10): ${SAMPLE_HINT}`,
      line: null,
      field: 'jobs',
    };

  // Room for the last job to wait and run: an hour past the last end, within §10's duration and sessions.
  const untilMs = Math.min(MAX_DURATION_MS, lastEndMs + 3_600_000);
  if (untilMs / 1000 > MAX_SESSIONS)
    notes.push(
      `at the 1s schedule period the run covers at most ${MAX_SESSIONS} sessions (${formatDuration(MAX_SESSIONS * 1000)}) of ${formatDuration(untilMs)}: compress more to see the whole trace`,
    );

  const scenarioSpanMs = Math.max(0, lastEndMs);
  const report: TraceImportReport = {
    format: input.format,
    rows: input.rows,
    jobs: kept.length,
    nodes,
    gpusPerNode,
    queues,
    skipped: input.skipped,
    traceSpanMs: Math.round((traceEnd - t0) * 1000),
    scenarioSpanMs,
    compress,
    notes,
  };
  const source = input.sourceName === null ? '' : ` (${oneLine(input.sourceName)})`;
  const header = [
    `# Imported from a trace in the ${input.format} format${source} by the trace import (docs/scenario-format.md §20).`,
    `# Options: ${input.optionsText}.`,
    ...describeTraceImport(report).map((l) => `# ${oneLine(l)}`),
  ];
  const scenario: Data = {
    version: 1,
    name: `${input.format} trace${source}`.slice(0, 253),
    profile: clusterImportProfile(),
    nodes: [{ name: 'node', count: nodes, resources: { gpu: gpusPerNode } }],
    queues: [
      {
        name: PARENT_QUEUE,
        ...(input.quotaRule === 'none' ? {} : { resources: { gpu: { quota: clusterGpus } } }),
      },
      ...queues.map((q) => ({
        name: q.name,
        parent: PARENT_QUEUE,
        ...(q.quotaGpu === null ? {} : { resources: { gpu: { quota: q.quotaGpu } } }),
      })),
    ],
    jobs,
    run: { until: formatDuration(untilMs), maxSessions: MAX_SESSIONS },
  };
  const text = writeScenarioYaml(header, scenario);
  if (text.length > MAX_TEXT_LENGTH)
    return {
      message: `the scenario would be ${text.length} characters, at most ${MAX_TEXT_LENGTH} (§10): ${SAMPLE_HINT}`,
      line: null,
      field: 'jobs',
    };
  return { text, report };
}

/** The report as lines of text: the CLI's stderr, the scenario's header comment and the app's dialog. */
export function describeTraceImport(report: TraceImportReport): string[] {
  const lines = [
    `${report.format}: ${report.rows} rows read, ${report.jobs} jobs kept; ${report.nodes} nodes × ${report.gpusPerNode} GPUs; trace span ${formatDuration(report.traceSpanMs)} → scenario span ${formatDuration(report.scenarioSpanMs)} (compress ${report.compress})`,
  ];
  for (const q of report.queues)
    lines.push(
      `queue ${q.name} (from ${JSON.stringify(q.source)}): ${q.jobs} jobs, peak ${q.peakGpu} GPUs, quota ${q.quotaGpu === null ? 'none' : `${q.quotaGpu} GPUs`}`,
    );
  for (const s of report.skipped)
    lines.push(
      `skipped ${s.count} ${s.count === 1 ? 'row' : 'rows'}: ${s.reason} (${s.firstRows.length === 1 ? 'row' : 'rows'} ${s.firstRows.join(', ')}${s.count > s.firstRows.length ? ', …' : ''})`,
    );
  for (const n of report.notes) lines.push(`note: ${n}`);
  return lines;
}
