/**
 * Putting another text in the editor buffer without losing the one it holds (issue 18, decision 0130):
 * the buffer is kept in "My scenarios" first when it is the person's own, and a text that is no edit of
 * the buffer (an opened file, a conversion, an imported cluster) becomes an entry of its own.
 */
import type { AppStore } from '../../store/createAppStore';
import { isOwnText, keepOwnDraft } from './keepDraft';
import { listMyScenarios } from './myScenarios';
import { browserLocalStorage, keepScenario } from './useMyScenarios';

/**
 * Keeps the buffer in "My scenarios" before something replaces it (when it is the user's own and not
 * saved yet); false, with the reason shown, when it could not be kept, and then nothing is replaced.
 */
export function keepBufferFirst(store: AppStore, name?: string): boolean {
  const { actions } = store.getState();
  const kept = keepOwnDraft(store.getState(), listMyScenarios(browserLocalStorage()), name);
  if (kept.error !== null) {
    actions.setView({ notice: { severity: 'error', text: kept.error } });
    return false;
  }
  if (kept.keptAs !== null) {
    actions.setView({
      notice: { severity: 'info', text: `Your previous text is kept in My scenarios as “${kept.keptAs}”.` },
    });
  }
  return true;
}

/** Puts `text` in the editor as its own entry of "My scenarios", so applying it never updates another. */
export function replaceWithNewEntry(
  store: AppStore,
  text: string,
  name: string,
  origin: 'file' | 'import',
): string | null {
  const kept = isOwnText(text, []) ? keepScenario({ name, text, origin }) : null;
  if (kept !== null && !kept.ok)
    store.getState().actions.setView({ notice: { severity: 'error', text: kept.error } });
  const id = kept !== null && kept.ok ? kept.entry.id : null;
  store.getState().actions.replaceDraft(text, id);
  return id;
}
