import { describe, expect, it } from 'vitest';
import type { SlaDetail, TierVoteDetail } from '../../trace';
import { attemptsOf, phaseOf, runVolcano, sessionVerdict } from '../../testing';
import type { VolcanoJobExtras } from '../../jobExtras';

const bigJob = (extra: Record<string, unknown> = {}) => ({
  name: 'big',
  queue: q,
  submitAt: '-1h',
  minAvailable: 1,
  minResources: { cpu: 4 },
  resources: { cpu: 4 },
  ...extra,
});
const q = 'q1';
const cluster = {
  nodes: [{ name: 'n1', resources: { cpu: 2, memory: '4Gi', pods: 10 } }],
  queues: [{ name: q }],
};

describe('sla: an expired job is admitted only when no Reject comes in the same or an earlier tier', () => {
  it('sla in tier 1 permits; overcommit rejecting in tier 2 is never asked (enqueued)', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [bigJob()],
      scheduler: {
        actions: ['enqueue'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': '1m' } }] },
          { plugins: [{ name: 'overcommit' }] },
        ],
      },
    }).snapshot(1);
    expect(phaseOf(s, 'big')).toBe('Inqueue');
    const v = sessionVerdict(attemptsOf(s, 'big', 'enqueue')[0]!, 'jobEnqueueable');
    const d = v?.profileDetail as TierVoteDetail;
    expect(d).toMatchObject({
      result: true,
      reason: 'permit',
      decidingTier: 1,
      decidedBy: 'sla',
      slaNote: null,
    });
    expect(d.lines.map((l) => `${l.plugin}:${l.vote}`)).toEqual(['sla:permit']);
  });

  it('a Reject in the same tier beats sla (the design doc says it should not; the trace says so)', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [bigJob()],
      scheduler: {
        actions: ['enqueue'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': '1m' } }, { name: 'overcommit' }] },
        ],
      },
    }).snapshot(1);
    expect(phaseOf(s, 'big')).toBe('Pending');
    const a = attemptsOf(s, 'big', 'enqueue')[0]!;
    const d = sessionVerdict(a, 'jobEnqueueable')?.profileDetail as TierVoteDetail;
    expect(d.lines.map((l) => `${l.plugin}:${l.vote}`)).toEqual(['sla:permit', 'overcommit:reject']);
    expect(d.slaNote).toContain('regardless of other plugins returning Reject');
    expect(a.verdicts.find((v) => v.plugin === 'overcommit')?.message).toMatch(
      /^Reject from overcommit \(tier 1\)/,
    );
  });

  it('before the deadline sla abstains and tier 2 decides; the detail carries waiting time and deadline', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [bigJob({ submitAt: '-30s' })],
      scheduler: {
        actions: ['enqueue'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': '1m' } }] },
          { plugins: [{ name: 'overcommit' }] },
        ],
      },
    }).snapshot(1);
    expect(phaseOf(s, 'big')).toBe('Pending');
    const sla = attemptsOf(s, 'big')[0]!.verdicts.find((v) => v.plugin === 'sla');
    expect(sla?.vote).toBe('abstain');
    expect(sla?.profileDetail as SlaDetail).toMatchObject({
      waitingTimeMs: 60_000,
      source: 'argument sla-waiting-time',
      creationMs: -30_000,
      deadlineMs: 30_000,
      waitedMs: 30_000,
      expired: false,
    });
  });

  it('the job annotation volcano.sh/sla-waiting-time wins over sla-waiting-time and over the argument', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [bigJob({ annotations: { 'volcano.sh/sla-waiting-time': '10s', 'sla-waiting-time': '2h' } })],
      scheduler: {
        actions: ['enqueue'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': '3h' } }] },
          { plugins: [{ name: 'overcommit' }] },
        ],
      },
    }).snapshot(1);
    expect(phaseOf(s, 'big')).toBe('Inqueue');
    const d = attemptsOf(s, 'big')[0]!.verdicts.find((v) => v.plugin === 'sla')?.profileDetail as SlaDetail;
    expect(d).toMatchObject({ waitingTimeMs: 10_000, source: 'annotation volcano.sh/sla-waiting-time' });
  });

  it('a non-string argument (YAML number) is no global SLA, as upstream (parsed as an empty string)', () => {
    const s = runVolcano({
      ...cluster,
      jobs: [bigJob()],
      scheduler: {
        actions: ['enqueue'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': 1 } }] },
          { plugins: [{ name: 'overcommit' }] },
        ],
      },
    }).snapshot(1);
    expect(phaseOf(s, 'big')).toBe('Pending');
    expect(attemptsOf(s, 'big')[0]!.verdicts.find((v) => v.plugin === 'sla')?.message).toBe(
      'Abstain from sla (tier 1): the job has no SLA waiting time',
    );
  });

  it('job order: jobs with an SLA before jobs without, then the earlier deadline', () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 1, memory: '4Gi', pods: 10 } }],
      queues: [{ name: q }],
      jobs: [
        { name: 'old-no-sla', queue: q, phase: 'Inqueue', submitAt: '-2h', resources: { cpu: 1 } },
        {
          name: 'new-sla',
          queue: q,
          phase: 'Inqueue',
          submitAt: '-1m',
          annotations: { 'sla-waiting-time': '1h' },
          resources: { cpu: 1 },
        },
      ],
      scheduler: { actions: ['allocate'], tiers: [{ plugins: [{ name: 'sla' }, { name: 'gang' }] }] },
    }).snapshot(1);
    expect(s.decisions.filter((d) => d.kind === 'bind').map((d) => d.task)).toEqual(['new-sla-0']);
  });
});

