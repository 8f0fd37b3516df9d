import { describe, expect, it } from 'vitest';
import type { SimulationClient } from '../client/SimulationClient';
import type { SessionMarker } from '../engine/api';
import type { LessonStepDto, ScenarioSummary } from '../protocol/messages';
import type { SessionView } from '../protocol/sessionView';
import { createAppStore } from './createAppStore';
import { lessonOpening, sessionOfStep, stepAtSession, targetOfStep } from './lessonSlice';

const STEPS: LessonStepDto[] = [
  { say: 'intro', session: null, select: null, ask: null },
  {
    say: 'guess',
    session: 1,
    select: { kind: 'job', name: 'train-b' },
    ask: { prompt: 'Which?', revealSession: 3, choices: ['a', 'b'] },
  },
  { say: 'pair', session: 3, select: { kind: 'pair', preemptor: 'train-b', victim: 'sweep-1' }, ask: null },
  { say: 'later', session: 9, select: null, ask: null },
];

const summary = { name: 'x', lesson: STEPS } as unknown as ScenarioSummary;
const marker = (index: number): SessionMarker => ({
  index,
  timeMs: (index - 1) * 10_000,
  binds: 0,
  pipelines: 0,
  evictions: 0,
  completions: 0,
  protectionChanges: 0,
});

function lessonStore(sessions: number) {
  const never = () => new Promise<never>(() => undefined);
  const client = {
    load: never,
    validate: never,
    snapshot: never,
    attempt: never,
    pauseRun: never,
    resumeRun: never,
    debugFault: never,
    query: never,
    subscribe: () => () => undefined,
    pendingCount: () => 0,
    restart: () => undefined,
    historySize: never,
    hasJob: never,
    explainJob: never,
    dryRun: never,
    changedScenario: never,
    dispose: () => undefined,
  } as unknown as SimulationClient;
  const store = createAppStore({ client, scheduleFrame: (f) => f() });
  store.setState((s) => ({
    scenario: { ...s.scenario, summary },
    run: {
      ...s.run,
      runId: 1,
      markers: Array.from({ length: sessions }, (_, i) => marker(i + 1)),
      cursor: 1,
    },
  }));
  return store;
}

