/**
 * The lesson player (docs/scenario-format.md §14): which step is shown, whether its question is revealed,
 * and what was picked. Stepping is a store action, so the lesson pane's keys, its buttons and a presenter's
 * clicker all drive the same thing. A step moves the cursor and the selection without opening the details
 * panel: the lesson stays in view.
 */
import type { LessonStepDto } from '../protocol/messages';
import type { AppActions, AppState, LessonSliceState, Selection } from './AppState';
import type { StoreContext } from './StoreContext';

export const initialLessonState: LessonSliceState = {
  step: 0,
  revealed: false,
  picks: {},
  answers: {},
  pendingSession: null,
  heldAt: null,
  isLed: false,
};

export const selectLesson = (state: AppState): LessonSliceState => state.lesson;
export const selectLessonSteps = (state: AppState): readonly LessonStepDto[] =>
  state.scenario.summary?.lesson ?? NO_STEPS;
const NO_STEPS: readonly LessonStepDto[] = [];

/**
 * The session step `index` shows: its own, else the session the step before it ended on: that step's
 * answer (`reveal`) when it asked a question, else that step's own session (1 at the start). A step
 * without a session continues from where the lesson left off, so stepping on never moves back in time
 * (Welcome's last step used to return from its question's answer, session 5, to session 4; decision 0268).
 */
export function sessionOfStep(steps: readonly LessonStepDto[], index: number): number {
  let session = 1;
  const last = Math.min(index, steps.length - 1);
  for (let i = 0; i <= last; i++) {
    const own = steps[i]?.session;
    const before = steps[i - 1]?.ask;
    if (own !== null && own !== undefined) session = own;
    else if (before !== null && before !== undefined) session = before.revealSession;
  }
  return session;
}

/** What step `index` selects: its own target, else the latest one set by a step before it. */
export function targetOfStep(steps: readonly LessonStepDto[], index: number): LessonStepDto['select'] {
  for (let i = Math.min(index, steps.length - 1); i >= 0; i--) {
    const select = steps[i]?.select;
    if (select !== null && select !== undefined) return select;
  }
  return null;
}

/** The session the player shows at step `index`: the answer's session once its question is revealed. */
export function shownSessionOfStep(
  steps: readonly LessonStepDto[],
  index: number,
  revealed: boolean,
): number {
  const ask = steps[index]?.ask;
  return revealed && ask != null ? ask.revealSession : sessionOfStep(steps, index);
}

/**
 * The lesson step that goes with session `cursor` when the cursor was moved by something other than the
 * lesson (a `?session=N` link, the timeline, a stepping key): docs/scenario-format.md §14, "Following the
 * cursor". The step shown stays when it already shows that session. Else the first step whose session is the
 * cursor's, looking from the step shown onwards and then from the start (a script may return to a session to
 * ask about it). Else the last step of the latest session before the cursor, its question revealed when the
 * cursor is at or past the answer's session, so the clicker's next press moves forward in time; before the
 * script's first session, step 1.
 */
export function stepAtSession(
  steps: readonly LessonStepDto[],
  current: { step: number; revealed: boolean },
  cursor: number,
): { step: number; revealed: boolean } {
  if (steps.length === 0) return current;
  if (current.step < steps.length && shownSessionOfStep(steps, current.step, current.revealed) === cursor)
    return current;
  const sessions = steps.map((_, i) => sessionOfStep(steps, i));
  const from = Math.min(Math.max(current.step, 0), steps.length - 1);
  const order = [...sessions.keys()].slice(from).concat([...sessions.keys()].slice(0, from));
  const exact = order.find((i) => sessions[i] === cursor);
  if (exact !== undefined) return { step: exact, revealed: false };
  let best = -1;
  sessions.forEach((session, i) => {
    if (session < cursor && (best === -1 || session >= (sessions[best] ?? 0))) best = i;
  });
  if (best === -1) return { step: 0, revealed: false };
  const ask = steps[best]?.ask;
  return { step: best, revealed: ask != null && ask.revealSession <= cursor };
}

