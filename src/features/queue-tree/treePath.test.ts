import { describe, expect, it } from 'vitest';
import type { ProtectionDetail, ReclaimFiguresDetail } from '../../engine/framework/verdictDetails';
import type { Decision, JobAttempt, Verdict, VictimRecord } from '../../engine/model/trace';
import { designDocExample1, gpus, jobState, resolution } from '../../viz/testing/vizFixtures';
import {
  jobPath,
  pairPath,
  pathSubject,
  victimEvidence,
  whatIfQuery,
  withWhatIf,
  type SessionFacts,
} from './treePath';

// Design doc example 1 as the engine records it: leaf1 reclaims from leaf3; LCA b, step down d, 60s from d.
const lca1 = designDocExample1();
const figures = (queue: string, allocated: number) => ({
  queue,
  allocated: gpus(allocated),
  quota: gpus(1),
  fairShare: gpus(1),
  allocatableShare: gpus(1),
});
const reclaimable = (chunk: string[], allowed: boolean, allocated: number): Verdict => ({
  plugin: 'proportion',
  point: chunk.length === 0 ? 'reclaimVictimFilter' : 'reclaimable',
  allowed,
  message: '',
  profileDetail: {
    profile: 'kai',
    type: 'reclaimable',
    chunk,
    reclaimerLevel: figures('c', 0),
    victimLevel: figures('d', allocated),
    request: gpus(1),
    maintainFairShare: allowed,
    guaranteeDeservedQuota: allowed,
  } satisfies ReclaimFiguresDetail as ReclaimFiguresDetail,
});
const minruntime = (allowed: boolean): Verdict => ({
  plugin: 'minruntime',
  point: 'reclaimVictimFilter',
  allowed,
  message: '',
  profileDetail: {
    profile: 'kai',
    type: 'minruntime',
    resolution: lca1,
    startedAtMs: -59_000,
    protectedUntilMs: 1_000,
    isProtected: !allowed,
    isElastic: false,
  } satisfies ProtectionDetail as ProtectionDetail,
});
const victim = (outcome: VictimRecord['outcome'], verdicts: Verdict[]): VictimRecord => ({
  job: 'victim2',
  queue: 'leaf3',
  tasks: ['victim2-0'],
  outcome,
  verdicts,
  message: '',
});
const attempt = (victims: VictimRecord[], verdicts: Verdict[] = []): JobAttempt => ({
  action: 'reclaim',
  job: 'reclaimer',
  queue: 'leaf1',
  tasks: ['reclaimer-0'],
  outcome: 'evicted',
  message: '',
  code: null,
  verdicts,
  victims,
  omittedVictims: 0,
  protectedVictims: 0,
});
const evict: Decision = {
  action: 'reclaim',
  kind: 'evict',
  task: 'victim2-0',
  job: 'victim2',
  node: 'node0',
  by: 'reclaimer',
  reason: '',
  attempt: 1,
};
const session = (decisions: Decision[]): SessionFacts => ({
  index: 2,
  jobs: [jobState('victim2', 'leaf3'), jobState('reclaimer', 'leaf1'), jobState('other', 'leaf2')],
  decisions,
});
const pair = { session: 2, attempt: 1, preemptor: 'reclaimer', victim: 'victim2' };

describe('pathSubject', () => {
  it('uses a selected pair of the shown session', () => {
    expect(pathSubject(session([]), { kind: 'job', name: 'victim2' }, pair)).toEqual({
      kind: 'pair',
      pair,
      implied: false,
    });
  });

  it('finds the eviction a selected job took part in, as victim or as preemptor', () => {
    const implied = { kind: 'pair', pair, implied: true };
    expect(pathSubject(session([evict]), { kind: 'job', name: 'victim2' }, null)).toEqual(implied);
    expect(pathSubject(session([evict]), { kind: 'job', name: 'reclaimer' }, null)).toEqual(implied);
  });

  it("falls back to the job's own protection, and a pair of another session is not drawn", () => {
    const other = pathSubject(session([evict]), { kind: 'job', name: 'other' }, null);
    expect(other).toMatchObject({ kind: 'job', job: { name: 'other' } });
    const stale = pathSubject({ ...session([]), index: 3 }, { kind: 'job', name: 'victim2' }, pair);
    expect(stale).toMatchObject({ kind: 'job', job: { name: 'victim2' } });
    expect(pathSubject(session([evict]), { kind: 'queue', name: 'b' }, null)).toEqual({ kind: 'none' });
    expect(pathSubject(session([evict]), null, null)).toEqual({ kind: 'none' });
    expect(pathSubject(session([]), { kind: 'job', name: 'gone' }, null)).toEqual({ kind: 'none' });
  });
});

