/**
 * Every keyboard shortcut, as data: the help dialog lists them and the key handler runs them, so the two
 * can never disagree.
 */
import type { AppState } from '../../store/AppState';
import { selectLessonSteps, shownSessionOfStep } from '../../store/lessonSlice';
import { PLAY_SPEEDS } from '../../store/viewSlice';

export interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export interface Shortcut {
  id: string;
  /** Keys as shown in the help dialog. */
  keys: string[];
  description: string;
  group: 'Stepping' | 'Views' | 'Presenting' | 'Help';
  matches(event: KeyLike): boolean;
  /** Only while this holds (e.g. Space steps in presenter mode and plays elsewhere). */
  when?: (state: AppState) => boolean;
  run(state: AppState, event: KeyLike): void;
}

const isPresenting = (s: AppState) => s.view.isPresenting;

/**
 * In presenter mode a scripted lesson drives the clicker: "next" shows its next step (or reveals the answer of
 * the step's question) until the script is over; after that, and without a script, it steps sessions. The
 * lesson follows the cursor (`lessonFollowCursor`: a link at session N, a click on the timeline), so the
 * clicker continues the script from the step of the session on screen. "Back" walks the script back only while
 * the screen shows the step's own session; past it (sessions stepped after the script's last step) it steps
 * sessions back until it gets there.
 */
const isOnLessonSession = (s: AppState) =>
  s.lesson.step < selectLessonSteps(s).length &&
  s.run.cursor === shownSessionOfStep(selectLessonSteps(s), s.lesson.step, s.lesson.revealed);
const hasLessonAhead = (s: AppState) => {
  if (!s.view.isPresenting) return false;
  const steps = selectLessonSteps(s);
  const current = steps[s.lesson.step];
  if (current === undefined) return false;
  return s.lesson.step + 1 < steps.length || (current.ask !== null && !s.lesson.revealed);
};
const hasLessonBehind = (s: AppState) =>
  s.view.isPresenting && isOnLessonSession(s) && (s.lesson.step > 0 || s.lesson.revealed);
const isAskingInPresenter = (s: AppState) =>
  s.view.isPresenting && selectLessonSteps(s)[s.lesson.step]?.ask != null && !s.lesson.revealed;

const plain = (event: KeyLike) => !event.ctrlKey && !event.metaKey && !event.altKey;
const isKey =
  (...keys: string[]) =>
  (event: KeyLike) =>
    plain(event) && keys.includes(event.key);

function nextSpeed(current: number, direction: 1 | -1): number {
  const index = PLAY_SPEEDS.findIndex((s) => s >= current);
  const from = index === -1 ? PLAY_SPEEDS.length - 1 : index;
  return PLAY_SPEEDS[Math.min(PLAY_SPEEDS.length - 1, Math.max(0, from + direction))] ?? current;
}

