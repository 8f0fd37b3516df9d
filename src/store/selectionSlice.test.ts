import { describe, expect, it } from 'vitest';
import type { SimulationClient } from '../client/SimulationClient';
import type { ResolveResult } from '../engine/model/protection';
import type { RunQuery } from '../protocol/queries';
import { createAppStore } from './createAppStore';
import {
  selectSelectedJob,
  selectSelectedNode,
  selectSelectedPair,
  selectSelectedQueue,
} from './selectionSlice';

const pair = { session: 2, attempt: 1, preemptor: 'reclaimer', victim: 'victim2' };

/** A client that only answers `query` (the rest is never called by these tests). */
function fakeClient(queries: { runId: number; query: RunQuery }[]): SimulationClient {
  const unused = () => Promise.reject(new Error('not used'));
  return {
    load: unused,
    validate: unused,
    expandWorkload: unused,
    snapshot: unused,
    attempt: unused,
    pauseRun: unused,
    resumeRun: unused,
    debugFault: unused,
    query<Q extends RunQuery>(runId: number, query: Q) {
      queries.push({ runId, query });
      return Promise.resolve({ preempt: {}, reclaim: {} } as ResolveResult) as never;
    },
    subscribe: () => () => undefined,
    pendingCount: () => 0,
    restart: () => undefined,
    historySize: unused,
    hasJob: unused,
    explainJob: unused,
    dryRun: unused,
    changedScenario: unused,
    dispose: () => undefined,
  };
}

describe('selection slice', () => {
  it('selecting a pair selects its victim job; any other selection clears the pair', () => {
    const store = createAppStore({ client: fakeClient([]) });
    const { actions } = store.getState();
    actions.setView({ isSidePanelOpen: false });
    actions.selectPair(pair);
    let state = store.getState();
    expect(selectSelectedPair(state)).toEqual(pair);
    expect(selectSelectedJob(state)).toBe('victim2');
    // The side panel opens on its details.
    expect(state.view.isSidePanelOpen).toBe(true);

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

  it('asks the worker generic queries (KAI min-runtime what-ifs) of the loaded run, at the session shown, and stores nothing', async () => {
    const queries: { runId: number; query: RunQuery }[] = [];
    const store = createAppStore({ client: fakeClient(queries) });
    const { actions } = store.getState();
    const ask = (params: { victimQueue: string; preemptorQueue?: string; method?: 'lca' | 'queue' }) =>
      actions.query({ profile: 'kai', kind: 'minruntime', params });
    await expect(ask({ victimQueue: 'leaf1' })).rejects.toThrow(/No scenario/);
    store.setState((s) => ({ run: { ...s.run, runId: 7, cursor: 3 } }));
    const before = store.getState();
    await ask({ victimQueue: 'leaf1', preemptorQueue: 'leaf3', method: 'queue' });
    expect(queries).toEqual([
      {
        runId: 7,
        query: {
          profile: 'kai',
          kind: 'minruntime',
          session: 3,
          params: { victimQueue: 'leaf1', preemptorQueue: 'leaf3', method: 'queue' },
        },
      },
    ]);
    expect(store.getState()).toBe(before);
  });
});
