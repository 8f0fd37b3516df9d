/**
 * Issue 20 "Done when": each trace format imports its synthetic sample with the expected queues, job count,
 * times and skip reasons, and the scenario parses and runs to the end (every kept job completes).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseScenario, runScenario } from '../../../index';
import type { Scenario } from '../../../model/scenario';
import { detectTraceFormat, importTraceBytes } from './index';
import type { TraceImportOptions, TraceImportReport } from './types';

const fixture = (name: string) => new Uint8Array(readFileSync(join(__dirname, 'fixtures', name)));

function imported(name: string, options: TraceImportOptions = {}) {
  const r = importTraceBytes(fixture(name), { sourceName: name, ...options });
  if (!r.ok) throw new Error(r.errors.map((e) => e.message).join('\n'));
  return r;
}

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return p.scenario;
}

/** Runs the scenario to its end; returns the jobs' final phases. */
function finalPhases(scenario: Scenario): string[] {
  const sim = runScenario(scenario);
  return sim.snapshot(sim.sessionCount()).jobs.map((j) => j.phase);
}

const skips = (report: TraceImportReport) =>
  Object.fromEntries(report.skipped.map((s) => [s.reason, s.firstRows]));
const queueSummary = (report: TraceImportReport) =>
  report.queues.map((q) => [q.name, q.source, q.jobs, q.peakGpu, q.quotaGpu]);

describe('each format imports its synthetic sample', () => {
  it('helios: vc → queue, gpu_num GPUs, times compressed, four rows skipped with their reasons', () => {
    const { text, report } = imported('helios-cluster_log.csv', { compress: 24 });
    expect(report.format).toBe('helios');
    expect([report.rows, report.jobs, report.nodes, report.gpusPerNode]).toEqual([24, 20, 7, 8]);
    expect(queueSummary(report)).toEqual([
      ['hi-ent-x', 'Hi Ent/X', 6, 18, 16],
      ['vcalpha', 'vcAlpha', 6, 18, 16],
      ['vcbeta', 'vcBeta', 8, 26, 23],
    ]);
    expect(skips(report)).toEqual({
      'no GPUs requested': [4],
      'never started (no start time)': [9],
      'time is not readable': [13],
      'end before start': [18],
    });
    const scenario = parsed(text);
    expect(scenario.profile).toBe('kai');
    expect(scenario.jobs).toHaveLength(20);
    // Row 2: submitted 10 min after row 1, ran 20 min: ÷ 24 → 25 s and 50 s.
    const r2 = scenario.jobs.find((j) => j.name === 'r2');
    expect([r2?.queue, r2?.submitAtMs, r2?.runtimeMs]).toEqual(['vcbeta', 25_000, 50_000]);
    // Row 5 asks 16 GPUs: two tasks of 8 on 8-GPU nodes.
    expect(scenario.jobs.find((j) => j.name === 'r5')?.tasks.map((t) => t.resources.gpu)).toEqual([8, 8]);
    expect(finalPhases(scenario).every((p) => p === 'Succeeded')).toBe(true);
  });

  it('philly: the largest attempt sets the GPUs, first start to last end is the runtime', () => {
    const { text, report } = imported('philly-cluster_job_log.json', { compress: 24 });
    expect(report.format).toBe('philly');
    expect([report.rows, report.jobs]).toEqual([22, 19]);
    expect(report.queues.map((q) => [q.name, q.source, q.jobs])).toEqual([
      ['q-6214e9', '6214e9', 7],
      ['b436b2', 'b436b2', 7],
      ['ee9e8c', 'ee9e8c', 5],
    ]);
    expect(skips(report)).toEqual({
      'never started (no start time)': [4],
      'no GPUs requested': [10],
      'not a JSON object': [15],
    });
    const scenario = parsed(text);
    // Index 6 was retried: 1 GPU for 100 s, then 2 GPUs until 1,560 s after its first start (runtime
    // 1,560 s ÷ 24 = 65 s, the gap between attempts included); submitted 1,800 s after index 0 (÷ 24 = 75 s).
    const r6 = scenario.jobs.find((j) => j.name === 'r6');
    expect(r6?.tasks.reduce((a, t) => a + (t.resources.gpu ?? 0), 0)).toBe(2);
    expect([r6?.submitAtMs, r6?.runtimeMs]).toEqual([75_000, 65_000]);
    expect(finalPhases(scenario).every((p) => p === 'Succeeded')).toBe(true);
  });

  it('pai (headerless task table): plan_gpu percent, inst_num tasks, gpu_type queues', () => {
    const { text, report } = imported('pai_task_table.csv', { compress: 24 });
    expect(report.format).toBe('pai');
    expect([report.rows, report.jobs]).toEqual([25, 22]);
    expect(report.queues.map((q) => [q.name, q.jobs])).toEqual([
      ['misc', 6],
      ['t4', 8],
      ['v100', 8],
    ]);
    expect(skips(report)).toEqual({
      'no GPUs requested': [3],
      'end before start': [10],
      'never started (no start time)': [21],
    });
    const scenario = parsed(text);
    // Row 1: plan_gpu 50 → half a GPU; row 4: 4 instances of 200 % → four tasks of 2 GPUs.
    expect(scenario.jobs.find((j) => j.name === 'r1')?.tasks.map((t) => t.resources.gpu)).toEqual([0.5]);
    expect(scenario.jobs.find((j) => j.name === 'r4')?.tasks.map((t) => t.resources.gpu)).toEqual([
      2, 2, 2, 2,
    ]);
    expect(finalPhases(scenario).every((p) => p === 'Succeeded')).toBe(true);
  });

  it('alibaba2023 (openb pods): qos → queue, gpu_milli of a sharing pod, CPU-only pods skipped', () => {
    const { text, report } = imported('openb_pod_list_default.csv', { compress: 24 });
    expect(report.format).toBe('alibaba2023');
    expect([report.rows, report.jobs]).toEqual([24, 18]);
    expect(report.queues.map((q) => [q.name, q.source, q.jobs])).toEqual([
      ['be', 'BE', 2],
      ['burstable', 'Burstable', 8],
      ['ls', 'LS', 8],
    ]);
    expect(skips(report)).toEqual({
      'no GPUs requested': [5, 11, 17, 23],
      'end before start': [20],
      'never started (no start time)': [8],
    });
    const scenario = parsed(text);
    expect(scenario.jobs.find((j) => j.name === 'r1')?.tasks.map((t) => t.resources.gpu)).toEqual([0.25]);
    expect(finalPhases(scenario).every((p) => p === 'Succeeded')).toBe(true);
  });

  it('alibaba2023 (2026 spot jobs): organization → queue, worker_num tasks, HP jobs non-preemptible', () => {
    const { text, report } = imported('spot_job_trace.csv', { compress: 24 });
    expect(report.format).toBe('alibaba2023');
    expect([report.rows, report.jobs]).toEqual([20, 18]);
    expect(report.queues.map((q) => q.name)).toEqual(['q-13', 'q-57', 'q-8']);
    expect(skips(report)).toEqual({
      'no GPUs requested': [6],
      'no queue (vc / organization) value': [12],
    });
    const scenario = parsed(text);
    const r4 = scenario.jobs.find((j) => j.name === 'r4');
    expect([r4?.priorityClassName, r4?.tasks.length, r4?.submitAtMs, r4?.runtimeMs]).toEqual([
      'build',
      4,
      15_000,
      33_000,
    ]);
    expect(finalPhases(scenario).every((p) => p === 'Succeeded')).toBe(true);
  });
});

