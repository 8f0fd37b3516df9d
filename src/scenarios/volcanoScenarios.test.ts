/**
 * The seed scenarios for Volcano and kube-batch (issue 9 §4, "Gallery, from the seeds"), checked against
 * the engine's trace: which plugin, in which tier, decided what, in which session. When one fails, fix the
 * scenario or its lesson, not the expectation.
 */
import { describe, expect, it } from 'vitest';
import type { Simulation } from '../engine/api';
import { createSimulation, formatIssue, parseScenario } from '../engine/index';
import type { SessionSnapshot } from '../engine/model/snapshot';
import type { JobAttempt, ProfileDetail, Verdict } from '../engine/model/trace';
import { findBuiltinScenario } from './builtinScenarios';

function run(id: string): Simulation {
  const entry = findBuiltinScenario(id);
  if (entry === null) throw new Error(`no scenario ${id}`);
  const parsed = parseScenario(entry.text, { fileName: entry.fileName });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  const sim = createSimulation(parsed.scenario);
  while (sim.step()) {
    if (sim.sessionCount() > 100) throw new Error('runaway scenario');
  }
  return sim;
}

/** The tier-vote table as the session recorded it (Volcano `TierVoteDetail`, read structurally). */
interface VoteTable extends ProfileDetail {
  point: string;
  lines: { plugin: string; tier: number; vote: string }[];
  result: boolean;
  decidingTier: number | null;
  decidedBy: string | null;
  slaNote: string | null;
}

const attempts = (s: SessionSnapshot, job: string, action: string): JobAttempt[] =>
  s.trace.attempts.filter((a) => a.job === job && a.action === action);
const attemptOrder = (s: SessionSnapshot, action: string): string[] =>
  s.trace.attempts.filter((a) => a.action === action).map((a) => a.job);
const phase = (s: SessionSnapshot, job: string) => s.jobs.find((j) => j.name === job)?.phase ?? null;
const status = (s: SessionSnapshot, task: string) => s.tasks.find((t) => t.name === task)?.status ?? null;
const bound = (s: SessionSnapshot) => s.decisions.filter((d) => d.kind === 'bind').map((d) => d.task);

function voteTable(a: JobAttempt | undefined, point: string): VoteTable {
  const v: Verdict | undefined = a?.verdicts.find((x) => x.plugin === 'session' && x.point === point);
  expect(v?.profileDetail?.type, `a ${point} vote table`).toBe('tier-vote');
  return v?.profileDetail as VoteTable;
}
const votes = (t: VoteTable) => t.lines.map((l) => `${l.plugin}@${l.tier}:${l.vote}`);

