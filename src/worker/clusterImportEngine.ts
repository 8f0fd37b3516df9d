/** The engine as the import worker runs it (one object, so tests drive the host with the same wiring). */
import { MAX_CLUSTER_FILE_BYTES } from '../engine/scenario/importers/cluster/clusterLimits';
import {
  importClusterBytes,
  isKaiSnapshotFile,
  looksLikeClusterFile,
} from '../engine/scenario/importers/cluster/importClusterFile';
import { detectTraceFormat, importTraceBytes } from '../engine/scenario/importers/trace/index';
import type { ClusterImportEngine } from './ClusterImportHost';

/** The trace bound of docs/scenario-format.md §20 (512 MiB) until the trace importer exports its own. */
const MAX_TRACE_FILE_BYTES = 512 * 1024 * 1024;

export const CLUSTER_IMPORT_ENGINE: ClusterImportEngine = {
  importClusterBytes,
  looksLikeClusterFile,
  looksLikeSnapshot: isKaiSnapshotFile,
  maxFileBytes: MAX_CLUSTER_FILE_BYTES,
  detectTraceFormat,
  importTraceBytes,
  maxTraceFileBytes: MAX_TRACE_FILE_BYTES,
};
