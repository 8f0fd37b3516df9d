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
  type Step = { session: number | null; ask: { revealSession: number } | null };
  type Lesson = { steps: Step[]; step: number; revealed: boolean; cursor: number };
  const state = (
    isPresenting: boolean,
    lesson: Lesson = { steps: [], step: 0, revealed: false, cursor: 1 },
  ) =>
    ({
      view: { isPresenting },
      run: { cursor: lesson.cursor },
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
    const steps: Step[] = [
      { session: 1, ask: null },
      { session: null, ask: { revealSession: 3 } },
      { session: 3, ask: null },
    ];
    const at = (step: number, revealed: boolean, cursor: number) =>
      state(true, { steps, step, revealed, cursor });
    expect(findShortcut(press('PageDown'), at(0, false, 1))?.id).toBe('present-lesson-next');
    expect(findShortcut(press(' '), at(1, false, 1))?.id).toBe('present-lesson-next');
    expect(findShortcut(press('2'), at(1, false, 1))?.id).toBe('present-lesson-pick');
    expect(findShortcut(press('2'), at(1, true, 3))).toBeNull();
    expect(findShortcut(press('PageUp'), at(1, true, 3))?.id).toBe('present-lesson-back');
    // The script is over: the clicker steps sessions again.
    expect(findShortcut(press('PageDown'), at(2, false, 3))?.id).toBe('step-forward');
    expect(findShortcut(press('PageUp'), at(0, false, 1))?.id).toBe('step-back');
    // The lesson follows the cursor (a link opened at session 5 shows the script's last step before it):
    // past the script's end the clicker steps sessions both ways until back at the step's own session.
    expect(findShortcut(press('PageDown'), at(2, false, 5))?.id).toBe('step-forward');
    expect(findShortcut(press('PageUp'), at(2, false, 5))?.id).toBe('step-back');
    // A step synced to the cursor mid-script is continued by the clicker (the next step, not the next session).
    expect(findShortcut(press('PageDown'), at(1, false, 2))?.id).toBe('present-lesson-next');
    // Outside presenter mode the lesson pane handles its own keys.
    expect(
      findShortcut(press('PageDown'), state(false, { steps, step: 0, revealed: false, cursor: 1 }))?.id,
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
