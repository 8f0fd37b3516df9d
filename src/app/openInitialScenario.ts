/**
 * Decides what opens on page load: see `openLocation` (a shared link in preview, one of "My scenarios",
 * the tab's buffer, a built-in scenario by id, else the default lesson).
 */
import { findMyScenario } from '../features/library/myScenarios';
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
    findMine: (id) => findMyScenario(storage, id),
  });
}
