/**
 * An imported trace opens in the editor (decision 0194), where the person reads and adjusts it before
 * Apply: the buffer is kept in "My scenarios" first when it is their own (as an opened file or a
 * converted Kubernetes bundle is), and the scenario becomes an entry of its own (origin `import`). When the
 * buffer could not be kept nothing is replaced and false is returned, with the reason shown.
 */
import type { AppStore } from '../../store/createAppStore';
import { scenarioNameOf } from '../library/myScenarios';
import { keepBufferFirst, replaceWithNewEntry } from '../library/replaceBuffer';

export function openTraceInEditor(store: AppStore, text: string, fileName: string): boolean {
  if (!keepBufferFirst(store)) return false;
  const stem = fileName.replace(/\.(csv|json|log|txt)$/i, '').trim();
  replaceWithNewEntry(store, text, scenarioNameOf(text, stem || 'Imported trace'), 'import');
  store.getState().actions.setView({ isEditorOpen: true });
  return true;
}
