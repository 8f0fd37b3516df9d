/**
 * "Why?", "Try it" and the dry run through the store, the client and the worker host over the real engine
 * (issue 19): what the app shows is what the engine answered, and a tried change opens as a preview that
 * "Back" leaves without touching the editor buffer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulationClient, type SimulationClient } from '../client/SimulationClient';
import { findBuiltinScenario } from '../scenarios/builtinScenarios';
import type { AppState } from '../store/AppState';
import { createAppStore, type AppStore } from '../store/createAppStore';
import { ENGINE } from '../worker/engine';
import { createInProcessTransport } from '../worker/inProcessTransport';

const welcome = findBuiltinScenario('welcome')!.text;

async function until(store: AppStore, predicate: (s: AppState) => boolean, what: string): Promise<AppState> {
  for (let i = 0; i < 2000; i++) {
    const state = store.getState();
    if (predicate(state)) return state;
    await new Promise((r) => setTimeout(r, 2));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('explain and dry run through the worker', () => {
  let client: SimulationClient;
  let store: AppStore;
  afterEach(() => client.dispose());

  const open = async () => {
    client = createSimulationClient(() => createInProcessTransport(ENGINE));
    store = createAppStore({ client, scheduleFrame: (cb) => setTimeout(cb, 0), initialDraft: 'my own text' });
    await store.getState().actions.loadScenario(welcome, { source: { kind: 'builtin', id: 'welcome' } });
    return until(store, (s) => s.run.snapshot?.index === 1 && s.run.status?.state === 'finished', 'the run');
  };

  it('explains a pending job at the session shown, and Try it opens the change where the job starts', async () => {
    await open();
    const reply = await store.getState().actions.explainJob('train-b', 1);
    if (!reply.ok) throw new Error(reply.error);
    expect(reply.explanation).toMatchObject({ job: 'train-b', session: 1, state: 'pending' });
    expect(reply.explanation.blocker?.code).toBe('victims-protected');
    const change = reply.explanation.suggestions.find((s) => s.change.kind === 'set-min-runtime');
    expect(change).toBeDefined();

    await store.getState().actions.tryChange('train-b', change!);
    const shown = await until(
      store,
      (s) => s.scenario.source?.kind === 'what-if' && s.run.snapshot?.index === change!.startsAtSession,
      'the what-if at its session',
    );
    // The engine's own snapshot of the changed scenario: the job runs at the promised session.
    // The engine's "starts" is bound or pipelined (docs §18).
    const job = shown.run.snapshot!.jobs.find((j) => j.name === 'train-b')!;
    expect(job.running + job.pipelined).toBeGreaterThan(0);
    expect(shown.selection.current).toEqual({ kind: 'job', name: 'train-b' });
    expect(shown.scenario.draft).toBe('my own text');

    await store.getState().actions.leaveWhatIf();
    const back = await until(store, (s) => s.scenario.source?.kind === 'builtin', 'back to welcome');
    expect(back.scenario.loadedText).toBe(welcome);
    expect(back.run.cursor).toBe(1);
    expect(back.scenario.draft).toBe('my own text');
  });

  it('a wait-until suggestion only moves the cursor: the scenario stays as it is', async () => {
    await open();
    const reply = await store.getState().actions.explainJob('train-b', 1);
    if (!reply.ok) throw new Error(reply.error);
    const wait = reply.explanation.suggestions.find((s) => s.change.kind === 'wait-until')!;
    await store.getState().actions.tryChange('train-b', wait);
    const state = await until(store, (s) => s.run.snapshot?.index === wait.startsAtSession, 'the session');
    expect(state.scenario.source).toEqual({ kind: 'builtin', id: 'welcome' });
    const job = state.run.snapshot!.jobs.find((j) => j.name === 'train-b')!;
    expect(job.running + job.pipelined).toBeGreaterThan(0);
  });

  it('says who evicted a job, under which min-runtime, and refuses an unknown job by name', async () => {
    await open();
    const reply = await store.getState().actions.explainJob('sweep-1', 3);
    if (!reply.ok) throw new Error(reply.error);
    expect(reply.explanation.eviction).toMatchObject({
      action: 'reclaim',
      by: 'train-b',
      byQueue: 'product',
    });
    expect(reply.explanation.eviction?.minRuntime).toMatchObject({ applied: 60_000, source: 'research' });
    const unknown = await store.getState().actions.explainJob('no-such-job', 1);
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.error).toContain('no-such-job');
  });

  it('dry-runs a job text against the loaded scenario: starts, never starts, or the errors with their place', async () => {
    await open();
    // product is below its fair share: reclaim makes room once sweep-1's min-runtime has passed.
    const fits = await store
      .getState()
      .actions.dryRun('name: probe\nqueue: product\nresources: {gpu: 1}\n', 1);
    expect(fits.ok && fits.result).toMatchObject({
      job: 'probe',
      starts: true,
      session: 3,
      evicts: [{ task: 'sweep-1-0', job: 'sweep-1', queue: 'research', action: 'reclaim' }],
    });
    const never = await store
      .getState()
      .actions.dryRun('name: huge\nqueue: research\nresources: {gpu: 64}\n', 1);
    expect(never.ok && never.result).toMatchObject({ job: 'huge', starts: false });
    expect(never.ok && never.result.reason).toBeTruthy();
    // Submitted at session 4 instead, once train-b holds product's share, the same job never starts.
    const later = await store
      .getState()
      .actions.dryRun('name: probe\nqueue: product\nresources: {gpu: 1}\n', 4);
    expect(later.ok && later.result).toMatchObject({ starts: false });
    expect(later.ok && later.result.reason).toContain('Queue product would go above its fair share');
    const bad = await store.getState().actions.dryRun('name: bad\nqueue: nowhere\n', 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.join('\n')).toContain('nowhere');
  });
});
