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
import { keepBufferFirst } from '../library/replaceBuffer';
import { keepScenario } from '../library/useMyScenarios';
import { fileSize } from './fileSize';

/** Above this many characters a failed save is the scenario's own size, not a storage crowded by others. */
const LARGER_THAN_STORAGE = 1_000_000;

export function loadImportedScenario(store: AppStore, result: ClusterImportOk, fileName: string): void {
  const { actions } = store.getState();
  const isBufferKept = keepBufferFirst(store);
  const stem = fileName.replace(/\.(zip|json|ya?ml)$/i, '').trim();
  const name = scenarioNameOf(result.text, stem || 'Imported cluster');
  const kept = keepScenario({ name, text: result.text, origin: 'import' });
  if (!kept.ok) {
    // A big cluster's scenario is megabytes: more than a browser keeps for a site. It still loads.
    const why =
      result.text.length > LARGER_THAN_STORAGE
        ? `at ${fileSize(result.text.length)} it is larger than this browser keeps for a site. Download YAML in the editor keeps it as a file.`
        : kept.error;
    actions.setView({
      notice: { severity: 'warning', text: `“${name}” is loaded but not kept in My scenarios: ${why}` },
    });
  }
  actions.setView({ isEditorOpen: false });
  void actions.loadScenario(result.text, {
    source: kept.ok ? { kind: 'custom', savedId: kept.entry.id } : { kind: 'custom' },
    fileName,
    replaceDraft: isBufferKept,
  });
}
