/**
 * The Compare tab's composition (issue 23 Deliver 4): one Compare store for the page, whose client starts a
 * worker of its own, so a comparison never runs on the main thread nor blocks the main run's worker. The
 * profiles come from `?compare=kai,volcano` when the page was opened with it, else every profile.
 */
import { createSimulationClient } from '../client/SimulationClient';
import type { Profile } from '../engine/model/scenario';
import { uiProfileNames } from '../features/profiles/uiRegistry';
import { ProfileCompareView } from '../features/profile-compare/ProfileCompareView';
import { parseCompareParam } from '../features/url-sync/viewParams';
import { createProfileCompareStore } from '../store/profileCompare/createProfileCompareStore';
import { ProfileCompareStoreProvider } from '../store/profileCompare/ProfileCompareStoreProvider';
import { createWorkerTransport } from './createWorkerTransport';

const store = createProfileCompareStore({
  createClient: () => createSimulationClient(createWorkerTransport, { timeoutMs: 300_000 }),
  profiles: parseCompareParam(window.location.search) ?? (uiProfileNames() as Profile[]),
});

export function CompareTab() {
  return (
    <ProfileCompareStoreProvider store={store}>
      <ProfileCompareView />
    </ProfileCompareStoreProvider>
  );
}
