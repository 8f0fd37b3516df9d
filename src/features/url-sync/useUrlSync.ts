import { useEffect } from 'react';
import type { AppState, BaseSource, ScenarioSource, SelectedPair, Selection } from '../../store/AppState';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import { findMyScenario, listMyScenarios } from '../library/myScenarios';
import { browserLocalStorage } from '../library/useMyScenarios';
import { openLocation } from './openLocation';
import { formatShareHash, formatUrlState, type UrlState } from './urlState';
import { formatViewParams } from './viewParams';

/**
 * The scenario a URL names for `source`: a what-if preview names the scenario it was made from (a reload or
 * a link opens that; the preview itself lives only in this tab, decision 0166).
 */
export function urlSourceOf(source: ScenarioSource | null): BaseSource | null {
  return source?.kind === 'what-if' ? source.base.source : source;
}

/** The URL's part of a view: the scenario, the session at the cursor, the selection and pair. */
export function urlStateFrom(
  shown: ScenarioSource | null,
  cursor: number,
  selection: Selection | null,
  pair: SelectedPair | null,
): UrlState {
  const source = urlSourceOf(shown);
  return {
    scenario: source === null ? null : source.kind === 'builtin' ? source.id : source.kind,
    mine: source?.kind === 'custom' ? (source.savedId ?? null) : null,
    session: cursor > 0 ? cursor : null,
    selection,
    pair,
  };
}

export function urlStateOf(state: AppState): UrlState {
  return urlStateFrom(state.scenario.source, state.run.cursor, state.selection.current, state.selection.pair);
}

/** Identity of a scenario for the history: a new one is a new history entry. */
export function sourceKey(source: ScenarioSource | null): string | null {
  if (source === null) return null;
  if (source.kind === 'builtin') return `builtin:${source.id}`;
  if (source.kind === 'shared') return `shared:${source.fragment}`;
  // Each change tried is a history entry of its own: Back returns to the scenario it was made from.
  if (source.kind === 'what-if')
    return `what-if:${source.job}:${source.change}:${sourceKey(source.base.source)}`;
  return `custom:${source.savedId ?? ''}`;
}

/** Runs `run` when the page is idle (at most `timeoutMs` later); Safari has no requestIdleCallback. */
function whenIdle(run: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(run, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(run, 0);
  return () => clearTimeout(id);
}

/**
 * Mirrors scenario, session, selection and pair into the URL, and a shared scenario's link into the
 * fragment. Opening another scenario adds a history entry (pushState), so Back and Forward move between
 * the scenarios opened; stepping, playing and selecting replace the current entry (replaceState), so
 * Back never replays a run step by step (docs/decisions/0022). Back/Forward reopen the entry's scenario
 * at its session.
 *
 * Off the step's critical path (decision 0350): a change schedules one write `delayMs` later, in an idle
 * moment, and every change until then joins it, so quick steps and playback write the URL at most once per
 * `delayMs` (Chrome throttles replaceState, and one took 1-90 ms of a step under load). The URL is still right
 * whenever someone may read it: the pending write is done at once when the page is hidden or left
 * (`visibilitychange`, `pagehide`, `beforeunload`: a reload, a new tab, closing), when the window loses focus
 * (the address bar, to copy the link) and when the Share dialog opens.
 */
export function useUrlSync(delayMs = 250): void {
  const store = useAppStoreApi();
  useEffect(() => {
    // The pending write: its trailing timer, then its idle callback; null when the URL is up to date.
    let cancelPending: (() => void) | null = null;
    // The scenario the current history entry shows; the first write only replaces the page's own entry.
    let entryKey: string | null | undefined;
    const write = () => {
      cancelPending = null;
      const state = store.getState();
      const key = sourceKey(state.scenario.source);
      const search = formatViewParams(
        { view: state.view.mainView, isPresenting: state.view.isPresenting },
        formatUrlState(urlStateOf(state), window.location.search),
      );
      const source = urlSourceOf(state.scenario.source);
      const hash = formatShareHash(source?.kind === 'shared' ? source.fragment : null, window.location.hash);
      const isNewScenario = entryKey !== undefined && entryKey !== null && key !== entryKey;
      if (key !== null) entryKey = key;
      if (search === window.location.search && hash === window.location.hash) return;
      const url = `${window.location.pathname}${search}${hash}`;
      if (isNewScenario) window.history.pushState(null, '', url);
      else window.history.replaceState(window.history.state, '', url);
    };
    const schedule = () => {
      if (cancelPending !== null) return;
      let cancelIdle: (() => void) | null = null;
      const timer = setTimeout(() => {
        cancelIdle = whenIdle(write, delayMs);
      }, delayMs);
      cancelPending = () => {
        clearTimeout(timer);
        cancelIdle?.();
        cancelPending = null;
      };
    };
    const cancel = () => cancelPending?.();
    const flush = () => {
      if (cancelPending === null) return;
      cancel();
      write();
    };
    const onVisibilityChange = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (
        state.scenario.source === previous.scenario.source &&
        state.run.cursor === previous.run.cursor &&
        state.selection === previous.selection &&
        state.view.mainView === previous.view.mainView &&
        state.view.isPresenting === previous.view.isPresenting
      ) {
        // The Share dialog's link is built from the state, but a person may copy the address bar's beside it.
        if (state.view.isShareOpen && !previous.view.isShareOpen) flush();
        return;
      }
      schedule();
      if (state.view.isShareOpen && !previous.view.isShareOpen) flush();
    });
    const onPopState = () => {
      cancel();
      // The entry we arrive at is already in the URL: what it loads must replace, not push.
      entryKey = undefined;
      const storage = browserLocalStorage();
      void openLocation(store, window.location, {
        savedDraft: null,
        isInitial: false,
        isReload: false,
        findMine: (id) => findMyScenario(storage, id),
        listMine: () => listMyScenarios(storage),
      });
    };
    window.addEventListener('popstate', onPopState);
    document.addEventListener('visibilitychange', onVisibilityChange);
    window.addEventListener('pagehide', flush);
    window.addEventListener('beforeunload', flush);
    window.addEventListener('blur', flush);
    return () => {
      unsubscribe();
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      window.removeEventListener('pagehide', flush);
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('blur', flush);
      // Unmounting (a test, a hot reload) leaves the URL as the state last was.
      flush();
    };
  }, [store, delayMs]);
}
