import type { AppActions, AppState, Selection, SelectionSliceState } from './AppState';
import type { StoreContext } from './StoreContext';

export const initialSelectionState: SelectionSliceState = { current: null };

export const selectSelection = (state: AppState): Selection | null => state.selection.current;
export const selectSelectedJob = (state: AppState): string | null =>
  state.selection.current?.kind === 'job' ? state.selection.current.name : null;

export function createSelectionActions({ set, get }: StoreContext): Pick<AppActions, 'select' | 'toggleJob'> {
  // Selecting something brings its details forward in the side panel.
  const select = (selection: Selection | null): void =>
    set((state) => ({
      selection: { current: selection },
      view: selection === null ? state.view : { ...state.view, sideView: 'details', isSidePanelOpen: true },
    }));
  return {
    select,
    toggleJob(name) {
      select(selectSelectedJob(get()) === name ? null : { kind: 'job', name });
    },
  };
}
