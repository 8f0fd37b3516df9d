/**
 * Decides what opens on page load: the URL's scenario (built-in id, or `custom` for the saved editor
 * buffer) at the URL's session and selection, else the default lesson.
 */
import { parseUrlState } from '../features/url-sync/urlState';
import { BUILTIN_SCENARIOS, DEFAULT_SCENARIO_ID, findBuiltinScenario } from '../scenarios/builtinScenarios';
import type { AppStore } from '../store/createAppStore';

export function openInitialScenario(
  store: AppStore,
  search: string,
  savedDraft: string | null,
): Promise<void> {
  const url = parseUrlState(search);
  const { loadScenario } = store.getState().actions;
  const at = {
    ...(url.session === null ? {} : { cursor: url.session }),
    selection: url.selection,
  };
  if (url.scenario === 'custom' && savedDraft !== null && savedDraft.trim() !== '') {
    return loadScenario(savedDraft, { source: { kind: 'custom' }, ...at });
  }
  const entry =
    (url.scenario === null ? null : findBuiltinScenario(url.scenario)) ??
    findBuiltinScenario(DEFAULT_SCENARIO_ID);
  if (entry === null) return Promise.resolve();
  const isKnownEntry = entry.id === url.scenario;
  // A saved buffer the user wrote stays in the editor; a saved copy of a built-in may be replaced.
  const isOwnDraft =
    savedDraft !== null && savedDraft.trim() !== '' && !BUILTIN_SCENARIOS.some((s) => s.text === savedDraft);
  return loadScenario(entry.text, {
    source: { kind: 'builtin', id: entry.id },
    fileName: entry.fileName,
    replaceDraft: !isOwnDraft,
    ...(isKnownEntry ? at : {}),
  });
}
