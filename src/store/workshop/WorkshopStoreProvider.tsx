import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { WorkshopState, WorkshopStore } from './createWorkshopStore';

const Context = createContext<WorkshopStore | null>(null);

export function WorkshopStoreProvider({ store, children }: { store: WorkshopStore; children: ReactNode }) {
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

/** Subscribes to one selected value of the Workshop store. */
export function useWorkshopStore<T>(selector: (state: WorkshopState) => T): T {
  const store = useContext(Context);
  if (store === null) throw new Error('useWorkshopStore must be used inside <WorkshopStoreProvider>.');
  return useStore(store, selector);
}
