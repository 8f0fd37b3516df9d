import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ProfileCompareState, ProfileCompareStore } from './createProfileCompareStore';

const Context = createContext<ProfileCompareStore | null>(null);

export function ProfileCompareStoreProvider({
  store,
  children,
}: {
  store: ProfileCompareStore;
  children: ReactNode;
}) {
  return <Context.Provider value={store}>{children}</Context.Provider>;
}

/** Subscribes to one selected value of the Compare store. */
export function useProfileCompareStore<T>(selector: (state: ProfileCompareState) => T): T {
  const store = useContext(Context);
  if (store === null)
    throw new Error('useProfileCompareStore must be used inside <ProfileCompareStoreProvider>.');
  return useStore(store, selector);
}
