import { afterEach, describe, expect, it } from 'vitest';
import type { Command, RunProgressMessage, WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/protocolVersion';
import { findBuiltinScenario } from '../scenarios/builtinScenarios';
import { ENGINE } from './engine';
import { createInProcessTransport } from './inProcessTransport';
import type { Transport } from '../protocol/Transport';

const engine = ENGINE;
const welcome = findBuiltinScenario('welcome')!.text;

/** Drives a transport by hand: sends commands and collects everything the host posts. */
function harness(transport: Transport) {
  const messages: WorkerMessage[] = [];
  const crashes: string[] = [];
  transport.listen({ message: (m) => messages.push(m), crash: (r) => crashes.push(r) });
  let id = 1;
  const send = (command: Record<string, unknown> & { type: Command['type'] }) => {
    const full = { ...command, id: id++ } as Command;
    transport.post(full);
    return full.id;
  };
  const replyTo = async (requestId: number) => {
    for (let i = 0; i < 200; i++) {
      const found = messages.find((m) => (m.type === 'reply' || m.type === 'failure') && m.id === requestId);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 1));
    }
    throw new Error(`no reply to ${requestId}`);
  };
  const until = async (predicate: () => boolean) => {
    for (let i = 0; i < 500 && !predicate(); i++) await new Promise((r) => setTimeout(r, 1));
    expect(predicate()).toBe(true);
  };
  const progress = () => messages.filter((m): m is RunProgressMessage => m.type === 'runProgress');
  return { messages, crashes, send, replyTo, until, progress };
}

