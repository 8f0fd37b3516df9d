/**
 * One "Why?" request: asked on demand for the selected job at the session shown, and pinned to that session
 * (each answer re-runs the scenario in the worker, so stepping never starts new ones behind the user's back;
 * the panel offers to ask again when the cursor has moved). The answer lives in component state: it is the
 * engine's, for one run, one job and one session.
 */
import { useCallback, useRef, useState } from 'react';
import type { JobExplanation } from '../../protocol/explain';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { selectShownSession } from '../../store/explainSlice';

export type ExplanationState =
  | { status: 'idle' }
  | { status: 'loading'; session: number }
  | { status: 'answered'; session: number; explanation: JobExplanation }
  /** The engine answered that it cannot explain (e.g. the job is unknown at that session). */
  | { status: 'refused'; session: number; error: string }
  /** The worker failed (crash, timeout): nothing was answered. */
  | { status: 'failed'; session: number; error: string };

const selectRunId = (s: AppState) => s.run.runId;

export function useExplanation(job: string): { state: ExplanationState; shownSession: number; ask(): void } {
  const runId = useAppStore(selectRunId);
  const shownSession = useAppStore(selectShownSession);
  const actions = useAppStore(selectActions);
  const [held, setHeld] = useState<{ key: string; state: ExplanationState } | null>(null);
  // Answers belong to one run and one job: another run or job never shows them.
  const key = `${runId ?? ''}|${job}`;
  const latest = useRef(0);

  const ask = useCallback(() => {
    const token = ++latest.current;
    const session = shownSession;
    const settle = (state: ExplanationState) => {
      if (token === latest.current) setHeld({ key, state });
    };
    setHeld({ key, state: { status: 'loading', session } });
    actions.explainJob(job, session).then(
      (reply) =>
        settle(
          reply.ok
            ? { status: 'answered', session, explanation: reply.explanation }
            : { status: 'refused', session, error: reply.error },
        ),
      (error: unknown) =>
        settle({ status: 'failed', session, error: error instanceof Error ? error.message : String(error) }),
    );
  }, [actions, job, key, shownSession]);

  return { state: held !== null && held.key === key ? held.state : { status: 'idle' }, shownSession, ask };
}
