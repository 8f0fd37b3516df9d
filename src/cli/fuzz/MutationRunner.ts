/**
 * Runs parser-fuzz cases one at a time in a worker thread with a bounded heap, so that a case that runs the
 * engine out of memory or never returns is recorded (as a crash or a hang) instead of killing the run.
 * A dead or stuck worker is replaced and the run goes on with the next case.
 */
import { Worker } from 'node:worker_threads';
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
  private worker: Worker | null = null;
  private nextId = 0;

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
          void worker.terminate();
        }
        resolve(r);
      };
      const onMessage = (msg: { id: number; result: MutationResult }) => {
        if (msg.id !== id) return;
        const r = msg.result;
        finish(
          r.ms > HANG_MS && r.outcome !== 'crash'
            ? { outcome: 'hang', ms: r.ms, detail: `took ${Math.round(r.ms)} ms (${r.outcome})` }
            : r,
          false,
        );
      };
      const onError = (error: Error) =>
        finish({ outcome: 'crash', ms: 0, detail: `worker died: ${error.message}`.slice(0, 300) }, true);
      const onExit = (code: number) =>
        finish({ outcome: 'crash', ms: 0, detail: `worker exited with ${code}` }, true);
      const timer = setTimeout(
        () =>
          finish(
            { outcome: 'hang', ms: ABANDON_MS, detail: `no answer after ${ABANDON_MS} ms (abandoned)` },
            true,
          ),
        ABANDON_MS,
      );
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, text });
    });
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = null;
    if (w) await w.terminate();
  }

  private spawn(): Worker {
    // The worker is TypeScript: register tsx's loader in the worker's own thread before importing it
    // (`--import tsx` in execArgv is not honoured for workers on Node 20).
    const entry = new URL('./mutationWorker.ts', import.meta.url).href;
    const boot = `import('tsx/esm/api').then((api) => { api.register(); return import(${JSON.stringify(entry)}); });`;
    const w = new Worker(boot, {
      eval: true,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, stackSizeMb: 4 },
    });
    this.worker = w;
    return w;
  }
}
