/**
 * The Workshop tab's composition: one Workshop store for the page, whose clients each start a worker of
 * their own (a comparison, or one per sweep worker), so the main run's worker is never blocked.
 */
import { createSimulationClient } from '../client/SimulationClient';
import { WorkshopView } from '../features/workshop/WorkshopView';
import { createWorkshopStore } from '../store/workshop/createWorkshopStore';
import { WorkshopStoreProvider } from '../store/workshop/WorkshopStoreProvider';
import { createWorkerTransport } from './createWorkerTransport';

const store = createWorkshopStore({
  createClient: () => createSimulationClient(createWorkerTransport, { timeoutMs: 300_000 }),
  // One sweep worker per core (at most 4): while a sweep runs, the page and the main run's worker mostly
  // wait (the main run is computed once), so leaving a core to them left half of a 2-core machine idle.
  concurrency: Math.max(1, Math.min(4, navigator.hardwareConcurrency || 1)),
});

export function WorkshopTab() {
  return (
    <WorkshopStoreProvider store={store}>
      <WorkshopView />
    </WorkshopStoreProvider>
  );
}