describe('victimEvidence', () => {
  it("an evicted victim: the allowing min-runtime verdict and the check of the victim's own chunk", () => {
    const a = attempt(
      [victim('evicted', [reclaimable([], false, 1), minruntime(true)])],
      [reclaimable(['victim2-0'], true, 2)],
    );
    const e = victimEvidence(a, 'victim2');
    expect(e?.minRuntime?.resolution).toBe(lca1);
    expect(e?.reclaimable?.chunk).toEqual(['victim2-0']);
    expect(e?.reclaimable?.victimLevel.allocated.gpu).toBe(2);
  });

  it('a protected victim: the refusing verdict', () => {
    const a = attempt([victim('filtered', [reclaimable(['victim2-0'], true, 2), minruntime(false)])]);
    const e = victimEvidence(a, 'victim2');
    expect(e?.minRuntime?.isProtected).toBe(true);
    expect(e?.reclaimable?.victimLevel.queue).toBe('d');
    expect(victimEvidence(a, 'nobody')).toBeNull();
  });
});

describe('paths and what-ifs', () => {
  const evidence = victimEvidence(
    attempt([victim('filtered', [reclaimable(['victim2-0'], true, 2), minruntime(false)])]),
    'victim2',
  )!;

  it('a pair path carries the recorded resolution, protection and leveled figures', () => {
    const path = pairPath(pair, evidence, 'leaf1')!;
    expect(path).toMatchObject({
      origin: 'protected',
      preemptorQueue: 'leaf1',
      victimQueue: 'leaf3',
      protectedUntilMs: 1_000,
      isWhatIf: false,
    });
    expect(path.reclaimable?.reclaimerLevel.queue).toBe('c');
    expect(pairPath(pair, { ...evidence, minRuntime: null }, 'leaf1')).toBeNull();
  });

  it('asks only when the method or the reclaimer differs from what was recorded', () => {
    const path = pairPath(pair, evidence, 'leaf1')!;
    expect(whatIfQuery(path, null, null)).toBeNull();
    expect(whatIfQuery(path, 'lca', null)).toBeNull();
    expect(whatIfQuery(path, 'queue', null)).toEqual({
      victimQueue: 'leaf3',
      preemptorQueue: 'leaf1',
      method: 'queue',
    });
    expect(whatIfQuery(path, null, 'leaf2')).toEqual({
      victimQueue: 'leaf3',
      preemptorQueue: 'leaf2',
      method: 'lca',
    });
  });

  it('a what-if answer replaces the resolution and moves the protection end', () => {
    const path = pairPath(pair, evidence, 'leaf1')!;
    const answer = resolution({
      preemptorQueue: 'leaf1',
      victimQueue: 'leaf3',
      method: 'queue',
      path: ['leaf3', 'd'],
      source: 'd',
      durationMs: 60_000,
    });
    expect(withWhatIf(path, answer)).toMatchObject({
      isWhatIf: true,
      protectedUntilMs: 1_000,
      resolution: { method: 'queue' },
      reclaimable: path.reclaimable,
    });
    const other = withWhatIf(path, { ...answer, preemptorQueue: 'leaf2', durationMs: 180_000 });
    expect(other).toMatchObject({ protectedUntilMs: 121_000, reclaimable: null, preemptorQueue: 'leaf2' });
  });

  it("a job's own protection, preempt or reclaim", () => {
    const job = jobState('j', 'leaf2', { kind: 'reclaim', untilMs: 180_000, durationMs: 180_000 });
    expect(jobPath(job, 'reclaim')).toMatchObject({
      origin: 'job',
      victimQueue: 'leaf2',
      protectedUntilMs: 180_000,
    });
    expect(jobPath(job, 'preempt')).toBeNull();
    // A job's own reclaim protection has no reclaimer: no what-if without one.
    expect(whatIfQuery(jobPath(job, 'reclaim')!, 'queue', null)).toBeNull();
  });
});
