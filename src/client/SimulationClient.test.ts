import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Command, LoadResult, WorkerMessage } from '../protocol/messages';
import { PROTOCOL_VERSION } from '../protocol/protocolVersion';
import type { Transport, TransportListener } from '../protocol/Transport';
import { isClientError } from './ClientError';
import { createSimulationClient } from './SimulationClient';

/** A scripted worker: records commands, answers `hello` itself, and lets the test answer the rest. */
class ScriptedWorker implements Transport {
  readonly commands: Command[] = [];
  listener: TransportListener | null = null;
  isTerminated = false;
  constructor(private readonly version = PROTOCOL_VERSION) {}
  post(command: Command): void {
    this.commands.push(command);
    if (command.type === 'hello') {
      queueMicrotask(() =>
        this.send({
          type: 'reply',
          id: command.id,
          kind: 'hello',
          result: { protocolVersion: this.version },
        }),
      );
    }
  }
  listen(listener: TransportListener) {
    this.listener = listener;
    return () => {
      this.listener = null;
    };
  }
  terminate(): void {
    this.isTerminated = true;
  }
  send(message: WorkerMessage): void {
    this.listener?.message(message);
  }
  last(type: Command['type']): Command {
    const found = [...this.commands].reverse().find((c) => c.type === type);
    if (found === undefined) throw new Error(`no ${type} command`);
    return found;
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('SimulationClient', () => {
  let workers: ScriptedWorker[];
  const factory = () => {
    const worker = new ScriptedWorker();
    workers.push(worker);
    return worker;
  };
  beforeEach(() => {
    workers = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends hello first, then correlates replies that arrive out of order', async () => {
    const client = createSimulationClient(factory);
    const a = client.pauseRun(1);
    const b = client.resumeRun(1);
    await flush();
    const worker = workers[0]!;
    expect(worker.commands.map((c) => c.type)).toEqual(['hello', 'pauseRun', 'resumeRun']);
    const resume = worker.last('resumeRun');
    const pause = worker.last('pauseRun');
    worker.send({
      type: 'reply',
      id: resume.id,
      kind: 'resumeRun',
      result: { runId: 1, state: 'running', sessionCount: 3, error: null },
    });
    worker.send({
      type: 'reply',
      id: pause.id,
      kind: 'pauseRun',
      result: { runId: 1, state: 'paused', sessionCount: 3, error: null },
    });
    await expect(a).resolves.toMatchObject({ state: 'paused' });
    await expect(b).resolves.toMatchObject({ state: 'running' });
    expect(client.pendingCount()).toBe(0);
  });

  it('turns a worker failure into a ClientError with the worker code', async () => {
    const client = createSimulationClient(factory);
    const p = client.snapshot(1, 99);
    await flush();
    const worker = workers[0]!;
    worker.send({
      type: 'failure',
      id: worker.last('snapshot').id,
      error: { code: 'bad-request', message: 'nope' },
    });
    await expect(p).rejects.toSatisfy((e) => isClientError(e, 'bad-request'));
  });

  it('refuses a worker that speaks another protocol version', async () => {
    const client = createSimulationClient(() => {
      const worker = new ScriptedWorker(PROTOCOL_VERSION + 1);
      workers.push(worker);
      return worker;
    });
    await expect(client.pauseRun(1)).rejects.toSatisfy((e) => isClientError(e, 'version-mismatch'));
  });

  it('rejects pending requests on a crash and starts a new worker for the next request', async () => {
    const client = createSimulationClient(factory);
    const crashes: string[] = [];
    client.subscribe({ crash: (reason) => crashes.push(reason) });
    const p = client.pauseRun(1);
    await flush();
    workers[0]!.listener?.crash('out of memory');
    await expect(p).rejects.toSatisfy((e) => isClientError(e, 'crashed'));
    expect(crashes).toEqual(['The simulator crashed: out of memory']);
    expect(workers[0]!.isTerminated).toBe(true);

    const q = client.pauseRun(1);
    await flush();
    expect(workers).toHaveLength(2);
    const worker = workers[1]!;
    worker.send({
      type: 'reply',
      id: worker.last('pauseRun').id,
      kind: 'pauseRun',
      result: { runId: 1, state: 'paused', sessionCount: 0, error: null },
    });
    await expect(q).resolves.toMatchObject({ state: 'paused' });
  });

  it('treats a request without an answer as a hung worker', async () => {
    vi.useFakeTimers();
    const client = createSimulationClient(factory, { timeoutMs: 1000 });
    const crashes: string[] = [];
    client.subscribe({ crash: (reason) => crashes.push(reason) });
    const p = client.snapshot(1, 1);
    const assertion = expect(p).rejects.toSatisfy((e) => isClientError(e, 'crashed'));
    await vi.advanceTimersByTimeAsync(1500);
    await assertion;
    expect(crashes[0]).toMatch(/did not answer/);
    expect(workers[0]!.isTerminated).toBe(true);
  });

  it('waits 15 s by default before counting the worker as hung (the e2e spec of a hang asks for 5 s)', async () => {
    vi.useFakeTimers();
    const client = createSimulationClient(factory);
    const crashes: string[] = [];
    client.subscribe({ crash: (reason) => crashes.push(reason) });
    const p = client.snapshot(1, 1);
    const assertion = expect(p).rejects.toSatisfy((e) => isClientError(e, 'crashed'));
    await vi.advanceTimersByTimeAsync(14_900);
    expect(crashes).toEqual([]);
    await vi.advanceTimersByTimeAsync(200);
    await assertion;
    expect(crashes[0]).toBe('The simulator did not answer for 15 s and was restarted.');
  });

  it('gives a big scenario longer to load before counting the worker as hung', async () => {
    vi.useFakeTimers();
    const client = createSimulationClient(factory, { timeoutMs: 1000 });
    const crashes: string[] = [];
    client.subscribe({ crash: (reason) => crashes.push(reason) });
    // 2 million characters: 1 s + 30 s.
    const p = client.load('x'.repeat(2_000_000), null);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(crashes).toEqual([]);
    const worker = workers[0]!;
    worker.send({
      type: 'failure',
      id: worker.last('load').id,
      error: { code: 'bad-request', message: 'no' },
    });
    await expect(p).rejects.toSatisfy((e) => isClientError(e, 'bad-request'));
    const q = client.load('x'.repeat(2_000_000), null);
    const assertion = expect(q).rejects.toSatisfy((e) => isClientError(e, 'crashed'));
    await vi.advanceTimersByTimeAsync(32_000);
    await assertion;
    expect(crashes[0]).toMatch(/did not answer for 31 s/);
  });

  it('gives the requests of a big scenario as long as its load: they may wait behind one of its sessions', async () => {
    vi.useFakeTimers();
    const client = createSimulationClient(factory, { timeoutMs: 1000 });
    const crashes: string[] = [];
    client.subscribe({ crash: (reason) => crashes.push(reason) });
    // 2 million characters loaded: a snapshot waits 1 s + 30 s, as the load did.
    const load = client.load('x'.repeat(2_000_000), null);
    await vi.advanceTimersByTimeAsync(10);
    const worker = workers[0]!;
    worker.send({
      type: 'failure',
      id: worker.last('load').id,
      error: { code: 'bad-request', message: 'no' },
    });
    await expect(load).rejects.toSatisfy((e) => isClientError(e, 'bad-request'));
    const p = client.snapshot(1, 1);
    const assertion = expect(p).rejects.toSatisfy((e) => isClientError(e, 'crashed'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(crashes).toEqual([]);
    await vi.advanceTimersByTimeAsync(12_000);
    await assertion;
    expect(crashes[0]).toMatch(/did not answer for 31 s/);
  });

  describe('applying the text the worker last checked (protocol 13)', () => {
    const loaded: LoadResult = { ok: false, errors: [] };
    /** Answers the last `validate` and returns the worker. */
    const validated = async (client: ReturnType<typeof createSimulationClient>, text: string) => {
      const check = client.validate(text);
      await flush();
      const worker = workers.at(-1)!;
      worker.send({
        type: 'reply',
        id: worker.last('validate').id,
        kind: 'validate',
        result: { errors: [], warnings: [] },
      });
      await check;
      return worker;
    };
    const replyToLoad = (worker: ScriptedWorker) =>
      worker.send({ type: 'reply', id: worker.last('load').id, kind: 'load', result: loaded });
    /** Starts a load and answers it; returns the worker it went to and the command that worker received. */
    const loadAnswered = async (
      client: ReturnType<typeof createSimulationClient>,
      text: string,
      fileName: string | null,
    ) => {
      const load = client.load(text, fileName);
      await flush();
      const worker = workers.at(-1)!;
      const posted = worker.last('load');
      replyToLoad(worker);
      await expect(load).resolves.toEqual(loaded);
      return { worker, posted };
    };

    it('stands for the checked text instead of posting it again, once', async () => {
      const client = createSimulationClient(factory);
      const text = 'version: 1\n'.repeat(1000);
      await validated(client, text);
      // An equal text, not the same string: still the checked one.
      const first = await loadAnswered(client, text.slice(0, 5) + text.slice(5), null);
      expect(first.posted).toEqual({
        type: 'load',
        id: expect.any(Number),
        sameAsValidated: 11_000,
        fileName: null,
      });
      // The worker gave the checked text to that load: the next load of it posts it.
      expect((await loadAnswered(client, text, null)).posted).toMatchObject({ text, fileName: null });
    });

    it('posts the text when it differs, comes from a file, or the worker restarted', async () => {
      const client = createSimulationClient(factory);
      await validated(client, 'a: 1');
      expect((await loadAnswered(client, 'a: 2', null)).posted).toMatchObject({ text: 'a: 2' });
      await validated(client, 'a: 1');
      expect((await loadAnswered(client, 'a: 1', 'a.yaml')).posted).toMatchObject({
        text: 'a: 1',
        fileName: 'a.yaml',
      });
      // A check of another text of the same length posted just before: the worker then holds that one.
      await validated(client, 'a: 1');
      const other = client.validate('a: 3');
      const raced = await loadAnswered(client, 'a: 1', null);
      expect(raced.posted).toMatchObject({ text: 'a: 1' });
      const check = raced.worker.last('validate');
      raced.worker.send({
        type: 'reply',
        id: check.id,
        kind: 'validate',
        result: { errors: [], warnings: [] },
      });
      await other;
      const crashed = await validated(client, 'a: 1');
      crashed.listener?.crash('gone');
      const restarted = await loadAnswered(client, 'a: 1', null);
      expect(restarted.worker).not.toBe(crashed);
      expect(restarted.posted).toMatchObject({ text: 'a: 1' });
    });

    it('sends the text after all when the worker no longer holds it', async () => {
      const client = createSimulationClient(factory);
      const worker = await validated(client, 'a: 1');
      const load = client.load('a: 1', null);
      await flush();
      const standIn = worker.last('load');
      expect(standIn).not.toHaveProperty('text');
      worker.send({ type: 'failure', id: standIn.id, error: { code: 'not-kept', message: 'gone' } });
      await flush();
      const resent = worker.last('load');
      expect(resent).toMatchObject({ text: 'a: 1', fileName: null });
      expect(resent.id).not.toBe(standIn.id);
      replyToLoad(worker);
      await expect(load).resolves.toEqual(loaded);
      // Any other failure is the load's own.
      const other = await validated(client, 'b: 1');
      const failing = client.load('b: 1', null);
      await flush();
      other.send({
        type: 'failure',
        id: other.last('load').id,
        error: { code: 'engine-error', message: 'bad' },
      });
      await expect(failing).rejects.toSatisfy((e) => isClientError(e, 'engine-error'));
    });
  });

  it('cancels a request through its AbortSignal and ignores the late reply', async () => {
    const client = createSimulationClient(factory);
    const controller = new AbortController();
    const p = client.snapshot(1, 1, { signal: controller.signal });
    await flush();
    controller.abort();
    await expect(p).rejects.toSatisfy((e) => isClientError(e, 'aborted'));
    const worker = workers[0]!;
    expect(() =>
      worker.send({
        type: 'failure',
        id: worker.last('snapshot').id,
        error: { code: 'internal', message: 'late' },
      }),
    ).not.toThrow();
    expect(client.pendingCount()).toBe(0);
  });

  it('forwards run progress to subscribers', async () => {
    const client = createSimulationClient(factory);
    const seen: number[] = [];
    client.subscribe({ progress: (m) => seen.push(m.status.sessionCount) });
    void client.pauseRun(1).catch(() => undefined);
    await flush();
    workers[0]!.send({
      type: 'runProgress',
      runId: 1,
      from: 0,
      markers: [],
      status: { runId: 1, state: 'running', sessionCount: 4, error: null },
    });
    expect(seen).toEqual([4]);
    client.dispose();
  });
});
