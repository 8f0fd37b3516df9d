import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSimulationClient } from '../client/SimulationClient';
import { AppStoreProvider } from '../store/AppStoreProvider';
import { createAppStore } from '../store/createAppStore';
import { persistStore, readPersisted, type KeyValueStorage } from '../store/persistence';
import { App } from './App';
import { createWorkerTransport } from './createWorkerTransport';
import { openInitialScenario } from './openInitialScenario';
import { installTestApi, isTestApiRequested } from './testApi';

function localStorageOrNull(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage blocked (privacy settings): the app works, it just forgets.
  }
}

const storage = localStorageOrNull();
const persisted = readPersisted(storage);
const isTest = isTestApiRequested();
const client = createSimulationClient(createWorkerTransport, { allowDebugFaults: isTest });
const store = createAppStore({
  client,
  initialView: persisted.view,
  initialDraft: persisted.draft ?? '',
});
persistStore(store, storage);
if (isTest) installTestApi(store, client);
void openInitialScenario(store, window.location.search, persisted.draft);

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppStoreProvider store={store}>
      <App />
    </AppStoreProvider>
  </StrictMode>,
);