describe('SimulationHost over the in-process transport', () => {
  let transport: Transport;
  afterEach(() => transport.terminate());

  it('reports the phases of a load before its reply (reading, then starting the simulation)', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const id = h.send({ type: 'load', text: welcome, fileName: null });
    await h.replyTo(id);
    const forLoad = h.messages.filter(
      (m) => (m.type === 'loadProgress' || m.type === 'reply') && m.id === id,
    );
    expect(forLoad.map((m) => (m.type === 'loadProgress' ? m.phase : m.type))).toEqual([
      'reading',
      'starting',
      'reply',
    ]);
    expect(forLoad[0]).toMatchObject({ characters: welcome.length });
    // A text that does not parse never reaches the start phase.
    const bad = h.send({ type: 'load', text: 'version: [', fileName: null });
    await h.replyTo(bad);
    expect(
      h.messages
        .filter((m) => m.type === 'loadProgress' && m.id === bad)
        .map((m) => m.type === 'loadProgress' && m.phase),
    ).toEqual(['reading']);
  });

  it('posts replyPart messages, each at most the part size, before the reply they belong to', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0, snapshotPartItems: 3 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const load = await h.replyTo(h.send({ type: 'load', text: welcome, fileName: null }));
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    await h.until(() => h.progress().length > 0);
    const id = h.send({ type: 'snapshot', runId, index: 1 });
    const reply = await h.replyTo(id);
    const mine = h.messages.filter((m) => 'id' in m && m.id === id);
    expect(mine.at(-1)).toBe(reply);
    const parts = mine.filter((m) => m.type === 'replyPart');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      if (part.type !== 'replyPart') continue;
      const size = part.field === 'tasks' ? part.columns.names.length : part.items.length;
      expect(size).toBeLessThanOrEqual(3);
    }
    expect(parts.some((p) => p.type === 'replyPart' && p.field === 'tasks')).toBe(true);
    expect(reply.type === 'reply' && reply.kind === 'snapshot' && reply.result.jobs).toEqual([]);
  });

  it('sends a session’s decisions in parts too, leaving none in the reply', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0, snapshotPartItems: 2 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const load = await h.replyTo(h.send({ type: 'load', text: welcome, fileName: null }));
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    const counts: number[] = [];
    for (let index = 1; index <= 7; index++) {
      await h.until(() => h.progress().some((p) => p.status.sessionCount >= index));
      const id = h.send({ type: 'snapshot', runId, index });
      const reply = await h.replyTo(id);
      const parts = h.messages.filter(
        (m) => m.type === 'replyPart' && m.id === id && m.field === 'decisions',
      );
      counts.push(
        parts.reduce(
          (n, p) => n + (p.type === 'replyPart' && p.field === 'decisions' ? p.items.length : 0),
          0,
        ),
      );
      expect(reply.type === 'reply' && reply.kind === 'snapshot' && reply.result.decisions).toEqual([]);
    }
    expect(Math.max(...counts)).toBeGreaterThan(2);
  });

  it('reports the size of the stored history, growing with the sessions run', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const load = await h.replyTo(h.send({ type: 'load', text: welcome, fileName: null }));
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    await h.until(() => h.progress().some((p) => p.status.state === 'finished'));
    const reply = await h.replyTo(h.send({ type: 'historySize', runId }));
    if (reply.type !== 'reply' || reply.kind !== 'historySize') throw new Error('no history size');
    const count = h.progress().at(-1)!.status.sessionCount;
    expect(reply.result.sessions).toBe(count);
    expect(reply.result.keyframes).toBeGreaterThanOrEqual(1);
    // At least the t=0 keyframe's node list and one record per session are counted.
    expect(reply.result.jsonChars).toBeGreaterThan(count * 20);
  });

  it('says whether the scenario has a job in any session: written, submitted by a later event, or neither', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const elastic = findBuiltinScenario('elastic')!.text;
    const load = await h.replyTo(h.send({ type: 'load', text: elastic, fileName: null }));
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    const answers: unknown[] = [];
    // `explore` is written in `jobs`; `batch` arrives by an event at 20s; names match exactly.
    for (const name of ['explore', 'batch', 'Batch', 'no-such-job']) {
      const reply = await h.replyTo(h.send({ type: 'hasJob', runId, name }));
      answers.push(reply.type === 'reply' && reply.kind === 'hasJob' ? reply.result : reply);
    }
    expect(answers).toEqual([true, true, false, false]);
  });

  it('answers the KAI min-runtime query against the queues in force at the session asked about', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const text = [
      'version: 1',
      'name: resolve follows updateQueue',
      'nodes: [{name: n, resources: {gpu: 1}}]',
      'queues: [{name: q, preemptMinRuntime: 1m}]',
      'jobs: [{name: j, queue: q, runtime: 10s}]',
      'events: [{at: 2s, updateQueue: {name: q, preemptMinRuntime: 5m}}]',
      'run: {sessions: 4}',
    ].join('\n');
    const load = await h.replyTo(h.send({ type: 'load', text, fileName: null }));
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    await h.until(() => h.progress().some((p) => p.status.state === 'finished'));
    const at = async (session: number) =>
      h.replyTo(
        h.send({
          type: 'query',
          runId,
          profile: 'kai',
          kind: 'minruntime',
          session,
          params: { victimQueue: 'q' },
        }),
      );
    expect(await at(0)).toMatchObject({ kind: 'query', result: { preempt: { durationMs: 60_000 } } });
    expect(await at(2)).toMatchObject({ kind: 'query', result: { preempt: { durationMs: 60_000 } } });
    expect(await at(3)).toMatchObject({ kind: 'query', result: { preempt: { durationMs: 300_000 } } });
    expect(await at(9)).toMatchObject({ type: 'failure', error: { code: 'bad-request' } });
  });

  it('lists the configured plugins by tier in the summary and refuses a query of another profile', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const text = [
      'version: 1',
      'name: volcano summary',
      'profile: volcano',
      'nodes: [{name: n, resources: {cpu: 2, pods: 10}}]',
      'queues: [{name: q}]',
      'jobs: [{name: j, queue: q, resources: {cpu: 1}}]',
      'scheduler:',
      '  actions: [enqueue, allocate]',
      '  tiers:',
      '    - plugins: [{name: priority}, {name: gang}, {name: sla}]',
      '    - plugins: [{name: overcommit}, {name: proportion}]',
      'run: {sessions: 1}',
    ].join('\n');
    const load = await h.replyTo(h.send({ type: 'load', text, fileName: null }));
    expect(load).toMatchObject({
      kind: 'load',
      result: {
        ok: true,
        summary: {
          profile: 'volcano',
          plugins: [
            { name: 'priority', tier: 1 },
            { name: 'gang', tier: 1 },
            { name: 'sla', tier: 1 },
            { name: 'overcommit', tier: 2 },
            { name: 'proportion', tier: 2 },
          ],
        },
      },
    });
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    const reply = await h.replyTo(
      h.send({
        type: 'query',
        runId,
        profile: 'kai',
        kind: 'minruntime',
        session: 0,
        params: { victimQueue: 'q' },
      }),
    );
    expect(reply).toMatchObject({
      type: 'failure',
      error: {
        code: 'bad-request',
        message: 'A kai query (minruntime) cannot be asked of a volcano scenario.',
      },
    });
  });

  it('loads, streams markers in order until the run finishes, and serves any session on request', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const load = await h.replyTo(h.send({ type: 'load', text: welcome, fileName: 'welcome.yaml' }));
    expect(load).toMatchObject({
      type: 'reply',
      kind: 'load',
      result: { ok: true, summary: { profile: 'kai', nodeCount: 2 } },
    });
    await h.until(() => h.progress().some((p) => p.status.state === 'finished'));
    const chunks = h.progress();
    // With a zero budget every chunk is one session: markers arrive contiguously, never twice.
    const all = chunks.flatMap((c) => c.markers);
    expect(all.map((m) => m.index)).toEqual(all.map((_, i) => i + 1));
    expect(chunks.every((c, i) => i === 0 || c.from >= chunks[i - 1]!.from)).toBe(true);
    expect(all.find((m) => m.evictions > 0)?.index).toBe(3);

    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    const snap = await h.replyTo(h.send({ type: 'snapshot', runId, index: 3 }));
    expect(snap).toMatchObject({ type: 'reply', kind: 'snapshot', result: { index: 3, timeMs: 20_000 } });
    const back = await h.replyTo(h.send({ type: 'snapshot', runId, index: 1 }));
    expect(back).toMatchObject({ result: { index: 1 } });

    // Attempts arrive as summaries; the full attempt (verdicts, victims) is a separate request.
    if (snap.type !== 'reply' || snap.kind !== 'snapshot') throw new Error('no snapshot');
    // The jobs table's name order comes ranked by the worker, one rank per job (decision 0377).
    const { jobs, jobOrder } = snap.result;
    expect(jobOrder?.ranks.length).toBe(jobs.length);
    expect([...(jobOrder?.order ?? [])].map((i) => jobs[i]!.name)).toEqual(
      jobs.map((j) => j.name).sort((a, b) => a.localeCompare(b)),
    );
    const evict = snap.result.decisions.find((d) => d.kind === 'evict')!;
    const summary = snap.result.trace.attempts[evict.attempt!]!;
    expect(summary).toMatchObject({ action: 'reclaim', job: 'train-b', victimCount: expect.any(Number) });
    expect(summary).not.toHaveProperty('victims');
    const full = await h.replyTo(h.send({ type: 'attempt', runId, session: 3, index: evict.attempt! }));
    expect(full).toMatchObject({
      kind: 'attempt',
      result: {
        job: 'train-b',
        victims: expect.arrayContaining([expect.objectContaining({ job: 'sweep-1', outcome: 'evicted' })]),
      },
    });
    const missing = await h.replyTo(h.send({ type: 'attempt', runId, session: 3, index: 999 }));
    expect(missing).toMatchObject({ type: 'failure', error: { code: 'bad-request' } });
  });

  it('answers a broken scenario with its problems, and a bad request with a failure', async () => {
    transport = createInProcessTransport(engine);
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const bad = await h.replyTo(
      h.send({
        type: 'load',
        text: 'version: 1\nqueues:\n  - name: a\n    parent: nope\nnodes: []\n',
        fileName: null,
      }),
    );
    expect(
      bad.type === 'reply' && bad.kind === 'load' && !bad.result.ok && bad.result.errors[0]?.path,
    ).toBeTruthy();
    const stale = await h.replyTo(h.send({ type: 'snapshot', runId: 99, index: 1 }));
    expect(stale).toMatchObject({ type: 'failure', error: { code: 'stale-run' } });
    const hello = await h.replyTo(
      h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION + 1, allowDebugFaults: false }),
    );
    expect(hello).toMatchObject({ type: 'failure', error: { code: 'version-mismatch' } });
  });

  it('pauses and resumes the background run', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const load = await h.replyTo(
      h.send({ type: 'load', text: findBuiltinScenario('thrash-off')!.text, fileName: null }),
    );
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    const paused = await h.replyTo(h.send({ type: 'pauseRun', runId }));
    expect(paused).toMatchObject({ result: { state: 'paused' } });
    const countAtPause =
      paused.type === 'reply' && paused.kind === 'pauseRun' ? paused.result.sessionCount : -1;
    await new Promise((r) => setTimeout(r, 20));
    expect(h.progress().at(-1)?.status.sessionCount).toBe(countAtPause);
    await h.replyTo(h.send({ type: 'resumeRun', runId }));
    await h.until(() => h.progress().at(-1)?.status.state === 'finished');
    expect(h.progress().at(-1)?.status.sessionCount).toBe(28);
  });

  it('injects faults only when allowed: a thrown handler fails one request, a crash kills the transport, a failing step fails the run', async () => {
    transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    expect(await h.replyTo(h.send({ type: 'debugFault', fault: 'throw', atSession: null }))).toMatchObject({
      error: { code: 'bad-request' },
    });
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: true }));
    expect(await h.replyTo(h.send({ type: 'debugFault', fault: 'throw', atSession: null }))).toMatchObject({
      error: { code: 'debug-fault' },
    });

    await h.replyTo(h.send({ type: 'debugFault', fault: 'failStep', atSession: 3 }));
    await h.replyTo(h.send({ type: 'load', text: welcome, fileName: null }));
    await h.until(() => h.progress().at(-1)?.status.state === 'failed');
    expect(h.progress().at(-1)?.status).toMatchObject({
      sessionCount: 2,
      error: expect.stringContaining('Session 3 failed'),
    });

    await h.replyTo(h.send({ type: 'debugFault', fault: 'crash', atSession: null }));
    await h.until(() => h.crashes.length === 1);
    expect(h.crashes[0]).toMatch(/uncaught/);
  });
});

