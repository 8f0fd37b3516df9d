/**
 * One way to open a file, wherever it comes from (Open file in the editor, a drop anywhere on the window,
 * the gallery's "Your cluster"): the import worker reads it and tells by its content whether it is a
 * cluster file (a KAI snapshot.zip, a bare snapshot.json, a Kubernetes YAML bundle), which opens the
 * import; anything else opens in the editor as a scenario, as Open file always did (decision 0160).
 */
import { useCallback } from 'react';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import { useClusterImportApi } from '../../store/clusterImport/ClusterImportStoreProvider';
import { openScenarioFile } from '../editor/openScenarioFile';

/** What the file choosers offer: scenarios and cluster files. */
export const OPENABLE_FILES = '.yaml,.yml,.json,.zip,text/yaml,application/json,application/zip';

export function useOpenFile(): (file: File) => Promise<void> {
  const store = useAppStoreApi();
  const importStore = useClusterImportApi();
  return useCallback(
    async (file: File) => {
      const kind = await importStore.getState().actions.open(file);
      if (kind === 'other') await openScenarioFile(store, file);
    },
    [store, importStore],
  );
}
