/** The engine as the import worker runs it (one object, so tests drive the host with the same wiring). */
import { MAX_CLUSTER_FILE_BYTES } from '../engine/scenario/importers/cluster/clusterLimits';
import {
  importClusterBytes,
  isKaiSnapshotFile,
  looksLikeClusterFile,
} from '../engine/scenario/importers/cluster/importClusterFile';
import {
  detectTraceFormat,
  importTraceBytes,
  MAX_TRACE_BYTES,
} from '../engine/scenario/importers/trace/index';
import { createShardBatch, tooManySnapshots } from '../engine/index';
import type { ClusterImportEngine } from './ClusterImportHost';

export const CLUSTER_IMPORT_ENGINE: ClusterImportEngine = {
  importClusterBytes,
  looksLikeClusterFile,
  looksLikeSnapshot: isKaiSnapshotFile,
  maxFileBytes: MAX_CLUSTER_FILE_BYTES,
  detectTraceFormat,
  importTraceBytes,
  maxTraceFileBytes: MAX_TRACE_BYTES,
  createShardBatch,
  tooManySnapshots,
};
