/**
 * Runs parser-fuzz cases one at a time in a child process with a bounded heap, so that a case that runs the
 * engine out of memory or never returns is recorded (as a crash or a hang) instead of killing the run. A
 * worker *thread* is not enough: a large single allocation aborts the whole process with a fatal OOM. A dead
 * or stuck child is replaced and the run goes on with the next case.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { HANG_MS, type MutationResult } from '../../engine/testing/mutation/checkMutatedText';

/** Wall-clock limit after which a case is abandoned (its worker terminated) and counted as a hang. */
const ABANDON_MS = 10_000;
const WORKER_HEAP_MB = 512;

export type FuzzOutcome = MutationResult['outcome'] | 'hang';

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
  ) {}

  async check(text: string): Promise<FuzzCaseResult> {
    const worker = this.worker ?? this.spawn();
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
      const timer = setTimeout(
        () =>
          finish(
            {
              outcome: 'hang',
              ms: this.abandonMs,
              detail: `no answer after ${this.abandonMs} ms (abandoned)`,
            },
            true,
          ),
        this.abandonMs,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.send({ id, text });
    });
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
    const w = fork(fileURLToPath(new URL('./mutationWorker.ts', import.meta.url)), [], {
      execArgv: ['--import', 'tsx', `--max-old-space-size=${WORKER_HEAP_MB}`, '--no-warnings'],
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      serialization: 'advanced',
    });
    this.worker = w;
    return w;
  }
}
