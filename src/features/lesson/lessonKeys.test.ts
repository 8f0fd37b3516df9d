import { describe, expect, it } from 'vitest';
import type { AppActions } from '../../store/AppState';
import { LESSON_KEYS } from './lessonKeys';

function press(key: string, choices: number) {
  const calls: string[] = [];
  const actions = {
    lessonNext: () => calls.push('next'),
    lessonBack: () => calls.push('back'),
    lessonPick: (i: number) => calls.push(`pick ${i}`),
  } as unknown as AppActions;
  const found = LESSON_KEYS.find((k) => k.matches(key));
  const consumed = found?.run(actions, key, choices) ?? false;
  return { consumed, calls };
}

describe('lesson keys', () => {
  it.each([
    ['ArrowRight', 'next'],
    ['PageDown', 'next'],
    ['n', 'next'],
    ['ArrowLeft', 'back'],
    ['PageUp', 'back'],
    ['B', 'back'],
    ['2', 'pick 1'],
  ])('%s → %s', (key, call) => {
    expect(press(key, 3)).toEqual({ consumed: true, calls: [call] });
  });

  it('leaves a number past the choices, and other keys, to the rest of the app', () => {
    expect(press('4', 3)).toEqual({ consumed: false, calls: [] });
    expect(press('1', 0)).toEqual({ consumed: false, calls: [] });
    expect(press(' ', 3)).toEqual({ consumed: false, calls: [] });
    expect(press('e', 3)).toEqual({ consumed: false, calls: [] });
  });
});
