/**
 * One editor-buffer slot per browser tab, so that two tabs never overwrite each other's unapplied text.
 * The tab's id lives in sessionStorage (it survives a reload of that tab, and each new tab gets its own);
 * the text lives in localStorage under `preemption-lab.draft.<id>` (it survives closing the tab). A new
 * tab starts from a copy of the most recently edited slot, so opening the app again shows your last
 * text, and old slots beyond {@link MAX_SLOTS} are removed oldest first.
 */
import type { KeyValueStorage } from './persistence';

const TAB_ID_KEY = 'preemption-lab.tab-id';
const SLOT_PREFIX = 'preemption-lab.draft.';
const INDEX_KEY = 'preemption-lab.draft-index';
export const MAX_SLOTS = 12;

export interface RemovableStorage extends KeyValueStorage {
  removeItem(key: string): void;
}

export interface TabDraft {
  /** localStorage key of this tab's slot. */
  key: string;
  /** The slot's text at startup (this tab's own, else a copy of the latest slot), or null. */
  initial: string | null;
}

function readIndex(local: KeyValueStorage): string[] {
  try {
    const raw: unknown = JSON.parse(local.getItem(INDEX_KEY) ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((k): k is string => typeof k === 'string' && k.startsWith(SLOT_PREFIX))
      : [];
  } catch {
    return [];
  }
}

/** Finds (or makes) this tab's slot. `fallback` is an older single-slot draft to start from. */
export function openTabDraft(
  local: RemovableStorage | null,
  session: KeyValueStorage | null,
  makeId: () => string,
  fallback: string | null,
): TabDraft {
  let id: string | null;
  try {
    id = session?.getItem(TAB_ID_KEY) ?? null;
  } catch {
    id = null;
  }
  if (id === null || !/^[\w-]{1,64}$/.test(id)) {
    id = makeId();
    try {
      session?.setItem(TAB_ID_KEY, id);
    } catch {
      // No session storage: this tab simply gets a fresh slot on each load.
    }
  }
  const key = `${SLOT_PREFIX}${id}`;
  if (local === null) return { key, initial: fallback };
  try {
    const own = local.getItem(key);
    if (own !== null) return { key, initial: own };
    const latest = readIndex(local)[0];
    return { key, initial: (latest === undefined ? null : local.getItem(latest)) ?? fallback };
  } catch {
    return { key, initial: fallback };
  }
}

/** Writes this tab's slot, moves it to the front of the index and drops the oldest slots. */
export function writeTabDraft(local: RemovableStorage, key: string, text: string): void {
  local.setItem(key, text);
  const index = [key, ...readIndex(local).filter((k) => k !== key)];
  for (const old of index.slice(MAX_SLOTS)) local.removeItem(old);
  local.setItem(INDEX_KEY, JSON.stringify(index.slice(0, MAX_SLOTS)));
}
