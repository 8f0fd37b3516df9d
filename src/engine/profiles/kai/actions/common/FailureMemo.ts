/**
 * Within one action, a pending job that asks for exactly what an earlier job of the same queue asked for
 * (same priority, preemptibility, gang size and task requests, nothing running yet) meets exactly the same
 * verdicts as long as nothing has been committed since: every failed attempt rolls back completely. So
 * its failure is reused instead of re-running the victim search. The result is the same as trying again;
 * only the work is saved. (KAI's scheduling signatures skip such jobs too, but also after commits.)
 */
import type { JobInfo, TaskInfo } from '../../framework/JobInfo';
import type { Session } from '../../framework/Session';
import type { JobAttempt } from '../../../../model/trace';

export class FailureMemo {
  private generation = -1;
  private readonly failures = new Map<string, JobAttempt>();

  constructor(private readonly ssn: Session) {}

  key(job: JobInfo, tasks: readonly TaskInfo[]): string | null {
    if (job.activeUsed > 0 || job.counts.Succeeded > 0) return null;
    const parts = [
      job.queue.name,
      job.priority,
      job.preemptible,
      job.spec.preemptionPolicy,
      job.minAvailable,
    ];
    for (const t of tasks) {
      parts.push(
        `${t.spec.gpuMemoryMiB === undefined ? t.req.gpu : `${t.spec.gpuMemoryMiB}MiB`}x${t.gpuDevices}/${t.req.cpu}/${t.req.memory}/${JSON.stringify(t.spec.nodeSelector)}`,
      );
    }
    return parts.join('|');
  }

  /** The earlier failed attempt with this key, if nothing was committed since. */
  lookup(key: string | null): JobAttempt | null {
    if (key === null) return null;
    this.sync();
    return this.failures.get(key) ?? null;
  }

  remember(key: string | null, attempt: JobAttempt): void {
    if (key === null) return;
    this.sync();
    this.failures.set(key, attempt);
  }

  private sync(): void {
    if (this.generation !== this.ssn.commits) {
      this.failures.clear();
      this.generation = this.ssn.commits;
    }
  }
}

/** Copies an earlier failure into this attempt's record. */
export function reuseFailure(ssn: Session, attempt: number, earlier: JobAttempt): void {
  const record = ssn.attempt(attempt);
  record.code = earlier.code;
  record.verdicts = earlier.verdicts;
  record.victims = earlier.victims;
  record.omittedVictims = earlier.omittedVictims;
  record.protectedVictims = earlier.protectedVictims;
  record.message = `${earlier.message} (Same request from the same queue as ${earlier.job}, and nothing changed since: same outcome.)`;
}
