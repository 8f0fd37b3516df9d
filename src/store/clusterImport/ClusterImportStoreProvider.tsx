import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ClusterImportState, ClusterImportStore } from './createClusterImportStore';

const Context = createContext<ClusterImportStore | null>(null);

export function ClusterImportStoreProvider({
  store,
  children,
}: {
  store: ClusterImportStore;
  children: ReactNode;
}) {
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

/** Subscribes to one selected value of the cluster import store. */
export function useClusterImportStore<T>(selector: (state: ClusterImportState) => T): T {
  const store = useContext(Context);
  if (store === null)
    throw new Error('useClusterImportStore must be used inside <ClusterImportStoreProvider>.');
  return useStore(store, selector);
}

/** The store itself, for event handlers that act without subscribing. */
export function useClusterImportApi(): ClusterImportStore {
  const store = useContext(Context);
  if (store === null)
    throw new Error('useClusterImportApi must be used inside <ClusterImportStoreProvider>.');
  return store;
}
