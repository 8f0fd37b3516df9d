/** The production import worker: a module Web Worker running `worker/clusterImportWorker.ts` (decision 0160). */
import type { ImportWorkerPort } from '../client/ClusterImportClient';
import type { ImportWorkerMessage } from '../protocol/clusterImport';

export function createImportWorker(): ImportWorkerPort {
  const worker = new Worker(new URL('../worker/clusterImportWorker.ts', import.meta.url), {
    type: 'module',
    name: 'cluster-import',
  });
  return {
    post: (command) => worker.postMessage(command),
    listen(onMessage, onCrash) {
      worker.addEventListener('message', (event: MessageEvent<ImportWorkerMessage>) => onMessage(event.data));
      worker.addEventListener('error', (event: ErrorEvent) => {
        event.preventDefault();
        onCrash(
          event.message === '' ? 'the import worker failed to start or ran out of memory' : event.message,
        );
      });
      worker.addEventListener('messageerror', () =>
        onCrash('a message from the import worker could not be read'),
      );
    },
    terminate: () => worker.terminate(),
  };
}
