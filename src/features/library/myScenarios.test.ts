import { describe, expect, it } from 'vitest';
import {
  deleteMyScenario,
  listMyScenarios,
  MY_SCENARIO_MAX_CHARS,
  saveMyScenario,
  scenarioNameOf,
} from './myScenarios';

function memoryStorage(quota = Infinity) {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (v.length > quota) throw new DOMException('full', 'QuotaExceededError');
      data.set(k, v);
    },
    removeItem: (k: string) => void data.delete(k),
  };
}

let n = 0;
const makeId = () => `id-${n++}`;

describe('My scenarios', () => {
  it('keeps every scenario under its name, newest first, one entry per id', () => {
    const storage = memoryStorage();
    const a = saveMyScenario(storage, { name: 'A', text: 'name: A', origin: 'written' }, 1, makeId);
    saveMyScenario(storage, { name: 'B', text: 'name: B', origin: 'link' }, 2, makeId);
    expect(a.ok).toBe(true);
    if (!a.ok) return;
    saveMyScenario(storage, { id: a.entry.id, name: 'A2', text: 'name: A2', origin: 'written' }, 3, makeId);
    expect(listMyScenarios(storage).map((s) => s.name)).toEqual(['A2', 'B']);
    deleteMyScenario(storage, a.entry.id);
    expect(listMyScenarios(storage).map((s) => s.name)).toEqual(['B']);
  });

  it('saving the same text twice keeps one copy', () => {
    const storage = memoryStorage();
    saveMyScenario(storage, { name: 'A', text: 'same', origin: 'written' }, 1, makeId);
    saveMyScenario(storage, { name: 'A', text: 'same', origin: 'draft' }, 2, makeId);
    expect(listMyScenarios(storage)).toHaveLength(1);
  });

  it('a full storage is a clear message and keeps what was stored', () => {
    const storage = memoryStorage(200);
    saveMyScenario(storage, { name: 'small', text: 'x', origin: 'written' }, 1, makeId);
    const result = saveMyScenario(
      storage,
      { name: 'big', text: 'y'.repeat(500), origin: 'written' },
      2,
      makeId,
    );
    expect(result).toEqual({ ok: false, error: expect.stringContaining('storage for this site is full') });
    expect(listMyScenarios(storage).map((s) => s.name)).toEqual(['small']);
  });

  it('a text over the bound is refused in words without touching the list', () => {
    const storage = memoryStorage();
    saveMyScenario(storage, { name: 'small', text: 'x', origin: 'written' }, 1, makeId);
    const big = 'y'.repeat(MY_SCENARIO_MAX_CHARS + 1);
    const result = saveMyScenario(storage, { name: 'big', text: big, origin: 'written' }, 2, makeId);
    expect(result).toEqual({ ok: false, error: expect.stringContaining('(2.5 MB) is too large to keep') });
    expect(listMyScenarios(storage).map((s) => s.name)).toEqual(['small']);
    const atBound = 'z'.repeat(MY_SCENARIO_MAX_CHARS);
    expect(saveMyScenario(storage, { name: 'ok', text: atBound, origin: 'written' }, 3, makeId).ok).toBe(
      true,
    );
  });

  it('a corrupt list reads as empty, never as a crash', () => {
    const storage = memoryStorage();
    storage.setItem('preemption-lab.my-scenarios.v1', '{not json');
    expect(listMyScenarios(storage)).toEqual([]);
    storage.setItem(
      'preemption-lab.my-scenarios.v1',
      JSON.stringify([{ id: 1 }, null, { id: 'a', name: 'n', text: 't' }]),
    );
    expect(listMyScenarios(storage).map((s) => s.id)).toEqual(['a']);
  });

  it('an entry converted from Kubernetes YAML reads back with its origin', () => {
    const storage = memoryStorage();
    saveMyScenario(storage, { name: 'Imported', text: 'name: Imported', origin: 'import' }, 1, makeId);
    expect(listMyScenarios(storage).map((s) => s.origin)).toEqual(['import']);
  });

  it('reads the scenario name without a YAML parser', () => {
    expect(scenarioNameOf('version: 1\nname: "My team"\n')).toBe('My team');
    expect(scenarioNameOf('version: 1\nqueues:\n  - name: q\n')).toBe('Untitled scenario');
  });

  it('reads a JSON scenario’s top-level name, not a nested one, whatever the key order', () => {
    const scenario = {
      version: 1,
      nodes: [{ name: 'node0', gpus: 4 }],
      queues: [{ name: 'team "a"', quota: { gpu: 2 } }],
      name: 'Team A, in JSON',
    };
    expect(scenarioNameOf(JSON.stringify(scenario))).toBe('Team A, in JSON');
    expect(scenarioNameOf(JSON.stringify(scenario, null, 2))).toBe('Team A, in JSON');
    expect(scenarioNameOf('{"nodes": [{"name": "node0"}], "label": "name"}')).toBe('Untitled scenario');
    expect(scenarioNameOf('{"name": "a \\"quoted\\" \\u00e9"}')).toBe('a "quoted" é');
    expect(scenarioNameOf('{"name": 3}')).toBe('Untitled scenario');
    expect(scenarioNameOf('[{"name": "x"}]')).toBe('Untitled scenario');
    expect(scenarioNameOf('{"name": "unterminated')).toBe('Untitled scenario');
  });
});
