import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createSimulationClient } from '../client/SimulationClient';
import { AppStoreProvider } from '../store/AppStoreProvider';
import { createAppStore } from '../store/createAppStore';
import { persistStore, readPersisted, type KeyValueStorage } from '../store/persistence';
import { openTabDraft, writeTabDraft, type RemovableStorage } from '../store/tabDraft';
import { App } from './App';
import { EmbedApp, embedViewOf } from './EmbedApp';
import { createWorkerTransport } from './createWorkerTransport';
import { openInitialScenario } from './openInitialScenario';
import { installTestApi, isTestApiRequested, testWorkerTimeoutMs } from './testApi';

function localStorageOrNull(): RemovableStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null; // Storage blocked (privacy settings): the app works, it just forgets.
  }
}

function sessionStorageOrNull(): KeyValueStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

const storage = localStorageOrNull();
const persisted = readPersisted(storage);
// One buffer per tab: two tabs never overwrite each other's text (docs/decisions/0021).
const tabDraft = openTabDraft(storage, sessionStorageOrNull(), () => crypto.randomUUID(), persisted.draft);
const draftSlot = {
  write(text: string) {
    if (storage !== null) writeTabDraft(storage, tabDraft.key, text);
  },
};
if (tabDraft.initial !== null) {
  try {
    draftSlot.write(tabDraft.initial);
  } catch {
    // Storage full: the text is still in the editor, and saving is retried on the next edit.
  }
}
const isTest = isTestApiRequested();
const workerTimeoutMs = testWorkerTimeoutMs();
const client = createSimulationClient(createWorkerTransport, {
  allowDebugFaults: isTest,
  ...(workerTimeoutMs === undefined ? {} : { timeoutMs: workerTimeoutMs }),
});
const store = createAppStore({
  client,
  initialView: persisted.view,
  initialDraft: tabDraft.initial ?? '',
});
persistStore(store, storage, draftSlot);
if (isTest) installTestApi(store, client);
void openInitialScenario(store, window.location, tabDraft.initial, storage);

const embedView = embedViewOf(window.location.search);
const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <AppStoreProvider store={store}>
      {embedView === null ? <App /> : <EmbedApp view={embedView} />}
    </AppStoreProvider>
  </StrictMode>,
);
