/**
 * A Transport that runs a SimulationHost in the calling thread, for unit tests of the client and store.
 * Messages are structured-cloned in both directions and delivered asynchronously, as postMessage does, so
 * a non-cloneable value or a reliance on synchronous replies fails here as it would in the browser.
 */
import type { Command, WorkerMessage } from '../protocol/messages';
import type { Transport, TransportListener } from '../protocol/Transport';
import type { EngineApi, EngineIssueLike } from './EngineApi';
import { createSimulationHost } from './SimulationHost';

export interface InProcessTransportOptions {
  chunkBudgetMs?: number;
  snapshotPartItems?: number;
}

export function createInProcessTransport<I extends EngineIssueLike>(
  engine: EngineApi<I>,
  options: InProcessTransportOptions = {},
): Transport {
  const listeners = new Set<TransportListener>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  /** Set by an uncaught error in a host task: the host runs nothing more, as a crashed worker would. */
  let isCrashed = false;

  const schedule = (task: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      task();
    }, 0);
    timers.add(timer);
  };

  const hostTask = (task: () => void): void =>
    schedule(() => {
      if (isCrashed) return;
      try {
        task();
      } catch (error) {
        // Mirrors a worker's uncaught error event; messages posted before it are still delivered first.
        isCrashed = true;
        const reason = error instanceof Error ? error.message : String(error);
        schedule(() => {
          for (const listener of listeners) listener.crash(reason);
        });
      }
    });

  const host = createSimulationHost({
    engine,
    post: (message: WorkerMessage) => {
      const copy = structuredClone(message);
      schedule(() => {
        for (const listener of listeners) listener.message(copy);
      });
    },
    defer: hostTask,
    now: () => performance.now(),
    ...(options.chunkBudgetMs === undefined ? {} : { chunkBudgetMs: options.chunkBudgetMs }),
    ...(options.snapshotPartItems === undefined ? {} : { snapshotPartItems: options.snapshotPartItems }),
  });

  return {
    post(command: Command) {
      const copy = structuredClone(command);
      hostTask(() => host.handle(copy));
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    terminate() {
      isCrashed = true;
      listeners.clear();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
