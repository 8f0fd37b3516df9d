/**
 * Per job, what one profile's run did with it, folded session by session (the run keeps only its latest
 * session, so memory grows with the jobs, not the sessions): when it first ran, its evictions (the first
 * one's preemptor, action and the engine's reason), its completion, and at the end whether it runs or waits
 * and, if it waits, the engine's pending explanation. Views and the CLI print these words; nothing here
 * decides anything the engine did not.
 */
import { formatDuration } from '../../model/duration';
import type { SessionSnapshot } from '../../model/snapshot';

/** What a compare cell shows for one job under one profile. */
export interface JobCell {
  /** `evicted` when the job lost tasks to an eviction at least once, whatever came after. */
  state: 'runs' | 'waits' | 'evicted' | 'completed' | 'not-submitted';
  /** The session of that state: first eviction, completion, first run; null for a job that waits. */
  session: number | null;
  /** The same in plain words, with the engine's reason (`evicted at session 3 (t=20s) by train-b …`). */
  text: string;
}

interface Eviction {
  session: number;
  timeMs: number;
  action: string;
  by: string | null;
  reason: string;
}

interface JobTrack {
  queue: string;
  firstRun: number | null;
  firstEviction: Eviction | null;
  evictedTasks: number;
  completed: number | null;
  running: boolean;
  submitted: boolean;
  pendingReason: string | null;
}

/** Folds one run's sessions into per-job tracks. */
export class JobOutcomes {
  private readonly tracks = new Map<string, JobTrack>();

  /** Reads one session (each once, in order). */
  add(s: SessionSnapshot): void {
    for (const job of s.jobs) {
      const t = this.track(job.name, job.queue);
      t.submitted = true;
      t.running = job.running + job.pipelined > 0;
      if (t.running && t.firstRun === null) t.firstRun = s.index;
    }
    for (const d of s.decisions) {
      const t = this.tracks.get(d.job);
      if (t === undefined) continue;
      if (d.kind === 'evict') {
        t.evictedTasks++;
        t.firstEviction ??= {
          session: s.index,
          timeMs: s.timeMs,
          action: d.action,
          by: d.by,
          reason: d.reason,
        };
      } else if (d.kind === 'complete') t.completed ??= s.index;
    }
    const waiting = new Map(s.trace.pending.map((p) => [p.job, p.message]));
    for (const [name, t] of this.tracks) {
      if (!t.running) t.pendingReason = waiting.get(name) ?? t.pendingReason;
    }
  }

  /** The cell of `job` at the end of the run (`not-submitted` when no session saw it). */
  cell(job: string): JobCell {
    const t = this.tracks.get(job);
    if (t === undefined || !t.submitted)
      return { state: 'not-submitted', session: null, text: 'not submitted before the run ended' };
    const after = t.running
      ? 'runs at the end'
      : t.completed !== null
        ? `completes at session ${t.completed}`
        : `waits at the end${t.pendingReason !== null ? `: ${t.pendingReason}` : ''}`;
    if (t.firstEviction !== null) {
      const e = t.firstEviction;
      const tasks = t.evictedTasks === 1 ? '1 task evicted' : `${t.evictedTasks} task evictions`;
      return {
        state: 'evicted',
        session: e.session,
        text: `evicted at session ${e.session} (t=${formatDuration(e.timeMs)}) by ${e.action}${e.by !== null ? ` for ${e.by}` : ''} (${tasks} in all): ${sentence(e.reason)}; then ${after}`,
      };
    }
    if (t.completed !== null)
      return {
        state: 'completed',
        session: t.completed,
        text: `runs from session ${t.firstRun ?? t.completed}, completes at session ${t.completed}`,
      };
    if (t.firstRun !== null && t.running)
      return { state: 'runs', session: t.firstRun, text: `runs from session ${t.firstRun}` };
    const ran = t.firstRun !== null ? `ran from session ${t.firstRun}, ` : '';
    return {
      state: 'waits',
      session: null,
      text: `${ran}waits to the end${t.pendingReason !== null ? `: ${t.pendingReason}` : ''}`,
    };
  }

  private track(job: string, queue: string): JobTrack {
    let t = this.tracks.get(job);
    if (t === undefined) {
      t = {
        queue,
        firstRun: null,
        firstEviction: null,
        evictedTasks: 0,
        completed: null,
        running: false,
        submitted: false,
        pendingReason: null,
      };
      this.tracks.set(job, t);
    }
    return t;
  }
}

/** A reason without its closing full stop, so that it can go on with `; then …`. */
function sentence(text: string): string {
  return text.replace(/\.\s*$/, '');
}
