/**
 * An imported cluster becomes the current scenario the way an opened file becomes the editor's text, and
 * is then applied (decision 0160): the buffer is kept in "My scenarios" first when it is the person's own,
 * the imported scenario is saved as an entry of its own (origin `import`; redacted before it was ever
 * produced when redaction was on) and loaded. When the buffer could not be kept, it is left as it was and
 * the scenario is loaded beside it. The scenario that was loaded stays on screen until the new one has
 * its first session; a scenario the engine refuses leaves it loaded.
 */
import type { AppStore } from '../../store/createAppStore';
import type { ClusterImportOk } from '../../store/clusterImport/createClusterImportStore';
import { scenarioNameOf } from '../library/myScenarios';
import { keepAsNewEntry, keepBufferFirst } from '../library/replaceBuffer';

export function loadImportedScenario(store: AppStore, result: ClusterImportOk, fileName: string): void {
  const { actions } = store.getState();
  const isBufferKept = keepBufferFirst(store);
  const stem = fileName.replace(/\.(zip|json|ya?ml)$/i, '').trim();
  const savedId = keepAsNewEntry(
    store,
    result.text,
    scenarioNameOf(result.text, stem || 'Imported cluster'),
    'import',
  );
  actions.setView({ isEditorOpen: false });
  void actions.loadScenario(result.text, {
    source: savedId === null ? { kind: 'custom' } : { kind: 'custom', savedId },
    fileName,
    replaceDraft: isBufferKept,
  });
}