/** What a step selects, as the app's selection (a pair selects its victim; the pane resolves the pair). */
function selectionOfTarget(target: LessonStepDto['select']): Selection | null {
  if (target === null) return null;
  return target.kind === 'pair'
    ? { kind: 'job', name: target.victim }
    : { kind: target.kind, name: target.name };
}

/**
 * Whether what is selected is what the lesson's current step selected (not a person's own pick): the side
 * panel may then fold the details to their title bar to give the step its room (decision 0302).
 */
export function selectIsLessonSelection(state: AppState): boolean {
  const made = selectionOfTarget(targetOfStep(selectLessonSteps(state), state.lesson.step));
  const current = state.selection.current;
  return made !== null && current !== null && made.kind === current.kind && made.name === current.name;
}

/**
 * How a lesson opens (a load, a link, Back/Forward): the step of the session it opens at, and that step's
 * selection unless the location names one. The first step used to wait for a Next and a Back before its
 * selection applied (issue 22; decision 0268).
 */
export function lessonOpening(
  steps: readonly LessonStepDto[],
  cursor: number | undefined,
  selection: Selection | null | undefined,
): { lesson: LessonSliceState; cursor: number | undefined; selection: Selection | null } {
  if (steps.length === 0) return { lesson: initialLessonState, cursor, selection: selection ?? null };
  const at = cursor ?? sessionOfStep(steps, 0);
  const { step, revealed } = stepAtSession(steps, initialLessonState, at);
  return {
    lesson: { ...initialLessonState, step, revealed },
    cursor: at,
    selection: selection ?? selectionOfTarget(targetOfStep(steps, step)),
  };
}

/**
 * Whether the step shown asks a question that is not yet revealed (picked or not): the side panel then keeps
 * the question, its choices and Reveal in view (decisions 0270, 0302, 0317).
 */
export function selectIsQuestionAsked(state: AppState): boolean {
  const step = selectLessonSteps(state)[state.lesson.step];
  return step !== undefined && step.ask !== null && !state.lesson.revealed;
}

/** The question on screen while it is open and unanswered (no choice picked, not revealed), else null. */
export function selectOpenQuestion(
  state: AppState,
): { session: number; revealSession: number; choices: number } | null {
  const { lesson } = state;
  const steps = selectLessonSteps(state);
  const ask = steps[lesson.step]?.ask;
  if (ask === null || ask === undefined || lesson.revealed || lesson.picks[lesson.step] !== undefined)
    return null;
  return {
    session: sessionOfStep(steps, lesson.step),
    revealSession: ask.revealSession,
    choices: ask.choices.length,
  };
}

/**
 * True when moving the cursor to `target` would carry the lesson past a question nobody has answered or
 * revealed (decision 0267), while the lesson is taught: forward, beyond both the cursor and the question's
 * own session. Going back is
 * always free, and the lesson's own reveal is not held (it marks the question revealed before it moves).
 */
export function isHeldByQuestion(state: AppState, target: number): boolean {
  // Only while the lesson is taught: presenting, or after its own Next/Back. Someone stepping the run of a
  // lesson they never stepped is not skipping a question they were asked.
  if (!state.view.isPresenting && !state.lesson.isLed) return false;
  const open = selectOpenQuestion(state);
  return open !== null && target > state.run.cursor && target > open.session;
}

type LessonActions = Pick<
  AppActions,
  'lessonNext' | 'lessonBack' | 'lessonPick' | 'lessonGoTo' | 'lessonSettle' | 'lessonFollowCursor'
>;

