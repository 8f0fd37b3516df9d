import { describe, expect, it } from 'vitest';
import type { SimulationClient } from '../client/SimulationClient';
import type { ResolveQuery, ResolveResult } from '../engine/api';
import { createAppStore } from './createAppStore';
import {
  selectSelectedJob,
  selectSelectedNode,
  selectSelectedPair,
  selectSelectedQueue,
} from './selectionSlice';

const pair = { session: 2, attempt: 1, preemptor: 'reclaimer', victim: 'victim2' };

/** A client that only answers `resolve` (the rest is never called by these tests). */
function fakeClient(queries: { runId: number; query: ResolveQuery; session: number }[]): SimulationClient {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    load: unused,
    snapshot: unused,
    attempt: unused,
    pauseRun: unused,
    resumeRun: unused,
    debugFault: unused,
    resolve(runId, query, session) {
      queries.push({ runId, query, session });
      return Promise.resolve({ preempt: {}, reclaim: {} } as ResolveResult);
    },
    subscribe: () => () => undefined,
    pendingCount: () => 0,
    dispose: () => undefined,
  };
}

describe('selection slice', () => {
  it('selecting a pair selects its victim job; any other selection clears the pair', () => {
    const store = createAppStore({ client: fakeClient([]) });
    const { actions } = store.getState();
    actions.selectPair(pair);
    let state = store.getState();
    expect(selectSelectedPair(state)).toEqual(pair);
    expect(selectSelectedJob(state)).toBe('victim2');
    expect(state.view.sideView).toBe('details');

    actions.select({ kind: 'queue', name: 'leaf3' });
    state = store.getState();
    expect(selectSelectedPair(state)).toBeNull();
    expect(selectSelectedQueue(state)).toBe('leaf3');
    expect(selectSelectedNode(state)).toBeNull();

    actions.selectPair(pair);
    actions.toggleJob('victim2');
    expect(store.getState().selection).toEqual({ current: null, pair: null });

    actions.select({ kind: 'node', name: 'node0' });
    expect(selectSelectedNode(store.getState())).toBe('node0');
    actions.selectPair(null);
    expect(store.getState().selection).toEqual({ current: null, pair: null });
  });

  it('asks the worker for what-if resolutions of the loaded run, at the session shown, and stores nothing', async () => {
    const queries: { runId: number; query: ResolveQuery; session: number }[] = [];
    const store = createAppStore({ client: fakeClient(queries) });
    const { actions } = store.getState();
    await expect(actions.resolveMinRuntime({ victimQueue: 'leaf1' })).rejects.toThrow(/No scenario/);
    store.setState((s) => ({ run: { ...s.run, runId: 7, cursor: 3 } }));
    const before = store.getState();
    await actions.resolveMinRuntime({ victimQueue: 'leaf1', preemptorQueue: 'leaf3', method: 'queue' });
    expect(queries).toEqual([
      { runId: 7, query: { victimQueue: 'leaf1', preemptorQueue: 'leaf3', method: 'queue' }, session: 3 },
    ]);
    expect(store.getState()).toBe(before);
  });
});
