import { describe, expect, it } from 'vitest';
import { MAX_SLOTS, openTabDraft, writeTabDraft } from './tabDraft';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
}

describe('per-tab draft slots', () => {
  it('two tabs never overwrite each other’s draft', () => {
    const local = memoryStorage();
    let n = 0;
    const tabA = openTabDraft(local, memoryStorage(), () => `a${n++}`, null);
    const tabB = openTabDraft(local, memoryStorage(), () => `b${n++}`, null);
    writeTabDraft(local, tabA.key, 'text of A');
    writeTabDraft(local, tabB.key, 'text of B');
    expect(local.getItem(tabA.key)).toBe('text of A');
    expect(local.getItem(tabB.key)).toBe('text of B');
  });

  it('a reload keeps the tab’s own slot; a new tab starts from the latest text', () => {
    const local = memoryStorage();
    const session = memoryStorage();
    const first = openTabDraft(local, session, () => 'one', 'legacy draft');
    expect(first.initial).toBe('legacy draft');
    writeTabDraft(local, first.key, 'edited');
    expect(openTabDraft(local, session, () => 'never', null)).toEqual({ key: first.key, initial: 'edited' });
    const other = openTabDraft(local, memoryStorage(), () => 'two', null);
    expect(other.key).not.toBe(first.key);
    expect(other.initial).toBe('edited');
  });

  it('keeps at most MAX_SLOTS slots, dropping the oldest', () => {
    const local = memoryStorage();
    for (let i = 0; i < MAX_SLOTS + 3; i++) writeTabDraft(local, `preemption-lab.draft.t${i}`, `d${i}`);
    expect(local.getItem('preemption-lab.draft.t0')).toBeNull();
    expect(local.getItem(`preemption-lab.draft.t${MAX_SLOTS + 2}`)).toBe(`d${MAX_SLOTS + 2}`);
  });
});
