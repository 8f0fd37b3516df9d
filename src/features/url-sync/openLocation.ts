/**
 * Opens what a location names: a shared scenario (`#share=…`, in preview), one of "My scenarios"
 * (`?scenario=custom&mine=<id>`), the tab's own buffer (`?scenario=custom`), or a built-in scenario by id
 * (else the default lesson), at the location's session, selection and preemptor/victim pair. Used on
 * page load and on Back/Forward. A damaged link shows its error and opens what would have opened without
 * it (on Back/Forward: nothing changes); the editor buffer is never replaced by a link.
 */
import type { SavedScenario } from '../library/myScenarios';
import {
  BUILTIN_SCENARIOS,
  DEFAULT_SCENARIO_ID,
  findBuiltinScenario,
} from '../../scenarios/builtinScenarios';
import type { AppStore } from '../../store/createAppStore';
import { decodeShareFragment, findShareFragment } from '../share/shareLink';
import { parseUrlState } from './urlState';
import { parseViewParams } from './viewParams';

export interface LocationLike {
  search: string;
  hash: string;
}

export interface OpenLocationContext {
  /** The tab's editor buffer at startup (null when empty). */
  savedDraft: string | null;
  findMine(id: string): SavedScenario | null;
  /** True on page load (open the default lesson when the location names nothing usable). */
  isInitial: boolean;
}

export function openLocation(
  store: AppStore,
  location: LocationLike,
  context: OpenLocationContext,
): Promise<void> {
  const url = parseUrlState(location.search);
  const { loadScenario, setView } = store.getState().actions;
  const viewParams = parseViewParams(location.search);
  // The view of the entry opened (a link's `view=`, Back/Forward); without one the app picks again.
  setView({ mainView: viewParams.view, isPresenting: viewParams.isPresenting });
  const at = {
    ...(url.session === null ? {} : { cursor: url.session }),
    selection: url.selection,
    pair: url.pair,
  };

  const fragment = findShareFragment(location.hash);
  if (fragment !== null) {
    const decoded = decodeShareFragment(fragment);
    if (decoded.ok) {
      const { shared } = decoded;
      // The URL's own session and selection are newer than the link's (the recipient moved, then reloaded).
      const hasOwnPlace = url.session !== null || url.selection !== null;
      return loadScenario(shared.text, {
        source: { kind: 'shared', fragment, notes: decoded.notes },
        fileName: null,
        ...(hasOwnPlace
          ? at
          : {
              ...(shared.session === null ? {} : { cursor: shared.session }),
              selection: shared.selection,
              pair: shared.pair,
            }),
      });
    }
    setView({ notice: { severity: 'error', text: `${decoded.error} Nothing else was changed.` } });
    if (!context.isInitial) return Promise.resolve();
  }

  if (url.scenario === 'custom') {
    const mine = url.mine === null ? null : context.findMine(url.mine);
    if (mine !== null) {
      return loadScenario(mine.text, { source: { kind: 'custom', savedId: mine.id }, fileName: null, ...at });
    }
    const draft = context.isInitial ? context.savedDraft : store.getState().scenario.draft;
    if (draft !== null && draft.trim() !== '') {
      return loadScenario(draft, { source: { kind: 'custom' }, ...at });
    }
  }
  const named = url.scenario === null ? null : findBuiltinScenario(url.scenario);
  if (named === null && !context.isInitial) return Promise.resolve();
  const entry = named ?? findBuiltinScenario(DEFAULT_SCENARIO_ID);
  if (entry === null) return Promise.resolve();
  const savedDraft = context.isInitial ? context.savedDraft : store.getState().scenario.draft;
  // A buffer the user wrote stays in the editor; a copy of a built-in may be replaced.
  const isOwnDraft =
    savedDraft !== null && savedDraft.trim() !== '' && !BUILTIN_SCENARIOS.some((s) => s.text === savedDraft);
  return loadScenario(entry.text, {
    source: { kind: 'builtin', id: entry.id },
    fileName: entry.fileName,
    replaceDraft: !isOwnDraft,
    ...(named !== null ? at : {}),
  });
}
