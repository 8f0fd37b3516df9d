/**
 * What the view receives for one session: the engine's SessionSnapshot with each job attempt reduced to a
 * summary. Full attempts (every verdict and victim) can be thousands per session on a big cluster and are
 * only read when a person expands one, so they are fetched one at a time with the `attempt` request.
 */
import type { JobState, SessionSnapshot } from '../engine/model/snapshot';
import type { JobAttempt, PendingExplanation } from '../engine/model/trace';

export type AttemptSummary = Omit<JobAttempt, 'verdicts' | 'victims'> & {
  verdictCount: number;
  victimCount: number;
};

export interface SessionViewTrace {
  /** Same indices as the engine's `SessionTrace.attempts` (decisions and pending explanations point here). */
  attempts: AttemptSummary[];
  pending: PendingExplanation[];
}

/**
 * The engine's verdict on a lesson question revealed at this session: for step `step` (0-based), whether
 * each choice's claim holds in this session (several may; the lesson's tests keep exactly one true).
 */
export interface LessonAnswer {
  step: number;
  correct: boolean[];
}

/**
 * A job as the view receives it: the engine's state, and for a job of a seeded workload (§19, issue 20)
 * the index of the `workload:` generator that made it, read from the scenario's JobSpec by the worker.
 */
export type JobView = JobState & { generatedBy?: number };

export type SessionView = Omit<SessionSnapshot, 'trace' | 'jobs'> & {
  jobs: JobView[];
  trace: SessionViewTrace;
  /** Present when a lesson question is revealed at this session. */
  lessonAnswers?: LessonAnswer[];
};
