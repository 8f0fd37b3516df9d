/**
 * The page's one cluster import store (decision 0160): its client starts an import worker of its own for
 * each file, so the main run's worker is never blocked by an unzip, and Cancel is a terminate.
 */
import { createClusterImportClient } from '../client/ClusterImportClient';
import { createClusterImportStore } from '../store/clusterImport/createClusterImportStore';
import { createImportWorker } from './createImportWorker';

export const clusterImportStore = createClusterImportStore({
  createClient: () => createClusterImportClient(createImportWorker),
  now: () => Date.now(),
});