describe('snapshot extras: the SLA clock and the enqueue vote per job', () => {
  it('shows waiting time, deadline and expiry, and which tier admitted the job', () => {
    const sim = runVolcano({
      ...cluster,
      jobs: [bigJob({ submitAt: '0s' })],
      scheduler: {
        actions: ['enqueue'],
        tiers: [
          { plugins: [{ name: 'sla', arguments: { 'sla-waiting-time': '1500ms' } }] },
          { plugins: [{ name: 'overcommit' }] },
        ],
      },
      run: { sessions: 4 },
    });
    const bigExtras = (i: number) =>
      sim.snapshot(i).jobs.find((j) => j.name === 'big')?.extras as VolcanoJobExtras | undefined;
    const before = bigExtras(1);
    expect(before?.sla).toEqual({
      waitingTimeMs: 1500,
      source: 'argument sla-waiting-time',
      deadlineMs: 1500,
      expired: false,
      waitedMs: 0,
      remainingMs: 1500,
    });
    expect(before?.enqueue).toMatchObject({ admitted: false, decidedBy: 'overcommit', tier: 2 });
    // Sessions run at t = 0, 1s, 2s: the deadline (1.5 s) has passed at the third.
    expect(bigExtras(2)?.sla?.expired).toBe(false);
    const after = bigExtras(3);
    expect(after?.sla?.expired).toBe(true);
    expect(after?.enqueue).toMatchObject({ admitted: true, decidedBy: 'sla', tier: 1 });
    // Session 4: big is Inqueue, enqueue no longer looks at it.
    expect(bigExtras(4)?.enqueue).toBeNull();
  });
});

describe('sla versus gang in the same tier (the shipped CI configuration)', () => {
  it("gang's JobPipelined Reject ends the vote before sla is asked; the trace says sla would have permitted", () => {
    const s = runVolcano({
      nodes: [{ name: 'n1', resources: { cpu: 2, memory: '4Gi', pods: 10 } }],
      queues: [{ name: q }],
      jobs: [
        {
          name: 'big',
          queue: q,
          phase: 'Inqueue',
          submitAt: '-1h',
          minAvailable: 3,
          tasks: 3,
          resources: { cpu: 1 },
        },
      ],
      scheduler: {
        actions: ['allocate'],
        tiers: [
          {
            plugins: [
              { name: 'priority' },
              { name: 'gang' },
              { name: 'conformance' },
              { name: 'sla', arguments: { 'sla-waiting-time': '1m' } },
            ],
          },
        ],
      },
    }).snapshot(1);
    const a = attemptsOf(s, 'big', 'allocate')[0]!;
    expect(a.outcome).toBe('failed');
    const d = sessionVerdict(a, 'jobPipelined')?.profileDetail as TierVoteDetail;
    expect(d.lines.map((l) => `${l.plugin}:${l.vote}`)).toEqual(['gang:reject']);
    expect(d.slaNote).toContain('would have permitted (not asked: the vote had already ended)');
    expect(d.slaNote).toContain('regardless of other plugins returning Reject');
  });
});
