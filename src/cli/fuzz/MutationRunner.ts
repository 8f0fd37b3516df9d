/**
 * Runs parser-fuzz cases one at a time in a child process with a bounded heap, so that a case that runs the
 * engine out of memory or never returns is recorded (as a crash or a hang) instead of killing the run. A
 * worker *thread* is not enough: a large single allocation aborts the whole process with a fatal OOM. A dead
 * or stuck child is replaced and the run goes on with the next case.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { HANG_MS, type MutationResult } from '../../engine/testing/mutation/checkMutatedText';

/**
 * Limit after which a case is abandoned (its worker terminated) and counted as a hang. It is CPU time of the
 * child where Linux's /proc tells it, so a loaded machine (several test runs on two cores) does not abandon a
 * case that is merely waiting for a core; the wall clock is the fallback, and WALL_CAP_MS the last resort.
 */
const ABANDON_MS = 10_000;
const WALL_CAP_MS = 120_000;
export const WORKER_HEAP_MB = 512;

/** User + system CPU time of a process in ms from /proc/<pid>/stat (clock ticks of 10 ms), or null. */
function processCpuMs(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name in parentheses: state is field 3, utime 14 and stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : null;
  } catch {
    return null;
  }
}

export type FuzzOutcome = MutationResult['outcome'] | 'hang';

/** A zero count for every outcome (the mutation and Kubernetes fuzzers tally the same outcomes). */
export function emptyOutcomeCounts(): Record<FuzzOutcome, number> {
  return { accepted: 0, rejected: 0, crash: 0, hang: 0, unlocated: 0, violation: 0 };
}

export interface FuzzCaseResult {
  outcome: FuzzOutcome;
  /** CPU time of the case (ms), or the wall time when it was abandoned. */
  ms: number;
  detail: string | null;
}

export class MutationRunner {
  private worker: ChildProcess | null = null;
  private nextId = 0;

  /**
   * @param hangMs CPU time above which a case counts as a hang: `npm run fuzz` uses the 2 s
   * (HANG_MS); `npm test` passes a wider bound, since a unit test must not fail on a loaded machine's
   * timing (it still catches a case that never returns, which the abandon timer ends).
   */
  constructor(
    private readonly hangMs: number = HANG_MS,
    private readonly abandonMs: number = ABANDON_MS,
    /** The child's module (next to this file): it answers `{id, text, ...extra}` with `{id, result}`. */
    private readonly workerModule = './mutationWorker.ts',
  ) {}

  /**
   * A hang must happen twice: a case over the CPU bound is run once more in the (now warm) worker, and counts
   * as a hang only if it is over again. One slow run can be a first call's compilation or a collection of the
   * bounded heap; a real hang (quadratic work, a loop that never ends) repeats.
   */
  async check(text: string, extra: Record<string, unknown> = {}): Promise<FuzzCaseResult> {
    const first = await this.checkOnce(text, extra);
    if (first.outcome !== 'hang') return first;
    const again = await this.checkOnce(text, extra);
    return again.outcome === 'hang' ? { ...again, detail: `${again.detail ?? ''}, twice` } : again;
  }

  private async checkOnce(text: string, extra: Record<string, unknown>): Promise<FuzzCaseResult> {
    const worker = this.worker ?? this.spawn();
    const cpuAtStart = processCpuMs(worker.pid);
    const wallAtStart = Date.now();
    const id = this.nextId++;
    return new Promise<FuzzCaseResult>((resolve) => {
      const finish = (r: FuzzCaseResult, kill: boolean) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (kill) {
          this.worker = null;
          worker.kill('SIGKILL');
        }
        resolve(r);
      };
      const onMessage = (msg: { id: number; result: MutationResult }) => {
        if (msg.id !== id) return;
        const r = msg.result;
        finish(
          r.ms > this.hangMs && r.outcome !== 'crash'
            ? { outcome: 'hang', ms: r.ms, detail: `took ${Math.round(r.ms)} ms (${r.outcome})` }
            : r,
          false,
        );
      };
      const onError = (error: Error) =>
        finish({ outcome: 'crash', ms: 0, detail: `worker died: ${error.message}`.slice(0, 300) }, true);
      const onExit = (code: number | null, signal: string | null) =>
        finish({ outcome: 'crash', ms: 0, detail: `worker exited (${signal ?? String(code)})` }, true);
      const abandon = () => {
        const cpu = processCpuMs(worker.pid);
        const used = cpu !== null && cpuAtStart !== null ? cpu - cpuAtStart : null;
        const wall = Date.now() - wallAtStart;
        // Waiting for a core is not hanging: look again while the child has used less CPU than the limit.
        if (used !== null && used < this.abandonMs && wall < WALL_CAP_MS) {
          timer = setTimeout(abandon, this.abandonMs - used);
          return;
        }
        const spent = used === null ? `${wall} ms` : `${Math.round(used)} ms of CPU`;
        finish({ outcome: 'hang', ms: used ?? wall, detail: `no answer after ${spent} (abandoned)` }, true);
      };
      let timer = setTimeout(abandon, this.abandonMs);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.send({ ...extra, id, text });
    });
  }

  /**
   * Resets the child's peak resident memory (Linux: `clear_refs` 5), so that `peakRssMb` tells the peak of
   * the next case alone. False where /proc does not allow it.
   */
  resetPeakRss(): boolean {
    const pid = (this.worker ?? this.spawn()).pid;
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
      return true;
    } catch {
      return false;
    }
  }

  /** The child's peak resident memory (VmHWM) in MiB since the last reset, or null. */
  peakRssMb(): number | null {
    const pid = this.worker?.pid;
    if (pid === undefined) return null;
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : null;
    } catch {
      return null;
    }
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (!w || w.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      w.once('exit', () => resolve());
      w.kill('SIGKILL');
    });
  }

  private spawn(): ChildProcess {
    const w = fork(fileURLToPath(new URL(this.workerModule, import.meta.url)), [], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${WORKER_HEAP_MB}`, '--no-warnings'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    this.worker = w;
    return w;
  }
}
