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
  type Lesson = { steps: { ask: object | null }[]; step: number; revealed: boolean };
  const state = (isPresenting: boolean, lesson: Lesson = { steps: [], step: 0, revealed: false }) =>
    ({
      view: { isPresenting },
      scenario: { summary: { lesson: lesson.steps } },
      lesson: { step: lesson.step, revealed: lesson.revealed, picks: {} },
    }) as unknown as Parameters<typeof findShortcut>[1];
  const press = (k: string) => ({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false });

  it('steps with a clicker: Page Down / Page Up everywhere, Space only in presenter mode', () => {
    expect(findShortcut(press('PageDown'), state(false))?.id).toBe('step-forward');
    expect(findShortcut(press('PageUp'), state(true))?.id).toBe('step-back');
    expect(findShortcut(press(' '), state(true))?.id).toBe('present-step');
    expect(findShortcut(press(' '), state(false))?.id).toBe('play');
  });

  it('in presenter mode the clicker walks a scripted lesson, then the sessions', () => {
    const asking = { ask: {} };
    const saying = { ask: null };
    const at = (step: number, revealed: boolean) =>
      state(true, { steps: [saying, asking, saying], step, revealed });
    expect(findShortcut(press('PageDown'), at(0, false))?.id).toBe('present-lesson-next');
    expect(findShortcut(press(' '), at(1, false))?.id).toBe('present-lesson-next');
    expect(findShortcut(press('2'), at(1, false))?.id).toBe('present-lesson-pick');
    expect(findShortcut(press('2'), at(1, true))).toBeNull();
    expect(findShortcut(press('PageUp'), at(1, true))?.id).toBe('present-lesson-back');
    // The script is over: the clicker steps sessions again (and back goes to the script's last steps).
    expect(findShortcut(press('PageDown'), at(2, false))?.id).toBe('step-forward');
    expect(findShortcut(press('PageUp'), at(0, false))?.id).toBe('step-back');
    // Outside presenter mode the lesson pane handles its own keys.
    expect(
      findShortcut(press('PageDown'), state(false, { steps: [saying, asking], step: 0, revealed: false }))
        ?.id,
    ).toBe('step-forward');
  });

  it('Escape leaves presenter mode before it clears a selection', () => {
    expect(findShortcut(press('Escape'), state(true))?.id).toBe('leave-presenter');
    expect(findShortcut(press('Escape'), state(false))?.id).toBe('clear-selection');
  });

  it('has a key for every main view', () => {
    const views = SHORTCUTS.filter((s) => s.id.startsWith('view-')).map((s) => s.id);
    expect(views).toEqual([
      'view-stage',
      'view-jobs',
      'view-decisions',
      'view-queues',
      'view-cluster',
      'view-workshop',
    ]);
  });
});
