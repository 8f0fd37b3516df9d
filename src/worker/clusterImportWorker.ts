/**
 * Web Worker entry of the cluster import (docs/decisions/0160): binds the ClusterImportHost to the worker
 * global. One worker reads one file; the page terminates it when the import ends or is cancelled, which
 * also gives back every byte of the snapshot at once.
 */
import type { ImportCommand, ImportWorkerMessage } from '../protocol/clusterImport';
import { CLUSTER_IMPORT_ENGINE } from './clusterImportEngine';
import { createClusterImportHost } from './ClusterImportHost';

interface DedicatedWorkerScope {
  postMessage(message: ImportWorkerMessage): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ImportCommand>) => void): void;
}

const scope = self as unknown as DedicatedWorkerScope;

const host = createClusterImportHost({
  engine: CLUSTER_IMPORT_ENGINE,
  post: (message) => scope.postMessage(message),
  now: () => performance.now(),
});

scope.addEventListener('message', (event) => void host.handle(event.data));
