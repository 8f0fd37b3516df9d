import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient, type SimulationClient } from '../client/SimulationClient';
import { findBuiltinScenario } from '../scenarios/builtinScenarios';
import { ENGINE } from '../worker/engine';
import { createInProcessTransport } from '../worker/inProcessTransport';
import type { AppState } from '../store/AppState';
import { createAppStore, type AppStore } from '../store/createAppStore';

const engine = ENGINE;
const text = (id: string) => findBuiltinScenario(id)!.text;
/**
 * Welcome without its lesson (its last section), for tests of the run's stepping: an open lesson question
 * holds forward steps past it (decision 0267).
 */
const welcomeRun = () => text('welcome').replace(/^lesson:[\s\S]*$/m, '');

async function until(store: AppStore, predicate: (s: AppState) => boolean, what: string): Promise<AppState> {
  for (let i = 0; i < 1000; i++) {
    const state = store.getState();
    if (predicate(state)) return state;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('app store (client + in-process worker + real engine)', () => {
  let client: SimulationClient;
  let store: AppStore;
  const setup = (allowDebugFaults = false) => {
    client = createSimulationClient(() => createInProcessTransport(engine), { allowDebugFaults });
    store = createAppStore({ client, scheduleFrame: (cb) => setTimeout(cb, 0) });
    return store;
  };
  afterEach(() => client.dispose());

  it('answers the KAI min-runtime what-if through the generic query, at the session shown', async () => {
    setup();
    await store.getState().actions.loadScenario(text('welcome'), {
      source: { kind: 'builtin', id: 'welcome' },
      replaceDraft: true,
    });
    await until(store, (s) => s.run.snapshot?.index === 1, 'session 1');
    const answer = await store.getState().actions.query<{
      profile: 'kai';
      kind: 'minruntime';
      session: number;
      params: { victimQueue: string };
    }>({ profile: 'kai', kind: 'minruntime', params: { victimQueue: 'no-such-queue' } });
    // A queue that is not in the tree resolves to the plugin defaults (upstream's nil queue).
    expect(answer.reclaim).toMatchObject({ source: 'default' });
    expect(store.getState().scenario.summary?.plugins.map((p) => p.name)).toContain('minruntime');
  });

  it('cancelling a load restarts the worker and brings back the previous scenario, session and selection', async () => {
    setup();
    await store.getState().actions.loadScenario(text('welcome'), {
      source: { kind: 'builtin', id: 'welcome' },
      cursor: 3,
    });
    await until(store, (s) => s.run.snapshot?.index === 3 && s.run.status?.state === 'finished', 'session 3');
    store.getState().actions.select({ kind: 'job', name: 'train-b' });
    store.getState().actions.setDraft('my own text');
    const shown = store.getState().run.snapshot;

    const other = store
      .getState()
      .actions.loadScenario(text('welcome').replace(/^name: .*$/m, 'name: other'), {
        source: { kind: 'custom' },
      });
    expect(store.getState().scenario.loadProgress).toMatchObject({ phase: 'sending', isRestoring: false });
    const cancelled = store.getState().actions.cancelLoad();
    // The previous session stays on screen while the restored run catches up to it.
    expect(store.getState().run.snapshot).toBe(shown);
    expect(store.getState().scenario.loadProgress).toMatchObject({ isRestoring: true });
    await Promise.all([other, cancelled]);
    const state = await until(
      store,
      (s) => s.scenario.loadState === 'loaded' && s.run.status?.state === 'finished',
      'the previous run back',
    );
    expect(state.scenario.summary?.name).toBe(store.getState().scenario.summary?.name);
    expect(state.scenario.summary?.name).not.toBe('other');
    expect(state.run.cursor).toBe(3);
    expect(state.selection.current).toEqual({ kind: 'job', name: 'train-b' });
    expect(state.scenario.draft).toBe('my own text');
    expect(state.run.crash).toBeNull();
    state.actions.stepForward();
    await until(store, (s) => s.run.snapshot?.index === 4, 'a step on the restored run');
  });

  it('cancelling a load with nothing before it leaves an empty, usable app', async () => {
    setup();
    const first = store.getState().actions.loadScenario(text('welcome'), { source: { kind: 'custom' } });
    await store.getState().actions.cancelLoad();
    await first;
    expect(store.getState().scenario).toMatchObject({ loadState: 'idle', summary: null });
    expect(store.getState().scenario.cancelNote).toMatch(/cancelled/);
    await store
      .getState()
      .actions.loadScenario(text('welcome'), { source: { kind: 'builtin', id: 'welcome' } });
    await until(store, (s) => s.run.snapshot?.index === 1, 'a fresh worker runs the next load');
  });

  it('loads a scenario, shows session 1, and steps through the run with the snapshot following the cursor', async () => {
    setup();
    await store.getState().actions.loadScenario(welcomeRun(), {
      source: { kind: 'builtin', id: 'welcome' },
      replaceDraft: true,
    });
    let state = await until(store, (s) => s.run.snapshot?.index === 1, 'session 1');
    expect(state.scenario).toMatchObject({
      loadState: 'loaded',
      summary: { name: expect.stringContaining('Welcome') },
    });
    expect(state.scenario.draft).toBe(welcomeRun());
    state = await until(store, (s) => s.run.status?.state === 'finished', 'the run to finish');
    expect(state.run.markers).toHaveLength(7);

    state.actions.nextEviction();
    expect(store.getState().run.cursor).toBe(3);
    state = await until(store, (s) => s.run.snapshot?.index === 3, 'session 3');
    expect(state.run.snapshot?.decisions.some((d) => d.kind === 'evict')).toBe(true);

    state.actions.stepBack();
    state.actions.stepBack();
    state.actions.stepForward();
    state = await until(store, (s) => s.run.snapshot?.index === 2, 'the newest cursor to win');
    state.actions.toEnd();
    expect(store.getState().run.cursor).toBe(7);
    store.getState().actions.setCursor(99);
    expect(store.getState().run.cursor).toBe(7);
  });

  it('fetches the next session ahead, so a step forward shows it at once; full attempts on demand', async () => {
    setup();
    // Count the session replies, to wait for the prefetches themselves rather than for a fixed time (a
    // 50 ms sleep was not always enough on a loaded machine).
    const replied = new Set<number>();
    const snapshot = client.snapshot.bind(client);
    client.snapshot = (runId, index) =>
      snapshot(runId, index).then((view) => {
        replied.add(index);
        return view;
      });
    await store.getState().actions.loadScenario(welcomeRun(), { source: { kind: 'builtin', id: 'welcome' } });
    await until(store, (s) => s.run.status?.state === 'finished' && s.run.snapshot?.index === 1, 'the run');
    // Session 1 on screen prefetches 2, then 3, one at a time.
    await until(store, () => replied.has(2) && replied.has(3), 'the prefetches of sessions 2 and 3');
    await new Promise((r) => setTimeout(r, 0)); // the store's own handler of the last reply
    store.getState().actions.stepForward();
    expect(store.getState().run.snapshot?.index).toBe(2); // synchronously, from the cache
    store.getState().actions.stepForward();
    expect(store.getState().run.snapshot?.index).toBe(3);

    const evict = store.getState().run.snapshot!.decisions.find((d) => d.kind === 'evict')!;
    store.getState().actions.fetchAttempt(3, evict.attempt!);
    const state = await until(store, (s) => `3:${evict.attempt}` in s.run.attempts, 'the attempt');
    const entry = state.run.attempts[`3:${evict.attempt}`];
    expect(entry?.ok && entry.attempt.victims.some((v) => v.job === 'sweep-1')).toBe(true);
  });

  it('plays one session per tick and stops at the end', async () => {
    setup();
    await store.getState().actions.loadScenario(text('lca-1'), { source: { kind: 'builtin', id: 'lca-1' } });
    await until(
      store,
      (s) => s.run.status?.state === 'finished' && s.run.snapshot?.index === 1,
      'a finished run',
    );
    store.getState().actions.play();
    for (let i = 0; i < 10; i++) {
      store.getState().actions.playbackTick();
      await until(store, (s) => s.run.snapshot?.index === s.run.cursor, 'the tick’s snapshot');
    }
    expect(store.getState().run).toMatchObject({ cursor: 3, isPlaying: false });
  });

  it('keeps the previous run and the text when new text does not parse', async () => {
    setup();
    await store.getState().actions.loadScenario(text('lca-1'), { source: { kind: 'builtin', id: 'lca-1' } });
    await until(store, (s) => s.run.snapshot !== null, 'a snapshot');
    const broken = 'version: 1\nnodes: []\nqueues:\n  - name: a\n    parent: ghost\n';
    store.getState().actions.setDraft(broken);
    await store.getState().actions.loadScenario(broken, { source: { kind: 'custom' } });
    const state = store.getState();
    expect(state.scenario.loadState).toBe('invalid');
    expect(state.scenario.issues[0]).toMatchObject({
      path: expect.stringContaining('queues[0].parent'),
      line: 5,
    });
    expect(state.scenario.draft).toBe(broken);
    expect(state.scenario.source).toEqual({ kind: 'builtin', id: 'lca-1' });
    expect(state.run.snapshot).not.toBeNull();
  });

  it('survives a worker crash: shows it, keeps the text, and retry returns to the same session and selection', async () => {
    setup(true);
    await store.getState().actions.loadScenario(text('welcome'), {
      source: { kind: 'builtin', id: 'welcome' },
      replaceDraft: true,
    });
    await until(store, (s) => s.run.status?.state === 'finished', 'the run');
    store.getState().actions.setCursor(3);
    store.getState().actions.select({ kind: 'job', name: 'train-b' });
    store.getState().actions.setDraft('my unsaved edit');
    await until(store, (s) => s.run.snapshot?.index === 3, 'session 3');

    await client.debugFault('crash');
    let state = await until(store, (s) => s.run.crash !== null, 'the crash');
    expect(state.run.crash).toMatch(/crashed/);
    expect(state.scenario.draft).toBe('my unsaved edit');

    await state.actions.retry();
    state = await until(store, (s) => s.run.snapshot?.index === 3, 'session 3 again');
    expect(state.run.crash).toBeNull();
    expect(state.selection.current).toEqual({ kind: 'job', name: 'train-b' });
    expect(state.scenario.draft).toBe('my unsaved edit');
  });

  it('reports an engine failure part-way and keeps the sessions before it', async () => {
    setup(true);
    await client.debugFault('failStep', 3);
    await store
      .getState()
      .actions.loadScenario(text('welcome'), { source: { kind: 'builtin', id: 'welcome' } });
    const state = await until(store, (s) => s.run.status?.state === 'failed', 'the failure');
    expect(state.run.markers).toHaveLength(2);
    expect(state.run.status?.error).toMatch(/Session 3 failed/);
  });
});
