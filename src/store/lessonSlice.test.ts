import { describe, expect, it } from 'vitest';
import type { SimulationClient } from '../client/SimulationClient';
import type { SessionMarker } from '../engine/api';
import type { LessonStepDto, ScenarioSummary } from '../protocol/messages';
import type { SessionView } from '../protocol/sessionView';
import { createAppStore } from './createAppStore';
import { sessionOfStep, targetOfStep } from './lessonSlice';

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
    actions.lessonNext();
    let s = store.getState();
    expect(s.lesson).toMatchObject({ step: 1, revealed: false });
    expect(s.run.cursor).toBe(1);
    expect(s.selection.current).toEqual({ kind: 'job', name: 'train-b' });
    // The lesson stays in view: selecting from a step does not switch the side panel to details.
    expect(s.view.sideView).toBe('lesson');

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
});
