import { describe, expect, it } from 'vitest';
import { findShortcut, SHORTCUTS } from './shortcuts';

const key = (
  k: string,
  mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {},
) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

describe('keyboard shortcuts', () => {
  it('maps keys to one shortcut each', () => {
    expect(findShortcut(key('ArrowRight'))?.id).toBe('step-forward');
    expect(findShortcut(key('e'))?.id).toBe('next-eviction');
    expect(findShortcut(key('E', { shiftKey: true }))?.id).toBe('previous-eviction');
    expect(findShortcut(key('?', { shiftKey: true }))?.id).toBe('help');
  });

  it('leaves browser shortcuts alone', () => {
    expect(findShortcut(key('l', { ctrlKey: true }))).toBeNull();
    expect(findShortcut(key('ArrowLeft', { altKey: true }))).toBeNull();
  });

  it('has unique ids and a description for the help dialog', () => {
    expect(new Set(SHORTCUTS.map((s) => s.id)).size).toBe(SHORTCUTS.length);
    for (const s of SHORTCUTS) expect(s.description.length).toBeGreaterThan(3);
  });
});
