/**
 * "My scenarios": every scenario a person applies in the editor, opens from a link or a file, converts
 * from Kubernetes YAML, or had in the editor when they picked another one, each in its own entry under
 * its name, kept in localStorage until they delete it. One JSON list under one key, so that another tab sees every change through a `storage` event.
 * A full storage is reported in words, never silently dropped.
 */
import type { KeyValueStorage } from '../../store/persistence';

export const MY_SCENARIOS_KEY = 'preemption-lab.my-scenarios.v1';

/**
 * The longest text kept in "My scenarios" (decision 0277): browsers give a site about 5 million characters of
 * localStorage and the editor's buffer holds the same text too, so a longer one cannot be kept; it is refused
 * in words before the list is serialised (a 13 MB scenario spent 0.36 s of one main-thread task failing).
 */
export const MY_SCENARIO_MAX_CHARS = 2_500_000;

/** `import`: converted from Kubernetes YAML in the editor (an older build reads it as `written`). */
/** `what-if`: a suggestion's "Try it" kept (issue 19). */
export type SavedOrigin = 'written' | 'link' | 'file' | 'draft' | 'import' | 'what-if';

export interface SavedScenario {
  id: string;
  name: string;
  text: string;
  origin: SavedOrigin;
  /** Epoch milliseconds of the last save. */
  savedAt: number;
}

export type SaveResult = { ok: true; entry: SavedScenario } | { ok: false; error: string };

const isOrigin = (v: unknown): v is SavedOrigin =>
  v === 'written' || v === 'link' || v === 'file' || v === 'draft' || v === 'import' || v === 'what-if';

/** The saved list, newest first; a corrupt entry is skipped, never fatal. */
export function listMyScenarios(storage: KeyValueStorage | null): SavedScenario[] {
  if (storage === null) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(MY_SCENARIOS_KEY) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: SavedScenario[] = [];
  for (const item of raw as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const r = item as Record<string, unknown>;
    if (typeof r.id !== 'string' || typeof r.name !== 'string' || typeof r.text !== 'string') continue;
    out.push({
      id: r.id,
      name: r.name,
      text: r.text,
      origin: isOrigin(r.origin) ? r.origin : 'written',
      savedAt: typeof r.savedAt === 'number' ? r.savedAt : 0,
    });
  }
  return out.sort((a, b) => b.savedAt - a.savedAt || a.name.localeCompare(b.name));
}

/**
 * The scenario's top-level name, else `fallback`: the `name:` line of YAML, or the top-level `"name"` of a
 * JSON scenario (the format accepts both; every applied JSON scenario was "Untitled scenario" before). Read
 * without a parser, in one pass: the gallery stays light and a multi-MB text costs no parse on the main thread.
 */
export function scenarioNameOf(text: string, fallback = 'Untitled scenario'): string {
  const match = /^name:[ \t]*(.+?)[ \t]*$/m.exec(text);
  const value = match === null ? jsonTopLevelName(text) : (match[1] ?? '').replace(/^(['"])(.*)\1$/, '$2');
  const name = value?.trim() ?? '';
  return name === '' ? fallback : name.slice(0, 120);
}

/** The string value of the top-level object's `"name"` key, or null (not JSON, no such key, not a string). */
function jsonTopLevelName(text: string): string | null {
  if (!text.trimStart().startsWith('{')) return null;
  let depth = 0;
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (depth === 1 && expectKey) {
        expectKey = false;
        if (text.slice(i, end + 1) === '"name"') {
          const value = /^\s*:\s*("(?:[^"\\]|\\.)*")/.exec(text.slice(end + 1, end + 1 + 4096))?.[1];
          if (value === undefined) return null;
          try {
            return JSON.parse(value) as string;
          } catch {
            return null;
          }
        }
      }
      i = end;
    } else if (c === '{' || c === '[') {
      depth++;
      if (depth === 1) expectKey = true;
    } else if (c === '}' || c === ']') {
      depth--;
    } else if (c === ',' && depth === 1) {
      expectKey = true;
    }
  }
  return null;
}

function write(storage: KeyValueStorage, list: readonly SavedScenario[]): string | null {
  try {
    storage.setItem(MY_SCENARIOS_KEY, JSON.stringify(list));
    return null;
  } catch {
    const kb = Math.round(list.reduce((n, s) => n + s.text.length, 0) / 1024);
    return `The browser's storage for this site is full (${list.length} scenarios, about ${kb} KB): nothing was saved. Delete scenarios you no longer need, or use Download YAML to keep this one as a file.`;
  }
}

/**
 * Saves `entry` (replacing the one with the same id, or the one with the same text so that applying
 * twice keeps one copy). Returns the stored entry or why it could not be stored.
 */
export function saveMyScenario(
  storage: KeyValueStorage | null,
  entry: { id?: string | undefined; name: string; text: string; origin: SavedOrigin },
  now: number,
  makeId: () => string,
): SaveResult {
  if (storage === null) {
    return {
      ok: false,
      error: 'This browser blocks storage for this site: use Download YAML to keep the scenario.',
    };
  }
  if (entry.text.length > MY_SCENARIO_MAX_CHARS) {
    const mb = (entry.text.length / 1e6).toFixed(1);
    return {
      ok: false,
      error: `This scenario (${mb} MB) is too large to keep in My scenarios (at most ${MY_SCENARIO_MAX_CHARS / 1e6} MB, the browser's storage for this site is about 5 MB): use Download YAML to keep it as a file.`,
    };
  }
  const list = listMyScenarios(storage);
  const same = list.find((s) => (entry.id !== undefined && s.id === entry.id) || s.text === entry.text);
  const saved: SavedScenario = {
    id: same?.id ?? entry.id ?? makeId(),
    name: entry.name,
    text: entry.text,
    origin: same?.origin ?? entry.origin,
    savedAt: now,
  };
  const error = write(storage, [saved, ...list.filter((s) => s.id !== saved.id)]);
  return error === null ? { ok: true, entry: saved } : { ok: false, error };
}

export function deleteMyScenario(storage: KeyValueStorage | null, id: string): string | null {
  if (storage === null) return null;
  return write(
    storage,
    listMyScenarios(storage).filter((s) => s.id !== id),
  );
}

export function findMyScenario(storage: KeyValueStorage | null, id: string): SavedScenario | null {
  return listMyScenarios(storage).find((s) => s.id === id) ?? null;
}
