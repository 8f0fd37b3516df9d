/** The engine as the import worker runs it (one object, so tests drive the host with the same wiring). */
import {
  importClusterBytes,
  looksLikeClusterFile,
} from '../engine/scenario/importers/cluster/importClusterFile';
import type { ClusterImportEngine } from './ClusterImportHost';

export const CLUSTER_IMPORT_ENGINE: ClusterImportEngine = {
  importClusterBytes,
  looksLikeClusterFile,
  maxFileBytes: 256 * 1024 * 1024,
};