export function createLessonActions({ set, get }: StoreContext): LessonActions {
  /** Shows step `step` (revealed or not): cursor and selection follow the script. */
  const show = (step: number, revealed: boolean): void => {
    const state = get();
    const steps = selectLessonSteps(state);
    const current = steps[step];
    if (current === undefined) return;
    const session = revealed && current.ask !== null ? current.ask.revealSession : sessionOfStep(steps, step);
    const selection = selectionOfTarget(targetOfStep(steps, step)) ?? state.selection.current;
    const reached = session <= state.run.markers.length;
    set((s) => ({
      lesson: {
        ...s.lesson,
        step,
        revealed,
        pendingSession: reached ? null : session,
        heldAt: null,
        isLed: true,
      },
      // A pair is resolved to its attempt by the lesson pane once the session's trace is on screen.
      selection: { current: selection, pair: null },
    }));
    if (reached) state.actions.setCursor(session);
  };
  return {
    lessonNext() {
      const { lesson } = get();
      const steps = selectLessonSteps(get());
      const current = steps[lesson.step];
      if (current === undefined) return;
      if (current.ask !== null && !lesson.revealed) show(lesson.step, true);
      else if (lesson.step + 1 < steps.length) show(lesson.step + 1, false);
    },
    lessonBack() {
      const { lesson } = get();
      if (lesson.revealed) show(lesson.step, false);
      else if (lesson.step > 0) {
        const previous = selectLessonSteps(get())[lesson.step - 1];
        // Going back onto a question lands on its answer, the last thing seen there.
        show(lesson.step - 1, previous?.ask != null && lesson.picks[lesson.step - 1] !== undefined);
      }
    },
    lessonPick(index) {
      const { lesson } = get();
      const ask = selectLessonSteps(get())[lesson.step]?.ask;
      if (ask == null || lesson.revealed || index < 0 || index >= ask.choices.length) return;
      set((s) => ({
        lesson: { ...s.lesson, picks: { ...s.lesson.picks, [lesson.step]: index }, heldAt: null },
      }));
    },
    lessonGoTo(index) {
      show(index, false);
    },
    lessonFollowCursor() {
      const { lesson, run } = get();
      // While a step waits for its session (pendingSession), the script is moving the cursor itself.
      if (lesson.pendingSession !== null || run.cursor < 1) return;
      const steps = selectLessonSteps(get());
      const next = stepAtSession(steps, lesson, run.cursor);
      if (next.step === lesson.step && next.revealed === lesson.revealed) return;
      // The person's own selection stays theirs (the next step's target applies when they step). A selection
      // the lesson made follows the lesson: else E from LCA 1's step 1 kept queue d selected over the
      // eviction the new step is about, and the stage drew no path (step 1's target applies on open, 0268).
      const shown = get().selection.current;
      const made = selectionOfTarget(targetOfStep(steps, lesson.step));
      const isLessons =
        shown !== null && made !== null && shown.kind === made.kind && shown.name === made.name;
      const target = selectionOfTarget(targetOfStep(steps, next.step));
      set((s) => ({
        lesson: { ...s.lesson, step: next.step, revealed: next.revealed, heldAt: null },
        ...(isLessons && target !== null ? { selection: { current: target, pair: null } } : {}),
      }));
    },
    lessonSettle() {
      const { lesson, run, actions, selection } = get();
      const received = run.snapshot?.lessonAnswers ?? [];
      if (received.some((a) => lesson.answers[a.step] === undefined)) {
        const answers = { ...lesson.answers };
        for (const a of received) answers[a.step] = a.correct;
        set((s) => ({ lesson: { ...s.lesson, answers } }));
      }
      if (lesson.pendingSession !== null && lesson.pendingSession <= run.markers.length) {
        const session = lesson.pendingSession;
        set((s) => ({ lesson: { ...s.lesson, pendingSession: null } }));
        actions.setCursor(session);
        return;
      }
      // A pair target becomes the eviction's attempt once that session's trace is on screen (the same
      // selection the decision log makes), so the views can draw the pair's min-runtime path.
      const steps = selectLessonSteps(get());
      const target = targetOfStep(steps, lesson.step);
      const snapshot = run.snapshot;
      if (target?.kind !== 'pair' || selection.pair !== null || snapshot === null) return;
      if (selection.current?.kind !== 'job' || selection.current.name !== target.victim) return;
      const decision = snapshot.decisions.find(
        (d) => d.kind === 'evict' && d.job === target.victim && d.by === target.preemptor,
      );
      if (decision?.attempt === null || decision?.attempt === undefined) return;
      const pair = {
        session: snapshot.index,
        attempt: decision.attempt,
        preemptor: target.preemptor,
        victim: target.victim,
      };
      set((s) => ({ selection: { ...s.selection, pair } }));
    },
  };
}
