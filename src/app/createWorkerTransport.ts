/** The production Transport: a module Web Worker running `worker/worker.ts`. */
import type { Command, WorkerMessage } from '../protocol/messages';
import type { Transport, TransportListener } from '../protocol/Transport';

export function createWorkerTransport(): Transport {
  const worker = new Worker(new URL('../worker/worker.ts', import.meta.url), {
    type: 'module',
    name: 'simulator',
  });
  const listeners = new Set<TransportListener>();
  worker.addEventListener('message', (event: MessageEvent<WorkerMessage>) => {
    for (const listener of listeners) listener.message(event.data);
  });
  worker.addEventListener('error', (event: ErrorEvent) => {
    // Handled here: the client restarts the worker and the UI shows the reason.
    event.preventDefault();
    const reason =
      event.message === '' ? 'the worker failed to start or threw an uncaught error' : event.message;
    for (const listener of listeners) listener.crash(reason);
  });
  worker.addEventListener('messageerror', () => {
    for (const listener of listeners) listener.crash('a message from the worker could not be read');
  });
  return {
    post: (command: Command) => worker.postMessage(command),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    terminate: () => worker.terminate(),
  };
}
