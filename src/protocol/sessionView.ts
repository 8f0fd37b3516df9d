/**
 * What the view receives for one session: the engine's SessionSnapshot with each job attempt reduced to a
 * summary. Full attempts (every verdict and victim) can be thousands per session on a big cluster and are
 * only read when a person expands one, so they are fetched one at a time with the `attempt` request.
 */
import type { SessionSnapshot } from '../engine/model/snapshot';
import type { ClusterOccupancy } from './clusterOccupancy';
import type { JobNameOrder } from './jobNameOrder';
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

export type SessionView = Omit<SessionSnapshot, 'trace'> & {
  trace: SessionViewTrace;
  /** Present when a lesson question is revealed at this session. */
  lessonAnswers?: LessonAnswer[];
  /**
   * Which tasks hold which GPU device, as transferable typed arrays built by the worker (decision 0300); the
   * cluster map draws from it. Absent in views not sent by the worker (tests, tools).
   */
  occupancy?: ClusterOccupancy;
  /**
   * The jobs' names in collator order, as transferable typed arrays built by the worker (jobNameOrder.ts,
   * decision 0377); the jobs table reads its default order from it. Absent in views not sent by the worker.
   */
  jobOrder?: JobNameOrder;
};
