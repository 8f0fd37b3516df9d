import type { AppActions, AppState, SelectedPair, Selection, SelectionSliceState } from './AppState';
import type { QueryResult, RunQuery } from '../protocol/queries';
import type { StoreContext } from './StoreContext';

export const initialSelectionState: SelectionSliceState = { current: null, pair: null };

export const selectSelection = (state: AppState): Selection | null => state.selection.current;
export const selectSelectedJob = (state: AppState): string | null =>
  state.selection.current?.kind === 'job' ? state.selection.current.name : null;
export const selectSelectedQueue = (state: AppState): string | null =>
  state.selection.current?.kind === 'queue' ? state.selection.current.name : null;
export const selectSelectedNode = (state: AppState): string | null =>
  state.selection.current?.kind === 'node' ? state.selection.current.name : null;
export const selectSelectedPair = (state: AppState): SelectedPair | null => state.selection.pair;

export function createSelectionActions({
  set,
  get,
  client,
}: StoreContext): Pick<AppActions, 'select' | 'toggleJob' | 'selectPair' | 'query' | 'hasJob'> {
  // Selecting something opens the side panel, whose details pane shows it (below the lesson, never instead).
  const select = (selection: Selection | null): void =>
    set((state) => ({
      selection: { current: selection, pair: null },
      view: selection === null ? state.view : { ...state.view, isSidePanelOpen: true },
    }));
  return {
    select,
    toggleJob(name) {
      select(selectSelectedJob(get()) === name ? null : { kind: 'job', name });
    },
    selectPair(pair) {
      if (pair === null) {
        select(null);
        return;
      }
      set((state) => ({
        selection: { current: { kind: 'job', name: pair.victim }, pair },
        view: { ...state.view, isSidePanelOpen: true },
      }));
    },
    query<Q extends RunQuery>(query: Omit<Q, 'session'>): Promise<QueryResult<Q>> {
      const { runId, cursor, snapshot } = get().run;
      if (runId === null) return Promise.reject(new Error('No scenario is loaded.'));
      // The session on screen (the cursor may be ahead while its snapshot is on its way): the answer must
      // match the session the views draw.
      return client.query(runId, { ...query, session: snapshot?.index ?? cursor } as Q);
    },
    hasJob(name) {
      const { runId } = get().run;
      if (runId === null) return Promise.reject(new Error('No scenario is loaded.'));
      return client.hasJob(runId, name);
    },
  };
}
