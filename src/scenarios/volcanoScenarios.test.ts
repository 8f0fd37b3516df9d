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
import { volcanoQueueExtrasOf, type VolcanoJobExtras } from '../engine/profiles/volcano/jobExtras';

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
    expect(
      (s.jobs.find((j) => j.name === 'big-training')?.extras as VolcanoJobExtras | undefined)?.sla,
    ).toMatchObject({
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

/** Runs the kube-batch walk-through with its text changed (a counterfactual: which plugin decided). */
function runVariant(id: string, edit: (text: string) => string): Simulation {
  const entry = findBuiltinScenario(id);
  if (entry === null) throw new Error(`no scenario ${id}`);
  const text = edit(entry.text);
  expect(text, 'the edit changed the scenario').not.toBe(entry.text);
  const parsed = parseScenario(text, { fileName: entry.fileName });
  if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
  const sim = createSimulation(parsed.scenario);
  sim.step();
  return sim;
}

/** The victim-set table of an attempt (Volcano `VictimSetDetail`, read structurally). */
interface VictimTable extends ProfileDetail {
  node: string;
  preemptorTask: string;
  candidates: string[];
  lines: { plugin: string; tier: number; answer: string[] }[];
  victims: string[];
  rule: string;
}
function victimTable(a: JobAttempt | undefined, task: string): VictimTable {
  const v = a?.verdicts.find(
    (x) =>
      x.plugin === 'session' &&
      x.point === 'preemptable' &&
      (x.profileDetail as VictimTable | undefined)?.preemptorTask === task,
  );
  expect(v?.profileDetail?.type, `a victim vote for ${task}`).toBe('victim-set');
  return v?.profileDetail as VictimTable;
}
/** Candidates a plugin left out of its answer. */
const kept = (t: VictimTable, plugin: string) => {
  const answer = t.lines.find((l) => l.plugin === plugin)?.answer ?? [];
  return t.candidates.filter((c) => !answer.includes(c));
};
const preemptOrder = (s: SessionSnapshot) => [...new Set(attemptOrder(s, 'preempt'))];
const pipelinedOn = (s: SessionSnapshot) =>
  Object.fromEntries(s.decisions.filter((d) => d.kind === 'pipeline').map((d) => [d.task, d.node]));

describe('kube-batch preempt walk-through: each function family of the seed decides something in session 1', () => {
  const sim = run('kube-batch-preempt');
  const s1 = sim.snapshot(1);

  it('PredicateFn: node-c has room but the wrong label, node-a and node-b are full, so allocate places nothing', () => {
    const a = attempts(s1, 'serving', 'allocate')[0];
    expect(a?.outcome).toBe('failed');
    expect(a?.message).toContain('node-c: node node-c does not match nodeSelector pool=general');
    expect(a?.message).toContain('node-a: not enough resources');
    expect(bound(s1)).toEqual([]);
    expect(Object.values(pipelinedOn(s1))).not.toContain('node-c');
  });

  it('JobOrderFn: serving (priority), then sweep and etl (gang: not ready) before notebook, sweep before etl (drf)', () => {
    expect(preemptOrder(s1)).toEqual(['serving', 'sweep', 'etl', 'notebook']);
    // Counterfactuals: without gang's job order drf puts notebook (1/12) before etl (2/12); without drf,
    // the fallback (creation time) puts etl (-5m) before sweep (-3m).
    const noGangOrder = runVariant('kube-batch-preempt', (t) =>
      t.replace('        - name: gang\n', '        - name: gang\n          enableJobOrder: false\n'),
    );
    expect(preemptOrder(noGangOrder.snapshot(1))).toEqual(['serving', 'sweep', 'notebook', 'etl']);
    const noDrfOrder = runVariant('kube-batch-preempt', (t) =>
      t.replace('        - name: drf\n', '        - name: drf\n          enableJobOrder: false\n'),
    );
    expect(preemptOrder(noDrfOrder.snapshot(1))).toEqual(['serving', 'etl', 'sweep', 'notebook']);
  });

  it('TaskOrderFn: serving-1 (pod priority 10) is tried before serving-0 (pod priority 1) and takes batch-big-4', () => {
    const tried = attempts(s1, 'serving', 'preempt').flatMap((a) => a.tasks);
    expect(tried).toEqual(['serving-1', 'serving-0']);
    const noTaskOrder = runVariant('kube-batch-preempt', (t) =>
      t.replace('        - name: priority\n', '        - name: priority\n          enableTaskOrder: false\n'),
    );
    expect(attempts(noTaskOrder.snapshot(1), 'serving', 'preempt').flatMap((a) => a.tasks)).toEqual([
      'serving-0',
      'serving-1',
    ]);
    expect(victimTable(attempts(s1, 'serving', 'preempt')[0], 'serving-1').victims).toEqual([
      'batch-big-3',
      'batch-big-4',
    ]);
    expect(s1.decisions.find((d) => d.kind === 'evict' && d.task === 'batch-big-4')?.attempt).toBe(
      s1.trace.attempts.indexOf(attempts(s1, 'serving', 'preempt')[0]!),
    );
  });

  it('NodeOrderFn: serving-1 goes to node-b; without nodeorder the name order would have chosen node-a', () => {
    expect(pipelinedOn(s1)).toEqual({ 'serving-1': 'node-b', 'serving-0': 'node-b', 'sweep-0': 'node-a' });
    const noNodeOrder = runVariant('kube-batch-preempt', (t) => t.replace('        - name: nodeorder\n', ''));
    expect(pipelinedOn(noNodeOrder.snapshot(1))['serving-1']).toBe('node-a');
  });

  it('PreemptableFn: on node-b conformance keeps kube-dns-0, gang keeps etl-0, drf keeps notebook-0 (sticky veto rule)', () => {
    const t = victimTable(attempts(s1, 'serving', 'preempt')[0], 'serving-1');
    expect(t.node).toBe('node-b');
    expect(t.rule).toBe('sticky-empty-veto');
    expect(t.candidates).toEqual(['batch-big-3', 'batch-big-4', 'etl-0', 'kube-dns-0', 'notebook-0']);
    expect(t.lines.map((l) => `${l.plugin}@${l.tier}`)).toEqual([
      'priority@1',
      'gang@1',
      'conformance@1',
      'drf@1',
    ]);
    expect(kept(t, 'priority')).toEqual([]);
    expect(kept(t, 'conformance')).toEqual(['kube-dns-0']);
    expect(kept(t, 'gang')).toEqual(['etl-0']);
    expect(kept(t, 'drf')).toEqual(['kube-dns-0', 'notebook-0']);
    // kube-batch evicts until the evicted pods alone cover the request: one of the two victims.
    expect(s1.decisions.filter((d) => d.kind === 'evict').map((d) => [d.task, d.by])).toEqual([
      ['batch-big-4', 'serving'],
      ['batch-big-3', 'serving'],
      ['batch-big-1', 'sweep'],
    ]);
  });

  it('drf decides the rest of session 1: serving-0 may not take etl-0, sweep may not take batch-big-2, etl gets nothing', () => {
    const serving0 = victimTable(attempts(s1, 'serving', 'preempt')[1], 'serving-0');
    expect(kept(serving0, 'drf')).toContain('etl-0');
    const sweep = victimTable(attempts(s1, 'sweep', 'preempt')[0], 'sweep-0');
    expect(sweep.node).toBe('node-a');
    expect(kept(sweep, 'drf')).toEqual(['batch-big-2']);
    const etl = attempts(s1, 'etl', 'preempt')[0];
    expect(etl?.code).toBe('gang-unsatisfiable');
    expect(voteTable(etl, 'jobPipelined')).toMatchObject({ result: false });
    expect(status(s1, 'etl-2')).toBe('Pending');
    expect(status(s1, 'notebook-1')).toBe('Pending');
  });

  it('session 2: batch-big restarts on node-c, its share grows back, and drf lets etl and notebook preempt it', () => {
    const s2 = sim.snapshot(2);
    expect(s2.decisions.filter((d) => d.kind === 'evict').map((d) => [d.task, d.by])).toEqual([
      ['batch-big-2', 'etl'],
      ['batch-big-0', 'notebook'],
    ]);
    expect(pipelinedOn(s2)).toEqual({ 'etl-2': 'node-a', 'notebook-1': 'node-a' });
  });
});

describe('Volcano capacity 1: reclaim across the queue tree', () => {
  const sim = run('volcano-capacity-1');

  it('session 1: research holds all 8 GPUs through its leaves; the snapshot carries the tree and each deserved', () => {
    const s = sim.snapshot(1);
    const q = (name: string) => s.queues.find((x) => x.name === name);
    expect(q('research-a')?.parent).toBe('research');
    expect(q('prod-serving')?.parent).toBe('prod');
    expect(volcanoQueueExtrasOf(q('research'))?.deserved).toEqual({ gpu: 4 });
    expect(volcanoQueueExtrasOf(q('prod'))?.capability).toEqual({ gpu: 8 });
    expect(s.decisions).toEqual([]);
    expect(phase(s, 'serving')).toBe(null);
  });

  it('session 2: capacity permits enqueue, allocate finds no GPU, reclaim takes two sweep-a tasks from the other subtree', () => {
    const s = sim.snapshot(2);
    const t = voteTable(attempts(s, 'serving', 'enqueue')[0], 'jobEnqueueable');
    expect(t).toMatchObject({ result: true, decidedBy: 'capacity', decidingTier: 2 });
    expect(attempts(s, 'serving', 'allocate')[0]?.code).toBe('unschedulable');
    const evicts = s.decisions.filter((d) => d.kind === 'evict');
    expect(evicts.map((d) => d.task).sort()).toEqual(['sweep-a-1', 'sweep-a-2']);
    for (const d of evicts) {
      expect(d.by).toBe('serving');
      expect(d.reason).toContain('queue research-a');
      expect(d.reason).toContain('Tier 1 (gang, conformance) listed it as a victim');
    }
    expect(status(s, 'serving-0')).toBe('Pipelined');
    expect(status(s, 'serving-1')).toBe('Pipelined');
  });

  it('session 3: serving is bound where the GPUs were released', () => {
    expect(bound(sim.snapshot(3)).sort()).toEqual(['serving-0', 'serving-1']);
  });
});

describe('Volcano roles 1: one role stuck, the others go on', () => {
  const sim = run('volcano-roles-1');

  it('session 2: ps-1 fits no node, allocate goes on to the workers, and the job is ready at each role minimum', () => {
    const s = sim.snapshot(2);
    expect(bound(s).sort()).toEqual(['ps-0', 'worker-0', 'worker-1']);
    expect(status(s, 'ps-1')).toBe('Pending');
    expect(status(s, 'worker-2')).toBe('Pending');
    const first = attempts(s, 'mpi-train', 'allocate')[0];
    expect(first?.outcome).toBe('allocated');
    expect(first?.message).toContain('allocate went on past no node fits ps-1 (role ps)');
    expect(first?.message).toContain('roles allocated/minTaskMember: ps 1/1, worker 2/2');
    const job = s.jobs.find((j) => j.name === 'mpi-train');
    expect(job?.phase).toBe('Running');
    expect(job?.roles?.map((r) => [r.role, r.running, r.minTaskMember])).toEqual([
      ['ps', 1, 1],
      ['worker', 2, 2],
    ]);
  });

  it("session 3: mpi-eval's worker role stays below its minimum, so its ps placement is discarded", () => {
    const s = sim.snapshot(3);
    expect(status(s, 'eval-ps-0')).toBe('Pending');
    const a = attempts(s, 'mpi-eval', 'allocate')[0];
    expect(a?.code).toBe('gang-unsatisfiable');
    expect(a?.message).toContain('its placements (eval-ps-0 → cpu-node) were discarded');
    expect(a?.message).toContain('worker 0/1');
    expect(s.decisions.filter((d) => d.task.startsWith('eval-'))).toEqual([]);
  });
});