describe('lesson questions', () => {
  it('sends the lesson with the summary and the engine’s verdict with the reveal session only', async () => {
    const transport = createInProcessTransport(engine, { chunkBudgetMs: 0 });
    try {
      const h = harness(transport);
      await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
      const text = [
        'version: 1',
        'nodes: [{name: n, resources: {gpu: 1}}]',
        'queues: [{name: q}]',
        'jobs: [{name: j, queue: q, resources: {gpu: 1}, submitAt: 1s}]',
        'run: {sessions: 3}',
        'lesson:',
        '  - session: 1',
        '    say: Does j start?',
        '    ask:',
        '      question: Is j running at session 2?',
        '      reveal: 2',
        '      choices: [{label: "Yes", tasks: {j-0: Running}}, {label: "No", tasks: {j-0: Pending}}]',
      ].join('\n');
      const load = await h.replyTo(h.send({ type: 'load', text, fileName: null }));
      if (load.type !== 'reply' || load.kind !== 'load' || !load.result.ok) throw new Error('not loaded');
      expect(load.result.summary.lesson).toEqual([
        {
          say: 'Does j start?',
          session: 1,
          select: null,
          ask: { prompt: 'Is j running at session 2?', revealSession: 2, choices: ['Yes', 'No'] },
        },
      ]);
      const runId = load.result.runId;
      await h.until(() => h.progress().some((p) => p.status.state === 'finished'));
      const view = async (index: number) => {
        const reply = await h.replyTo(h.send({ type: 'snapshot', runId, index }));
        if (reply.type !== 'reply' || reply.kind !== 'snapshot') throw new Error('no snapshot');
        return reply.result;
      };
      expect((await view(1)).lessonAnswers).toBeUndefined();
      expect((await view(2)).lessonAnswers).toEqual([{ step: 0, correct: [true, false] }]);
    } finally {
      transport.terminate();
    }
  });
});

