/**
 * What survives a reload besides the URL: view preferences and the editor buffer (so typed text is never
 * lost to a reload or a crash). The buffer has one slot per tab (`tabDraft.ts`); `draft` in the shared
 * record is only read, as the starting text of installs that predate per-tab slots. Written by hand instead of zustand's persist middleware because only two
 * small pieces of two slices persist, and a corrupt entry must never stop the app from starting.
 */
import type { AppState, ThemeMode, ViewSliceState } from './AppState';
import type { AppStore } from './createAppStore';

const KEY = 'preemption-lab.v1';

export interface PersistedState {
  view: Partial<Pick<ViewSliceState, 'themeMode' | 'fontScale' | 'playSpeed' | 'isSidePanelOpen'>>;
  draft: string | null;
}

export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const isThemeMode = (value: unknown): value is ThemeMode => value === 'light' || value === 'dark';
const isPositive = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0;

export function readPersisted(storage: KeyValueStorage | null): PersistedState {
  const empty: PersistedState = { view: {}, draft: null };
  if (storage === null) return empty;
  try {
    const raw: unknown = JSON.parse(storage.getItem(KEY) ?? 'null');
    if (typeof raw !== 'object' || raw === null) return empty;
    const record = raw as Record<string, unknown>;
    const view = (typeof record.view === 'object' && record.view !== null ? record.view : {}) as Record<
      string,
      unknown
    >;
    const out: PersistedState = { view: {}, draft: typeof record.draft === 'string' ? record.draft : null };
    if (isThemeMode(view.themeMode)) out.view.themeMode = view.themeMode;
    if (isPositive(view.fontScale)) out.view.fontScale = view.fontScale;
    if (isPositive(view.playSpeed)) out.view.playSpeed = view.playSpeed;
    if (typeof view.isSidePanelOpen === 'boolean') out.view.isSidePanelOpen = view.isSidePanelOpen;
    return out;
  } catch {
    return empty;
  }
}

const pick = (state: AppState): PersistedState => ({
  view: {
    themeMode: state.view.themeMode,
    fontScale: state.view.fontScale,
    playSpeed: state.view.playSpeed,
    isSidePanelOpen: state.view.isSidePanelOpen,
  },
  draft: state.scenario.draft,
});

/**
 * Writes the persisted part whenever it changes; returns the unsubscribe function. With `draftKey`, the
 * buffer goes to that tab's slot (`writeDraft`) instead of the shared record.
 */
export function persistStore(
  store: AppStore,
  storage: KeyValueStorage | null,
  draftSlot?: { write(text: string): void },
): () => void {
  if (storage === null) return () => undefined;
  const record = (state: AppState) => {
    const picked = pick(state);
    return JSON.stringify(draftSlot === undefined ? picked : { ...picked, draft: null });
  };
  let last = record(store.getState());
  return store.subscribe((state, previous) => {
    // Most updates (every step, every streamed marker) touch neither part: skip serialising the draft.
    if (state.view === previous.view && state.scenario.draft === previous.scenario.draft) return;
    try {
      if (draftSlot !== undefined && state.scenario.draft !== previous.scenario.draft) {
        draftSlot.write(state.scenario.draft);
      }
      const next = record(state);
      if (next === last) return;
      last = next;
      storage.setItem(KEY, next);
    } catch {
      // Quota exceeded or storage disabled: persistence is a convenience, never a failure.
    }
  });
}
