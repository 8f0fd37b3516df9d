/**
 * Opens a scenario file (Open file, or a dropped file that is no cluster file) in the editor: the file's
 * text replaces the buffer, which is kept in "My scenarios" first when it is the person's own; the file is
 * its own entry, named after its `name:` or else its file name (issue 18, decision 0130).
 */
import type { AppStore } from '../../store/createAppStore';
import { scenarioNameOf } from '../library/myScenarios';
import { keepBufferFirst, replaceWithNewEntry } from '../library/replaceBuffer';
import { readOpenedFile } from './readOpenedFile';

export async function openScenarioFile(store: AppStore, file: File): Promise<void> {
  const { actions } = store.getState();
  const read = await readOpenedFile(file);
  if (!read.ok) {
    actions.setView({ notice: { severity: 'error', text: `${file.name}: ${read.error}` } });
    return;
  }
  const text = read.text;
  if (!keepBufferFirst(store)) return;
  const fileStem = file.name.replace(/\.(ya?ml|json)$/i, '').trim();
  replaceWithNewEntry(store, text, scenarioNameOf(text, fileStem === '' ? 'Opened file' : fileStem), 'file');
  actions.setView({ isEditorOpen: true });
}
