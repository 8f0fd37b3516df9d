/**
 * The keys the lesson player answers while it has focus, as data: the player's key handler and the help
 * dialog both read this table, so they cannot disagree. They are consumed, so the global shortcuts (which
 * skip prevented events) do not also step the run.
 */
import type { AppActions } from '../../store/AppState';

export interface LessonKey {
  id: string;
  /** Keys as shown in the help dialog. */
  keys: string[];
  description: string;
  matches(key: string): boolean;
  /** `choices` is the number of choices of the current question (0 when none). */
  run(actions: AppActions, key: string, choices: number): boolean;
}

export const LESSON_KEYS: readonly LessonKey[] = [
  {
    id: 'lesson-next',
    keys: ['→', 'PageDown', 'N'],
    description: 'Next step (reveals a question’s answer first)',
    matches: (key) => ['ArrowRight', 'PageDown', 'n', 'N'].includes(key),
    run: (actions) => {
      actions.lessonNext();
      return true;
    },
  },
  {
    id: 'lesson-back',
    keys: ['←', 'PageUp', 'B'],
    description: 'Previous step (hides a revealed answer first)',
    matches: (key) => ['ArrowLeft', 'PageUp', 'b', 'B'].includes(key),
    run: (actions) => {
      actions.lessonBack();
      return true;
    },
  },
  {
    id: 'lesson-choose',
    keys: ['1', '2', '3', '4'],
    description: 'Choose an answer of the question',
    matches: (key) => /^[1-4]$/.test(key),
    run: (actions, key, choices) => {
      const n = Number(key);
      if (n > choices) return false;
      actions.lessonPick(n - 1);
      return true;
    },
  },
];
