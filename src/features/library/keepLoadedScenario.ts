/**
 * "Keep a copy" of a scenario shown in preview (a shared link, a suggestion tried): the loaded text becomes a
 * "My scenarios" entry and the editor buffer, after the buffer itself is kept (keepDraft.ts), and the same
 * session and selection stay on screen. The outcome is said in a one-line notice.
 */
import type { AppStore } from '../../store/createAppStore';
import { keepOwnDraft } from './keepDraft';
import { listMyScenarios, scenarioNameOf, type SavedOrigin } from './myScenarios';
import { browserLocalStorage, keepScenario } from './useMyScenarios';

export function keepLoadedScenario(store: AppStore, origin: SavedOrigin, name: string | null): void {
  const state = store.getState();
  const { actions } = state;
  const text = state.scenario.loadedText;
  const kept = keepOwnDraft(state, listMyScenarios(browserLocalStorage()));
  const result = keepScenario({ name: name ?? scenarioNameOf(text), text, origin });
  if (!result.ok || kept.error !== null) {
    actions.setView({ notice: { severity: 'error', text: kept.error ?? (result.ok ? '' : result.error) } });
    return;
  }
  const previous = kept.keptAs === null ? '' : ` Your previous draft is kept there too, as “${kept.keptAs}”.`;
  actions.setView({
    notice: { severity: 'success', text: `Kept in My scenarios as “${result.entry.name}”.${previous}` },
  });
  void actions.loadScenario(text, {
    source: { kind: 'custom', savedId: result.entry.id },
    replaceDraft: true,
    cursor: state.run.cursor,
    selection: state.selection.current,
    pair: state.selection.pair,
  });
}