describe('lesson slice', () => {
  it('inherits the session and the target of earlier steps', () => {
    expect(sessionOfStep(STEPS, 0)).toBe(1);
    expect(sessionOfStep(STEPS, 2)).toBe(3);
    expect(targetOfStep(STEPS, 0)).toBeNull();
    expect(targetOfStep(STEPS, 3)).toEqual(STEPS[2]?.select);
  });

  it('steps through a question: pick, reveal at the proving session, move on, and back', () => {
    const store = lessonStore(5);
    const { actions } = store.getState();
    const view = store.getState().view;
    actions.lessonNext();
    let s = store.getState();
    expect(s.lesson).toMatchObject({ step: 1, revealed: false });
    expect(s.run.cursor).toBe(1);
    expect(s.selection.current).toEqual({ kind: 'job', name: 'train-b' });
    // The lesson stays as it is shown: selecting from a step leaves the view state alone.
    expect(s.view).toBe(view);

    actions.lessonPick(1);
    actions.lessonPick(7);
    expect(store.getState().lesson.picks).toEqual({ 1: 1 });
    actions.lessonNext();
    s = store.getState();
    expect(s.lesson).toMatchObject({ step: 1, revealed: true });
    expect(s.run.cursor).toBe(3);
    actions.lessonPick(0);
    expect(store.getState().lesson.picks).toEqual({ 1: 1 });

    actions.lessonNext();
    s = store.getState();
    expect(s.lesson).toMatchObject({ step: 2, revealed: false });
    expect(s.selection.current).toEqual({ kind: 'job', name: 'sweep-1' });

    actions.lessonBack();
    expect(store.getState().lesson).toMatchObject({ step: 1, revealed: true });
    actions.lessonBack();
    expect(store.getState().lesson).toMatchObject({ step: 1, revealed: false });
    expect(store.getState().run.cursor).toBe(1);
  });

  it('keeps the engine’s verdict once the reveal session has been on screen', () => {
    const store = lessonStore(5);
    const view = { index: 3, decisions: [], lessonAnswers: [{ step: 1, correct: [false, true] }] };
    store.setState((s) => ({ run: { ...s.run, snapshot: view as unknown as SessionView } }));
    store.getState().actions.lessonSettle();
    store.setState((s) => ({
      run: { ...s.run, snapshot: { index: 4, decisions: [] } as unknown as SessionView },
    }));
    store.getState().actions.lessonSettle();
    expect(store.getState().lesson.answers).toEqual({ 1: [false, true] });
  });

  it('waits for a session the run has not reached, then shows it', () => {
    const store = lessonStore(5);
    store.getState().actions.lessonGoTo(3);
    expect(store.getState().lesson.pendingSession).toBe(9);
    store.setState((s) => ({
      run: { ...s.run, markers: Array.from({ length: 9 }, (_, i) => marker(i + 1)) },
    }));
    store.getState().actions.lessonSettle();
    expect(store.getState().lesson.pendingSession).toBeNull();
    expect(store.getState().run.cursor).toBe(9);
  });

  it('resolves a pair to its eviction attempt once the session is on screen', () => {
    const store = lessonStore(5);
    store.getState().actions.lessonGoTo(2);
    const view = {
      index: 3,
      decisions: [{ kind: 'evict', job: 'sweep-1', by: 'train-b', task: 'sweep-1-0', attempt: 4 }],
    } as unknown as SessionView;
    store.setState((s) => ({ run: { ...s.run, snapshot: view } }));
    store.getState().actions.lessonSettle();
    expect(store.getState().selection.pair).toEqual({
      session: 3,
      attempt: 4,
      preemptor: 'train-b',
      victim: 'sweep-1',
    });
  });

  it('picks the step of a session the cursor was moved to', () => {
    const start = { step: 0, revealed: false };
    // The step shown already shows the session: it stays (step 0 and 1 both show session 1).
    expect(stepAtSession(STEPS, { step: 1, revealed: false }, 1)).toEqual({ step: 1, revealed: false });
    expect(stepAtSession(STEPS, { step: 1, revealed: true }, 3)).toEqual({ step: 1, revealed: true });
    // A step whose own session is the cursor's.
    expect(stepAtSession(STEPS, start, 3)).toEqual({ step: 2, revealed: false });
    expect(stepAtSession(STEPS, start, 9)).toEqual({ step: 3, revealed: false });
    // Between steps: the latest step before the cursor (its question revealed once its answer is behind).
    expect(stepAtSession(STEPS, start, 2)).toEqual({ step: 1, revealed: false });
    expect(stepAtSession(STEPS, start, 5)).toEqual({ step: 2, revealed: false });
    expect(stepAtSession(STEPS, start, 12)).toEqual({ step: 3, revealed: false });
    const asked: LessonStepDto[] = [
      STEPS[0]!,
      { ...STEPS[1]!, ask: { ...STEPS[1]!.ask!, revealSession: 2 } },
    ];
    expect(stepAtSession(asked, start, 4)).toEqual({ step: 1, revealed: true });
    // A script that returns to a session is searched from the step shown onwards first.
    const replay: LessonStepDto[] = [STEPS[2]!, { ...STEPS[0]!, session: 1 }, { ...STEPS[0]!, session: 3 }];
    expect(stepAtSession(replay, { step: 1, revealed: false }, 3)).toEqual({ step: 2, revealed: false });
    expect(stepAtSession(replay, { step: 2, revealed: false }, 1)).toEqual({ step: 1, revealed: false });
  });

  it('follows the cursor when it moves by other means, and the lesson continues from there', () => {
    const store = lessonStore(12);
    store.getState().actions.setCursor(3);
    expect(store.getState().lesson).toMatchObject({ step: 2, revealed: false });
    store.getState().actions.stepForward();
    expect(store.getState().lesson).toMatchObject({ step: 2, revealed: false });
    store.getState().actions.lessonNext();
    expect(store.getState().lesson).toMatchObject({ step: 3 });
    expect(store.getState().run.cursor).toBe(9);
    // The lesson's own steps are not undone by the cursor they move.
    store.getState().actions.lessonBack();
    expect(store.getState().lesson).toMatchObject({ step: 2 });
    expect(store.getState().run.cursor).toBe(3);
    // The selection stays the person's: following the cursor changes only the step.
    store.getState().actions.select({ kind: 'queue', name: 'org' });
    store.getState().actions.setCursor(1);
    expect(store.getState().lesson).toMatchObject({ step: 0, revealed: false });
    expect(store.getState().selection.current).toEqual({ kind: 'queue', name: 'org' });
  });

  it('continues a step without a session from the answer of the question before it', () => {
    // Welcome's shape: a question answered at session 5, then a closing step with no session of its own.
    const closing: LessonStepDto[] = [
      STEPS[0]!,
      { ...STEPS[1]!, session: 4, ask: { ...STEPS[1]!.ask!, revealSession: 5 } },
      { say: 'end', session: null, select: null, ask: null },
    ];
    expect(sessionOfStep(closing, 2)).toBe(5);
    const store = lessonStore(5);
    store.setState((s) => ({ scenario: { ...s.scenario, summary: { ...summary, lesson: closing } } }));
    const { actions } = store.getState();
    actions.lessonNext();
    actions.lessonPick(0);
    actions.lessonNext();
    expect(store.getState().run.cursor).toBe(5);
    actions.lessonNext();
    expect(store.getState().lesson).toMatchObject({ step: 2 });
    expect(store.getState().run.cursor).toBe(5);
    // Back lands on the answer, the same session: no step moves forward in time going back.
    actions.lessonBack();
    expect(store.getState().lesson).toMatchObject({ step: 1, revealed: true });
    expect(store.getState().run.cursor).toBe(5);
  });

  it('opens a lesson on its first step with that step’s selection, unless the location names one', () => {
    const first: LessonStepDto[] = [
      { ...STEPS[0]!, select: { kind: 'queue', name: 'd' } },
      ...STEPS.slice(1),
    ];
    expect(lessonOpening(first, undefined, null)).toMatchObject({
      cursor: 1,
      lesson: { step: 0, revealed: false },
      selection: { kind: 'queue', name: 'd' },
    });
    expect(lessonOpening(first, 3, null).selection).toEqual({ kind: 'job', name: 'sweep-1' });
    expect(lessonOpening(first, undefined, { kind: 'node', name: 'n' }).selection).toEqual({
      kind: 'node',
      name: 'n',
    });
    expect(lessonOpening([], undefined, undefined)).toMatchObject({ cursor: undefined, selection: null });
  });

  it('holds every forward move past an open, unanswered question, and says where it was going', () => {
    const store = lessonStore(9);
    const { actions } = store.getState();
    actions.lessonNext(); // step 1: the question of session 1, answered at session 3
    for (const move of [actions.stepForward, actions.toEnd, () => actions.setCursor(3)]) {
      move();
      expect(store.getState().run.cursor).toBe(1);
    }
    expect(store.getState().lesson.heldAt).toBe(3);
    store.setState((s) => ({
      run: { ...s.run, isPlaying: true, snapshot: { index: 1, decisions: [] } as unknown as SessionView },
    }));
    actions.playbackTick();
    expect(store.getState().run.isPlaying).toBe(false);
    expect(store.getState().run.cursor).toBe(1);
    // The lesson's own reveal moves on, and clears the note.
    actions.lessonNext();
    expect(store.getState().run.cursor).toBe(3);
    expect(store.getState().lesson).toMatchObject({ step: 1, revealed: true, heldAt: null });
  });

  it('lets a move go on once the question is answered, and going back is always free', () => {
    const store = lessonStore(9);
    const { actions } = store.getState();
    // Never stepped by its own keys and not presenting, the lesson does not hold the run.
    actions.setCursor(2);
    actions.setCursor(3);
    expect(store.getState().run.cursor).toBe(3);
    actions.setCursor(1);
    actions.lessonNext();
    actions.lessonBack();
    actions.setCursor(2); // within the question's step: the lesson follows to the question (session 1)
    expect(store.getState().lesson).toMatchObject({ step: 1, revealed: false });
    actions.stepForward();
    expect(store.getState().run.cursor).toBe(2);
    actions.stepBack();
    expect(store.getState().run.cursor).toBe(1);
    actions.lessonPick(1);
    actions.setCursor(9);
    expect(store.getState().run.cursor).toBe(9);
  });

  it('moves a selection the lesson made along with the step the cursor reached; the person’s stays', () => {
    const store = lessonStore(9);
    const { actions } = store.getState();
    actions.lessonNext(); // step 1 selects train-b
    actions.lessonPick(0);
    actions.setCursor(3);
    expect(store.getState().lesson.step).toBe(2);
    expect(store.getState().selection.current).toEqual({ kind: 'job', name: 'sweep-1' });
    actions.select({ kind: 'queue', name: 'org' });
    actions.setCursor(9);
    expect(store.getState().selection.current).toEqual({ kind: 'queue', name: 'org' });
  });
});