describe('seeded workloads (issue 20)', () => {
  const WORKLOAD = [
    'version: 1',
    'name: Small workload',
    'nodes: [{ name: node, count: 1, resources: { gpu: 8 } }]',
    'queues:',
    '  - { name: research, resources: { gpu: { quota: 8 } } }',
    'jobs: [{ name: written, queue: research, resources: { gpu: 1 } }]',
    'seed: 3',
    'workload:',
    '  - queue: research',
    '    until: 1h',
    '    maxJobs: 5',
    '    arrivals: { ratePerHour: 20 }',
    '    gpus: 1',
    '    runtime: { fixed: 10m }',
    '',
  ].join('\n');
  let transport: Transport;
  afterEach(() => transport.terminate());

  it('expands a workload into plain jobs, and answers a broken one with its problems and lines', async () => {
    transport = createInProcessTransport(engine);
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const reply = await h.replyTo(h.send({ type: 'expandWorkload', text: WORKLOAD }));
    if (reply.type !== 'reply' || reply.kind !== 'expandWorkload' || !reply.result.ok)
      throw new Error(`not expanded: ${JSON.stringify(reply)}`);
    expect(reply.result.generatedJobs).toBe(5);
    expect(reply.result.text).not.toMatch(/^workload:/m);
    expect(reply.result.text.match(/name: research-\d/g)).toHaveLength(5);

    const broken = await h.replyTo(
      h.send({ type: 'expandWorkload', text: WORKLOAD.replace('ratePerHour: 20', 'ratePerHour: -1') }),
    );
    expect(broken).toMatchObject({
      kind: 'expandWorkload',
      result: {
        ok: false,
        errors: expect.arrayContaining([
          expect.objectContaining({ path: 'workload[0].arrivals.ratePerHour', line: 12, column: 17 }),
        ]),
      },
    });
  });

  it('marks generated jobs with their generator in every session view, and written jobs not', async () => {
    transport = createInProcessTransport(engine);
    const h = harness(transport);
    await h.replyTo(h.send({ type: 'hello', protocolVersion: PROTOCOL_VERSION, allowDebugFaults: false }));
    const load = await h.replyTo(h.send({ type: 'load', text: WORKLOAD, fileName: null }));
    const runId = load.type === 'reply' && load.kind === 'load' && load.result.ok ? load.result.runId : -1;
    await h.until(() => h.progress().some((p) => p.status.state === 'finished'));
    const last = h.progress().at(-1)!.status.sessionCount;
    const snap = await h.replyTo(h.send({ type: 'snapshot', runId, index: last }));
    if (snap.type !== 'reply' || snap.kind !== 'snapshot') throw new Error('no snapshot');
    const marks = Object.fromEntries(snap.result.jobs.map((j) => [j.name, j.generatedBy ?? null]));
    expect(marks).toEqual({
      written: null,
      'research-1': 0,
      'research-2': 0,
      'research-3': 0,
      'research-4': 0,
      'research-5': 0,
    });
  });
});
