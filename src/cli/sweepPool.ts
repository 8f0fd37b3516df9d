/**
 * `sim sweep`'s worker_threads pool (§15.2): every point × seed is one task; N threads take the next task
 * as they finish one, and the results are kept by task index, so the output is byte-identical whatever N
 * is or whichever thread finishes first. Threads run TypeScript through tsx, registered inside each
 * thread (a worker does not inherit the parent's `--import tsx` loader, and Node refuses a `.ts` entry).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { ReplicateRun } from '../engine/index';
import type { VariantSpec } from '../engine/model/variant';

/** What every thread starts with: the scenario text (parsed once per thread) and each point's variant. */
export interface SweepInit {
  text: string;
  fileName: string;
  /** By point index; null = the base scenario. */
  variants: (VariantSpec | null)[];
}

export interface SweepTask {
  id: number;
  point: number;
  seed: number | null;
}

export type SweepReply = { id: number; run: ReplicateRun } | { id: number; error: string };

/** Most threads `--threads` may ask for. */
export const MAX_THREADS = 64;

/** The code each thread starts with: register tsx's loader in this thread, then load the worker module. */
function bootstrap(): string {
  const require = createRequire(import.meta.url);
  const tsxApi = pathToFileURL(join(dirname(require.resolve('tsx/package.json')), 'dist/esm/api/index.mjs'));
  const worker = new URL('./sweepWorker.ts', import.meta.url);
  return `import(${JSON.stringify(tsxApi.href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(worker.href)}); });`;
}

/** Runs every task on up to `threads` threads; the runs in task order. Rejects on the first failure. */
export function runSweepPool(
  init: SweepInit,
  tasks: readonly SweepTask[],
  threads: number,
): Promise<ReplicateRun[]> {
  const results: (ReplicateRun | undefined)[] = new Array<ReplicateRun | undefined>(tasks.length);
  if (tasks.length === 0) return Promise.resolve([]);
  const code = bootstrap();
  const count = Math.max(1, Math.min(threads, tasks.length));
  return new Promise((resolve, reject) => {
    const workers: Worker[] = [];
    let next = 0;
    let done = 0;
    let failed = false;
    const stop = () => {
      for (const w of workers) void w.terminate();
    };
    const fail = (message: string) => {
      if (failed) return;
      failed = true;
      stop();
      reject(new Error(message));
    };
    const feed = (w: Worker) => {
      const task = tasks[next];
      if (task === undefined) return;
      next++;
      w.postMessage(task);
    };
    for (let i = 0; i < count; i++) {
      const w = new Worker(code, { eval: true, workerData: init });
      workers.push(w);
      w.on('message', (reply: SweepReply) => {
        if ('error' in reply) return fail(`sweep task ${reply.id}: ${reply.error}`);
        results[reply.id] = reply.run;
        done++;
        if (done === tasks.length) {
          stop();
          resolve(results as ReplicateRun[]);
        } else feed(w);
      });
      w.on('error', (e) => fail(`a sweep thread failed: ${e.message}`));
      w.on('exit', (code) => {
        if (code !== 0 && done < tasks.length) fail(`a sweep thread exited with code ${code}`);
      });
      feed(w);
    }
  });
}
