import { describe, expect, it } from 'vitest';
import type { SimulationClient } from '../client/SimulationClient';
import { createAppStore } from './createAppStore';

/** A client whose loads never answer: these tests look only at what a load does to the buffer at once. */
function silentClient(): SimulationClient {
  const never = () => new Promise<never>(() => undefined);
  return {
    load: never,
    validate: never,
    expandWorkload: never,
    snapshot: never,
    attempt: never,
    pauseRun: never,
    resumeRun: never,
    debugFault: never,
    query: never as SimulationClient['query'],
    subscribe: () => () => undefined,
    pendingCount: () => 0,
    restart: () => undefined,
    historySize: never,
    hasJob: never,
    explainJob: never,
    dryRun: never,
    changedScenario: never,
    dispose: () => undefined,
  };
}

describe('the My scenarios entry the editor buffer is an edit of (draftEntry)', () => {
  it('opening a saved scenario into the editor makes the buffer its edit; typing keeps it so', () => {
    const store = createAppStore({ client: silentClient() });
    void store.getState().actions.loadScenario('name: A', {
      source: { kind: 'custom', savedId: 'a' },
      replaceDraft: true,
    });
    store.getState().actions.setDraft('name: A\n# typed');
    expect(store.getState().scenario).toMatchObject({
      draft: 'name: A\n# typed',
      draftEntry: { id: 'a', text: 'name: A' },
    });
  });

  it('a file, template or conversion put in the editor is no longer an edit of the entry that was open', () => {
    const store = createAppStore({ client: silentClient() });
    void store.getState().actions.loadScenario('name: A', {
      source: { kind: 'custom', savedId: 'a' },
      replaceDraft: true,
    });
    store.getState().actions.replaceDraft('name: From a file', 'file-entry');
    expect(store.getState().scenario.draftEntry).toEqual({ id: 'file-entry', text: 'name: From a file' });
    store.getState().actions.replaceDraft('name: Template', null);
    expect(store.getState().scenario.draftEntry).toBeNull();
  });

  it('a built-in picked into the editor, or a load that leaves the buffer alone, links it as before', () => {
    const store = createAppStore({ client: silentClient() });
    store.getState().actions.replaceDraft('name: A', 'a');
    void store.getState().actions.loadScenario('name: Shared', {
      source: { kind: 'shared', fragment: 'x', notes: [] },
    });
    expect(store.getState().scenario).toMatchObject({ draft: 'name: A', draftEntry: { id: 'a' } });
    void store.getState().actions.loadScenario('name: Lesson', {
      source: { kind: 'builtin', id: 'welcome' },
      replaceDraft: true,
    });
    expect(store.getState().scenario).toMatchObject({ draft: 'name: Lesson', draftEntry: null });
  });
});
