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
  // One core stays with the page and the main run.
  concurrency: Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 1) - 1)),
});

export function WorkshopTab() {
  return (
    <WorkshopStoreProvider store={store}>
      <WorkshopView />
    </WorkshopStoreProvider>
  );
}
