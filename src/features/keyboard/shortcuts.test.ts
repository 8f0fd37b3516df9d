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

describe('shortcuts that depend on the mode', () => {
  const state = (isPresenting: boolean) =>
    ({ view: { isPresenting } }) as unknown as Parameters<typeof findShortcut>[1];
  const press = (k: string) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false });

  it('steps with a clicker: Page Down / Page Up everywhere, Space only in presenter mode', () => {
    expect(findShortcut(press('PageDown'), state(false))?.id).toBe('step-forward');
    expect(findShortcut(press('PageUp'), state(true))?.id).toBe('step-back');
    expect(findShortcut(press(' '), state(true))?.id).toBe('present-step');
    expect(findShortcut(press(' '), state(false))?.id).toBe('play');
  });

  it('Escape leaves presenter mode before it clears a selection', () => {
    expect(findShortcut(press('Escape'), state(true))?.id).toBe('leave-presenter');
    expect(findShortcut(press('Escape'), state(false))?.id).toBe('clear-selection');
  });

  it('has a key for every main view', () => {
    const views = SHORTCUTS.filter((s) => s.id.startsWith('view-')).map((s) => s.id);
    expect(views).toEqual(['view-stage', 'view-jobs', 'view-decisions', 'view-queues', 'view-cluster']);
  });
});
