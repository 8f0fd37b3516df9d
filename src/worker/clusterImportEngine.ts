/** The engine as the import worker runs it (one object, so tests drive the host with the same wiring). */
import { MAX_CLUSTER_FILE_BYTES } from '../engine/scenario/importers/cluster/clusterLimits';
import {
  importClusterBytes,
  looksLikeClusterFile,
  looksLikeSnapshotJson,
} from '../engine/scenario/importers/cluster/importClusterFile';
import { isZip } from '../engine/scenario/importers/cluster/readSnapshotBytes';
import type { ClusterImportEngine } from './ClusterImportHost';

export const CLUSTER_IMPORT_ENGINE: ClusterImportEngine = {
  importClusterBytes,
  looksLikeClusterFile,
  looksLikeSnapshot: (bytes) => isZip(bytes) || looksLikeSnapshotJson(bytes),
  maxFileBytes: MAX_CLUSTER_FILE_BYTES,
};