describe('SLA 1: the seed sla story (sla in tier 1, gang in tier 2)', () => {
  const sim = run('sla-1');

  it('sessions 1-2: big-training stays Pending (sla abstains, overcommit rejects in tier 2) while small jobs run', () => {
    for (const [i, small] of [
      [1, 'small-4-0'],
      [2, 'small-5-0'],
    ] as const) {
      const s = sim.snapshot(i);
      expect(phase(s, 'big-training'), `session ${i}`).toBe('Pending');
      const t = voteTable(attempts(s, 'big-training', 'enqueue')[0], 'jobEnqueueable');
      expect(votes(t)).toEqual(['sla@1:abstain', 'overcommit@2:reject']);
      expect(t).toMatchObject({ result: false, decidedBy: 'overcommit', decidingTier: 2 });
      expect(bound(s)).toEqual([small]);
    }
  });

  it('session 3: the SLA has expired; sla permits in tier 1, so big-training is Inqueue without asking tier 2', () => {
    const s = sim.snapshot(3);
    expect(s.timeMs).toBe(20_000);
    expect(phase(s, 'big-training')).toBe('Inqueue');
    const t = voteTable(attempts(s, 'big-training', 'enqueue')[0], 'jobEnqueueable');
    expect(votes(t)).toEqual(['sla@1:permit']);
    expect(t).toMatchObject({ result: true, decidedBy: 'sla', decidingTier: 1, slaNote: null });
    expect(s.jobs.find((j) => j.name === 'big-training')?.extras?.sla).toMatchObject({
      waitingTimeMs: 15_000,
      source: 'annotation sla-waiting-time',
      deadlineMs: 15_000,
      expired: true,
    });
  });

  it('session 3: big-training is first in line (sla job order) and reserves the free GPUs; small-6 finds none', () => {
    const s = sim.snapshot(3);
    expect(attemptOrder(s, 'allocate')).toEqual(['big-training', 'small-6']);
    const big = attempts(s, 'big-training', 'allocate')[0];
    expect(big?.outcome).toBe('reserved');
    const t = voteTable(big, 'jobPipelined');
    expect(votes(t)).toEqual(['sla@1:permit']);
    expect(t).toMatchObject({ result: true, decidedBy: 'sla', decidingTier: 1 });
    expect(attempts(s, 'small-6', 'allocate')[0]?.outcome).toBe('failed');
    expect(bound(s)).toEqual([]);
  });

  it('sessions 4-5: the reservation is rebuilt and grows; session 6: big-training runs on all 8 GPUs', () => {
    const reserved = (i: number) => {
      const a = attempts(sim.snapshot(i), 'big-training', 'allocate')[0];
      expect(a?.outcome, `session ${i}`).toBe('reserved');
      return a?.message.match(/big-training-\d →/g)?.length ?? 0;
    };
    expect([reserved(3), reserved(4), reserved(5)]).toEqual([2, 4, 6]);
    const s6 = sim.snapshot(6);
    expect(phase(s6, 'big-training')).toBe('Running');
    expect(bound(s6).filter((t) => t.startsWith('big-training'))).toHaveLength(8);
    expect(status(s6, 'small-6-0')).toBe('Pending');
    expect(status(s6, 'small-7-0')).toBe('Pending');
  });
});

describe('SLA 2: gang in sla’s tier, the design doc vs the code', () => {
  const sim = run('sla-2');

  it('session 3: enqueue still admits the expired job (sla permits in tier 1, before overcommit in tier 2)', () => {
    const s = sim.snapshot(3);
    expect(phase(s, 'big-training')).toBe('Inqueue');
    expect(voteTable(attempts(s, 'big-training', 'enqueue')[0], 'jobEnqueueable')).toMatchObject({
      result: true,
      decidedBy: 'sla',
    });
  });

  it('session 3: gang’s Reject in the same tier beats sla’s Permit; placements discarded, the trace quotes the doc', () => {
    const s = sim.snapshot(3);
    expect(attemptOrder(s, 'allocate')).toEqual(['big-training', 'small-6']);
    const big = attempts(s, 'big-training', 'allocate')[0];
    expect(big?.outcome).toBe('failed');
    expect(big?.code).toBe('gang-unsatisfiable');
    const t = voteTable(big, 'jobPipelined');
    expect(votes(t)).toEqual(['sla@1:permit', 'gang@1:reject']);
    expect(t).toMatchObject({ result: false, decidedBy: 'gang', decidingTier: 1 });
    expect(t.slaNote).toContain('regardless of other plugins returning Reject');
    expect(bound(s)).toEqual(['small-6-0']);
  });

  it('jobs submitted after the SLA expired pass the big job; it runs in session 8, two sessions after SLA 1', () => {
    expect(bound(sim.snapshot(4))).toEqual(['small-7-0']);
    for (let i = 3; i <= 7; i++) {
      expect(phase(sim.snapshot(i), 'big-training'), `session ${i}`).toBe('Inqueue');
      expect(attempts(sim.snapshot(i), 'big-training', 'allocate')[0]?.outcome, `session ${i}`).toBe(
        'failed',
      );
    }
    const s8 = sim.snapshot(8);
    expect(s8.timeMs).toBe(70_000);
    expect(phase(s8, 'big-training')).toBe('Running');
    const twin = run('sla-1');
    expect(phase(twin.snapshot(6), 'big-training')).toBe('Running');
    expect(phase(sim.snapshot(6), 'big-training')).toBe('Inqueue');
  });
});