describe('detection, sampling, quotas and bounds', () => {
  it('tells the formats apart by content, never by name', () => {
    const head = (name: string) => new TextDecoder().decode(fixture(name).subarray(0, 4096));
    expect(detectTraceFormat(head('helios-cluster_log.csv'))).toBe('helios');
    expect(detectTraceFormat(head('philly-cluster_job_log.json'))).toBe('philly');
    expect(detectTraceFormat(head('pai_task_table.csv'))).toBe('pai');
    expect(detectTraceFormat(head('openb_pod_list_default.csv'))).toBe('alibaba2023');
    expect(detectTraceFormat(head('spot_job_trace.csv'))).toBe('alibaba2023');
    expect(detectTraceFormat('version: 1\nnodes: []\n')).toBeNull();
    expect(detectTraceFormat('[{"name": "x"}]')).toBeNull();
  });

  it('window, first N and a seeded fraction keep the jobs they say, the same ones for the same seed', () => {
    // Helios rows are submitted every 10 min: [1h, 2h) holds rows 7–12, less row 9 (never started).
    const w = imported('helios-cluster_log.csv', { window: { fromMs: 3_600_000, toMs: 7_200_000 } });
    expect(parsed(w.text).jobs.map((j) => j.name)).toEqual(['r7', 'r8', 'r10', 'r11', 'r12']);
    expect(parsed(w.text).jobs[0]?.submitAtMs).toBe(0);
    const first = imported('helios-cluster_log.csv', { firstJobs: 3 });
    expect(parsed(first.text).jobs.map((j) => j.name)).toEqual(['r1', 'r2', 'r3']);
    const a = imported('helios-cluster_log.csv', { fraction: 0.5, seed: 7 });
    const b = imported('helios-cluster_log.csv', { fraction: 0.5, seed: 7 });
    expect(a.text).toBe(b.text);
    expect(a.report.jobs).toBeGreaterThan(0);
    expect(a.report.jobs).toBeLessThan(20);
  });

  it('quota rules: none leaves quotas out, mean-share weighs GPU-time, nodes and GPUs per node as asked', () => {
    const none = imported('helios-cluster_log.csv', { quotaRule: 'none' });
    expect(none.report.queues.every((q) => q.quotaGpu === null)).toBe(true);
    expect(parsed(none.text).queues.every((q) => q.resources.gpu?.quota === 0)).toBe(true);
    const mean = imported('helios-cluster_log.csv', { quotaRule: 'mean-share', nodes: 10, gpusPerNode: 4 });
    expect([mean.report.nodes, mean.report.gpusPerNode]).toEqual([10, 4]);
    const total = mean.report.queues.reduce((s, q) => s + (q.quotaGpu ?? 0), 0);
    expect(total).toBeLessThanOrEqual(40);
    expect(total).toBeGreaterThan(36);
    // With 4-GPU nodes a 16-GPU job is four tasks.
    expect(parsed(mean.text).jobs.find((j) => j.name === 'r5')?.tasks).toHaveLength(4);
  });

  it('answers bad options and damaged files with errors naming what and where', () => {
    const bad = importTraceBytes(fixture('helios-cluster_log.csv'), {
      compress: 0,
      gpusPerNode: 300,
      fraction: 2,
    });
    expect(bad.ok ? [] : bad.errors.map((e) => e.field)).toEqual(['compress', 'fraction', 'gpusPerNode']);
    const noColumn = importTraceBytes(
      new TextEncoder().encode('job_id,vc,gpu_num,submit_time,start_time\n1,a,1,0,0\n'),
      {
        format: 'helios',
      },
    );
    expect(noColumn.ok ? null : noColumn.errors[0]).toEqual({
      message: 'the helios header has no column "end_time"',
      line: 1,
      field: 'end_time',
    });
    const notText = importTraceBytes(new Uint8Array([0x76, 0x63, 0x0a, 0xff, 0xfe, 0x0a]), {
      format: 'helios',
    });
    expect(notText.ok).toBe(false);
    const unknown = importTraceBytes(new TextEncoder().encode('a,b,c\n1,2,3\n'), {});
    expect(unknown.ok ? '' : unknown.errors[0]?.message).toMatch(/not a known trace/);
    const longLine = `vc,gpu_num,submit_time,start_time,end_time\n"${'x'.repeat(70_000)}\n`;
    const long = importTraceBytes(new TextEncoder().encode(longLine), {});
    expect(long.ok ? null : long.errors[0]?.line).toBe(2);
  });

  it('a quoted cell may hold a line break: the row is read whole and later rows keep their numbers', () => {
    const csv =
      'job_id,user,vc,jobname,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue\r\n' +
      'a,u,v1,"two\nlines",2,1,1,COMPLETED,0,10,70,60,10\r\n' +
      'b,u,v1,x,0,1,1,COMPLETED,5,10,70,60,5\r\n';
    const r = importTraceBytes(new TextEncoder().encode(csv), {});
    expect(r.ok ? [r.report.jobs, r.report.skipped[0]?.firstRows] : r.errors).toEqual([1, [2]]);
  });
});

