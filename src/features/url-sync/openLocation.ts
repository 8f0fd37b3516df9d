/**
 * Opens what a location names: a shared scenario (`#share=…`, in preview), one of "My scenarios"
 * (`?scenario=custom&mine=<id>`), the tab's own buffer (`?scenario=custom`), or a built-in scenario by id
 * (else the default lesson), at the location's session, selection and preemptor/victim pair. Used on
 * page load and on Back/Forward. A damaged link shows its error and opens what would have opened without
 * it (on Back/Forward: nothing changes). A built-in or saved scenario takes the editor buffer unless that is
 * the user's unsaved text (see `mayReplaceDraft`); a shared link never does (it opens in preview).
 */
import { isOwnText, keepOwnDraft } from '../library/keepDraft';
import type { SavedScenario } from '../library/myScenarios';
import {
  BUILTIN_SCENARIOS,
  DEFAULT_SCENARIO_ID,
  findBuiltinScenario,
} from '../../scenarios/builtinScenarios';
import type { Selection } from '../../store/AppState';
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
  /** "My scenarios" as saved (a buffer equal to one of them is not the user's unsaved text). */
  listMine(): readonly SavedScenario[];
  /** True on page load (open the default lesson when the location names nothing usable). */
  isInitial: boolean;
  /** True when the page load is a reload of the tab: the buffer stays as typed. */
  isReload: boolean;
}

export async function openLocation(
  store: AppStore,
  location: LocationLike,
  context: OpenLocationContext,
): Promise<void> {
  const linked = await openScenarioOf(store, location, context);
  if (linked?.kind === 'job') await checkLinkedJob(store, linked.name);
}

/**
 * A link's `?job=` naming no job of the scenario (in any session) says so and selects nothing, rather than
 * being silently ignored (issue 22). Asked of the worker after the load: a session's job list holds only
 * the jobs submitted by then. A worker that fails says so through its own banner.
 */
async function checkLinkedJob(store: AppStore, name: string): Promise<void> {
  const { runId } = store.getState().run;
  const exists = await store
    .getState()
    .actions.hasJob(name)
    .catch(() => true);
  const state = store.getState();
  if (exists || state.run.runId !== runId) return;
  const { current } = state.selection;
  if (current?.kind === 'job' && current.name === name) state.actions.select(null);
  state.actions.setView({
    notice: {
      severity: 'error',
      text: `The link selects job ${quoted(name)}, which is not in this scenario, so no job is selected. Nothing else was changed.`,
    },
  });
}

/** Loads what the location names; resolves to the selection the location asked for (null: none). */
function openScenarioOf(
  store: AppStore,
  location: LocationLike,
  context: OpenLocationContext,
): Promise<Selection | null> {
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
      }).then(() => (hasOwnPlace ? url.selection : shared.selection));
    }
    setView({ notice: { severity: 'error', text: `${decoded.error} Nothing else was changed.` } });
    if (!context.isInitial) return Promise.resolve(null);
  }

  if (url.scenario === 'custom') {
    const mine = url.mine === null ? null : context.findMine(url.mine);
    if (url.mine !== null && mine === null && context.isInitial) {
      // My scenarios live in each browser's own storage: a link to one, opened elsewhere, finds nothing.
      setView({
        notice: {
          severity: 'error',
          text: `The link names one of My scenarios (${quoted(url.mine)}) that this browser does not have: My scenarios are kept in each browser's own storage. Share the scenario with Share instead. Nothing else was changed.`,
        },
      });
    }
    if (mine !== null) {
      return loadScenario(mine.text, {
        source: { kind: 'custom', savedId: mine.id },
        fileName: null,
        replaceDraft: mayReplaceDraft(store, context),
        ...at,
      }).then(() => url.selection);
    }
    const draft = context.isInitial ? context.savedDraft : store.getState().scenario.draft;
    if (draft !== null && draft.trim() !== '') {
      return loadScenario(draft, { source: { kind: 'custom' }, ...at }).then(() => url.selection);
    }
  }
  const named = url.scenario === null ? null : findBuiltinScenario(url.scenario);
  if (named === null && !context.isInitial) return Promise.resolve(null);
  if (named === null && url.scenario !== null && url.scenario !== 'custom') {
    // A mistyped or outdated lesson link: say so rather than silently open another lesson.
    setView({
      notice: {
        severity: 'error',
        text: `The link names the scenario ${quoted(url.scenario)}, which is not in the gallery; the first lesson (${quoted(findBuiltinScenario(DEFAULT_SCENARIO_ID)?.title ?? DEFAULT_SCENARIO_ID)}) is open instead, and the scenario menu lists them all. Nothing else was changed.`,
      },
    });
  }
  const entry = named ?? findBuiltinScenario(DEFAULT_SCENARIO_ID);
  if (entry === null) return Promise.resolve(null);
  return loadScenario(entry.text, {
    source: { kind: 'builtin', id: entry.id },
    fileName: entry.fileName,
    // The default lesson, opened because the location named nothing usable (a damaged link), changes no
    // text of the user's.
    replaceDraft:
      named !== null
        ? mayReplaceDraft(store, context)
        : isBuiltinOrEmpty(context.isInitial ? context.savedDraft : store.getState().scenario.draft),
    ...(named !== null ? at : {}),
  }).then(() => (named !== null ? url.selection : null));
}

/**
 * Whether the scenario a location opens may take the editor buffer, so that Edit YAML shows the scenario
 * on screen (issue 22: after Back/Forward it showed the previous scenario's text; decision 0269). A buffer
 * that is empty, a built-in's text or saved in "My scenarios" loses nothing; other text is the user's own.
 * A reload keeps it as typed (the tab's buffer, decision 0021). Opening a location (a typed URL, a link,
 * Back/Forward) keeps it in "My scenarios" first; when it cannot be kept the buffer stays and the notice
 * says why.
 */
function mayReplaceDraft(store: AppStore, context: OpenLocationContext): boolean {
  const state = store.getState();
  const draft = context.isInitial ? context.savedDraft : state.scenario.draft;
  // A reload shows what the tab had, whatever it was (even an applied text that failed to parse).
  if (context.isReload) return isBuiltinOrEmpty(draft);
  if (draft === null || !isOwnText(draft, context.listMine())) return true;
  const kept = keepOwnDraft(state, context.listMine());
  if (kept.error !== null) {
    state.actions.setView({ notice: { severity: 'error', text: kept.error } });
    return false;
  }
  if (kept.keptAs !== null) {
    state.actions.setView({
      notice: { severity: 'info', text: `Your text is kept in My scenarios as “${kept.keptAs}”.` },
    });
  }
  return true;
}

/** A name from the location, quoted and cut to a readable length (a link can carry anything). */
function quoted(name: string): string {
  const MAX = 60;
  return `“${name.length > MAX ? `${name.slice(0, MAX)}…` : name}”`;
}

function isBuiltinOrEmpty(draft: string | null): boolean {
  return draft === null || draft.trim() === '' || BUILTIN_SCENARIOS.some((s) => s.text === draft);
}
