/**
 * The "My scenarios" list as React state, kept current across tabs: the browser fires a `storage` event
 * in every other tab when one tab writes the list, and this tab's own saves notify through `changed()`.
 */
import { useSyncExternalStore } from 'react';
import type { KeyValueStorage } from '../../store/persistence';
import {
  deleteMyScenario,
  listMyScenarios,
  MY_SCENARIOS_KEY,
  saveMyScenario,
  type SavedOrigin,
  type SavedScenario,
  type SaveResult,
} from './myScenarios';

export function browserLocalStorage(): KeyValueStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

let cachedRaw: string | null | undefined;
let cachedList: SavedScenario[] = [];

function snapshot(): SavedScenario[] {
  const storage = browserLocalStorage();
  let raw: string | null;
  try {
    raw = storage?.getItem(MY_SCENARIOS_KEY) ?? null;
  } catch {
    raw = null;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedList = listMyScenarios(storage);
  }
  return cachedList;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === MY_SCENARIOS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useMyScenarios(): SavedScenario[] {
  return useSyncExternalStore(subscribe, snapshot, () => cachedList);
}

let counter = 0;
const makeId = () =>
  `${Date.now().toString(36)}-${(counter++).toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** Saves into "My scenarios" and tells every open list. */
export function keepScenario(entry: {
  id?: string | undefined;
  name: string;
  text: string;
  origin: SavedOrigin;
}): SaveResult {
  const result = saveMyScenario(browserLocalStorage(), entry, Date.now(), makeId);
  changed();
  return result;
}

export function forgetScenario(id: string): string | null {
  const error = deleteMyScenario(browserLocalStorage(), id);
  changed();
  return error;
}
