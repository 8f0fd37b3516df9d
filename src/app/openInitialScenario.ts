/**
 * Decides what opens on page load: see `openLocation` (a shared link in preview, one of "My scenarios",
 * the tab's buffer, a built-in scenario by id, else the default lesson).
 */
import { findMyScenario, listMyScenarios } from '../features/library/myScenarios';
import { openLocation, type LocationLike } from '../features/url-sync/openLocation';
import type { AppStore } from '../store/createAppStore';
import type { KeyValueStorage } from '../store/persistence';

export function openInitialScenario(
  store: AppStore,
  location: LocationLike,
  savedDraft: string | null,
  storage: KeyValueStorage | null,
): Promise<void> {
  return openLocation(store, location, {
    savedDraft,
    isInitial: true,
    isReload: wasReloaded(),
    findMine: (id) => findMyScenario(storage, id),
    listMine: () => listMyScenarios(storage),
  });
}

/** True when the browser reloaded this page (not a typed URL, a link or a new tab). */
function wasReloaded(): boolean {
  const entry = globalThis.performance?.getEntriesByType?.('navigation')[0];
  return entry !== undefined && (entry as PerformanceNavigationTiming).type === 'reload';
}
