/**
 * One way to open a file, wherever it comes from (Open file in the editor, a drop anywhere on the window,
 * the gallery's "Your cluster"): the import worker reads it and tells by its content whether it is a
 * cluster file (a KAI snapshot.zip, a bare snapshot.json, a Kubernetes YAML bundle), which opens the
 * import, or a public GPU trace (decision 0192), which opens the trace import; anything else opens in the
 * editor as a scenario, as Open file always did (decision 0160).
 */
import { useCallback } from 'react';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import { useClusterImportApi } from '../../store/clusterImport/ClusterImportStoreProvider';
import { openScenarioFile } from '../editor/openScenarioFile';

/**
 * What the file choosers offer: scenarios, cluster files and GPU traces (CSV, or Philly's JSON job log,
 * which may have no extension: the chooser's "All files" still opens it, told by content).
 */
export const OPENABLE_FILES =
  '.yaml,.yml,.json,.zip,.csv,.log,text/yaml,application/json,application/zip,text/csv';

/**
 * Opens one file, or several at once: several are KAI snapshots, one per scheduling shard, merged into one
 * scenario with node pools by the import (§17.8, decision 0327); each is checked there, by content.
 */
export function useOpenFile(): (chosen: File | readonly File[]) => Promise<void> {
  const store = useAppStoreApi();
  const importStore = useClusterImportApi();
  return useCallback(
    async (chosen: File | readonly File[]) => {
      const files = chosen instanceof File ? [chosen] : chosen;
      const [file] = files;
      if (file === undefined) return;
      if (files.length > 1) {
        importStore.getState().actions.openShards(files);
        return;
      }
      const kind = await importStore.getState().actions.open(file);
      if (kind === 'other') await openScenarioFile(store, file);
    },
    [store, importStore],
  );
}