describe('bounds of §20.5', () => {
  it('more queues than fit under one parent is an error asking to sample', () => {
    const header =
      'job_id,user,vc,jobname,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue\n';
    const rows = Array.from(
      { length: 5_001 },
      (_, i) => `j${i},u,vc${i},n,1,1,1,COMPLETED,${i},${i},${i + 60},60,0\n`,
    );
    const r = importTraceBytes(new TextEncoder().encode(header + rows.join('')), {});
    expect(r.ok ? null : r.errors[0]?.field).toBe('queues');
    const fewer = importTraceBytes(new TextEncoder().encode(header + rows.join('')), { firstJobs: 5_000 });
    expect(fewer.ok ? fewer.report.queues.length : fewer.errors).toBe(5_000);
  });
});

describe('a job too large for one scenario', () => {
  it('is skipped with its reason: more than 10,000 tasks after splitting', () => {
    const csv =
      'job_id,user,vc,jobname,gpu_num,cpu_num,node_num,state,submit_time,start_time,end_time,duration,queue\n' +
      'a,u,v,n,80008,1,1,COMPLETED,0,0,60,60,0\nb,u,v,n,8,1,1,COMPLETED,0,0,60,60,0\n';
    const r = importTraceBytes(new TextEncoder().encode(csv), {});
    expect(r.ok ? [r.report.jobs, r.report.skipped.map((s) => [s.reason, s.firstRows])] : r.errors).toEqual([
      1,
      [['more than 10000 tasks in one job (after splitting into tasks of at most gpusPerNode GPUs)', [1]]],
    ]);
  });
});