export const SHORTCUTS: readonly Shortcut[] = [
  {
    id: 'present-lesson-next',
    keys: ['Page Down', 'Space', '→'],
    description: 'Next lesson step, or reveal the answer (presenter mode, while the lesson has steps ahead)',
    group: 'Presenting',
    matches: isKey('PageDown', ' ', 'ArrowRight'),
    when: hasLessonAhead,
    run: (s) => s.actions.lessonNext(),
  },
  {
    id: 'present-lesson-back',
    keys: ['Page Up', '←'],
    description: 'Previous lesson step (presenter mode)',
    group: 'Presenting',
    matches: isKey('PageUp', 'ArrowLeft'),
    when: hasLessonBehind,
    run: (s) => s.actions.lessonBack(),
  },
  {
    id: 'present-lesson-pick',
    keys: ['1', '2', '3', '4'],
    description: 'Pick the class’s answer to the lesson’s question (presenter mode)',
    group: 'Presenting',
    matches: isKey('1', '2', '3', '4'),
    when: isAskingInPresenter,
    run: (s, event) => s.actions.lessonPick(Number(event.key) - 1),
  },
  {
    id: 'step-forward',
    // Page Down is what a presentation clicker sends for "next".
    keys: ['→', 'Page Down', 'L'],
    description: 'Next session',
    group: 'Stepping',
    matches: isKey('ArrowRight', 'PageDown', 'l'),
    run: (s) => s.actions.stepForward(),
  },
  {
    id: 'step-back',
    keys: ['←', 'Page Up', 'H'],
    description: 'Previous session',
    group: 'Stepping',
    matches: isKey('ArrowLeft', 'PageUp', 'h'),
    run: (s) => s.actions.stepBack(),
  },
  {
    id: 'present-step',
    keys: ['Space'],
    description: 'Next session (in presenter mode)',
    group: 'Presenting',
    matches: isKey(' '),
    when: isPresenting,
    run: (s) => s.actions.stepForward(),
  },
  {
    id: 'play',
    keys: ['Space', 'K'],
    description: 'Play / pause',
    group: 'Stepping',
    matches: isKey(' ', 'k'),
    run: (s) => s.actions.togglePlay(),
  },
  {
    id: 'next-eviction',
    keys: ['E'],
    description: 'Jump to the next session with an eviction',
    group: 'Stepping',
    matches: (e) => plain(e) && e.key === 'e',
    run: (s) => s.actions.nextEviction(),
  },
  {
    id: 'previous-eviction',
    keys: ['Shift+E'],
    description: 'Jump to the previous session with an eviction',
    group: 'Stepping',
    matches: (e) => plain(e) && e.key === 'E',
    run: (s) => s.actions.previousEviction(),
  },
  {
    id: 'start',
    keys: ['Home'],
    description: 'First session',
    group: 'Stepping',
    matches: isKey('Home'),
    run: (s) => s.actions.toStart(),
  },
  {
    id: 'end',
    keys: ['End'],
    description: 'Last session',
    group: 'Stepping',
    matches: isKey('End'),
    run: (s) => s.actions.toEnd(),
  },
  {
    id: 'slower',
    keys: ['['],
    description: 'Play slower',
    group: 'Stepping',
    matches: isKey('['),
    run: (s) => s.actions.setView({ playSpeed: nextSpeed(s.view.playSpeed, -1) }),
  },
  {
    id: 'faster',
    keys: [']'],
    description: 'Play faster',
    group: 'Stepping',
    matches: isKey(']'),
    run: (s) => s.actions.setView({ playSpeed: nextSpeed(s.view.playSpeed, 1) }),
  },
  {
    id: 'view-stage',
    keys: ['S'],
    description: 'Show the stage (queue tree, cluster map and the key decision)',
    group: 'Views',
    matches: isKey('s'),
    run: (s) => s.actions.setView({ mainView: 'stage' }),
  },
  {
    id: 'view-jobs',
    keys: ['J'],
    description: 'Show the jobs table',
    group: 'Views',
    matches: isKey('j'),
    run: (s) => s.actions.setView({ mainView: 'jobs' }),
  },
  {
    id: 'view-decisions',
    keys: ['D'],
    description: 'Show the decision log',
    group: 'Views',
    matches: isKey('d'),
    run: (s) => s.actions.setView({ mainView: 'decisions' }),
  },
  {
    id: 'view-queues',
    keys: ['Q'],
    description: 'Show the queue tree',
    group: 'Views',
    matches: isKey('q'),
    run: (s) => s.actions.setView({ mainView: 'queues' }),
  },
  {
    id: 'view-cluster',
    keys: ['C'],
    description: 'Show the cluster map',
    group: 'Views',
    matches: isKey('c'),
    run: (s) => s.actions.setView({ mainView: 'cluster' }),
  },
  {
    id: 'view-workshop',
    keys: ['W'],
    description: 'Show the Workshop (compare variants, sweep a knob)',
    group: 'Views',
    matches: isKey('w'),
    run: (s) => s.actions.setView({ mainView: 'workshop' }),
  },
  {
    id: 'evictions-only',
    keys: ['X'],
    description: 'Decision log: show only evictions / everything',
    group: 'Views',
    matches: isKey('x'),
    run: (s) =>
      s.actions.setView({
        mainView: 'decisions',
        decisionFilter: s.view.decisionFilter === 'evictions' ? 'all' : 'evictions',
      }),
  },
  {
    id: 'leave-presenter',
    keys: ['Esc'],
    description: 'Leave presenter mode',
    group: 'Presenting',
    matches: isKey('Escape'),
    when: isPresenting,
    run: (s) => s.actions.setView({ isPresenting: false }),
  },
  {
    id: 'clear-selection',
    keys: ['Esc'],
    description: 'Clear the selection',
    group: 'Views',
    matches: isKey('Escape'),
    run: (s) => s.actions.select(null),
  },
  {
    id: 'side-panel',
    keys: ['P'],
    description: 'Show / hide the side panel (lesson and details)',
    group: 'Views',
    matches: isKey('p'),
    run: (s) => s.actions.setView({ isSidePanelOpen: !s.view.isSidePanelOpen }),
  },
  {
    id: 'theme',
    keys: ['T'],
    description: 'Switch light / dark theme',
    group: 'Views',
    matches: isKey('t'),
    run: (s) => s.actions.setView({ themeMode: s.view.themeMode === 'light' ? 'dark' : 'light' }),
  },
  {
    id: 'gallery',
    keys: ['G'],
    description: 'Open the scenario gallery',
    group: 'Views',
    matches: isKey('g'),
    run: (s) => s.actions.setView({ isGalleryOpen: true }),
  },
  {
    id: 'editor',
    keys: ['Y'],
    description: 'Open the scenario editor (YAML)',
    group: 'Views',
    matches: isKey('y'),
    run: (s) => s.actions.setView({ isEditorOpen: true }),
  },
  {
    id: 'dry-run',
    keys: ['R'],
    description: 'Dry run a job against the loaded scenario',
    group: 'Views',
    matches: isKey('r'),
    when: (s) => s.run.runId !== null,
    run: (s) => s.actions.setView({ isDryRunOpen: true }),
  },
  {
    id: 'presenter',
    keys: ['F'],
    description: 'Presenter mode: full screen, large type, one key per step',
    group: 'Presenting',
    matches: isKey('f'),
    run: (s) => s.actions.setView({ isPresenting: !s.view.isPresenting }),
  },
  {
    id: 'pointer-highlight',
    keys: ['O'],
    description: 'Show / hide a ring that follows the mouse, for the audience',
    group: 'Presenting',
    matches: isKey('o'),
    run: (s) => s.actions.setView({ isPointerHighlight: !s.view.isPointerHighlight }),
  },
  {
    id: 'help',
    keys: ['?'],
    description: 'Show these shortcuts',
    group: 'Help',
    matches: (e) => !e.ctrlKey && !e.metaKey && e.key === '?',
    run: (s) => s.actions.setView({ isHelpOpen: true }),
  },
];

/** The shortcut for `event` (in `state`, when given: shortcuts with a `when` that fails are skipped). */
export function findShortcut(event: KeyLike, state?: AppState): Shortcut | null {
  return (
    SHORTCUTS.find(
      (shortcut) =>
        shortcut.matches(event) &&
        (shortcut.when === undefined || (state !== undefined && shortcut.when(state))),
    ) ?? null
  );
}
