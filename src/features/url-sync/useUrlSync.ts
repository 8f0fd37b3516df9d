import { useEffect } from 'react';
import type { AppState } from '../../store/AppState';
import { useAppStoreApi } from '../../store/AppStoreProvider';
import { formatUrlState, type UrlState } from './urlState';

export function urlStateOf(state: AppState): UrlState {
  const source = state.scenario.source;
  return {
    scenario: source === null ? null : source.kind === 'builtin' ? source.id : 'custom',
    session: state.run.cursor > 0 ? state.run.cursor : null,
    selection: state.selection.current,
  };
}

/**
 * Mirrors scenario, session and selection into the URL with replaceState (no history entry per step).
 * Debounced: playback moves the cursor several times a second and browsers throttle replaceState.
 */
export function useUrlSync(delayMs = 200): void {
  const store = useAppStoreApi();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const search = formatUrlState(urlStateOf(store.getState()), window.location.search);
      if (search !== window.location.search) {
        window.history.replaceState(
          window.history.state,
          '',
          `${window.location.pathname}${search}${window.location.hash}`,
        );
      }
    };
    const unsubscribe = store.subscribe((state, previous) => {
      if (
        state.scenario.source === previous.scenario.source &&
        state.run.cursor === previous.run.cursor &&
        state.selection.current === previous.selection.current
      ) {
        return;
      }
      if (timer === null) timer = setTimeout(write, delayMs);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [store, delayMs]);
}
