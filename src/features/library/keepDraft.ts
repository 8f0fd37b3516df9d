/**
 * Before something replaces the editor buffer (a gallery pick, "Keep a copy" of a shared scenario, a
 * scenario from "My scenarios", an opened file, a template, a conversion), the buffer is kept in "My scenarios" unless it is empty, a built-in
 * scenario's own text, or already saved: picking never costs the user what they wrote.
 */
import { BUILTIN_SCENARIOS } from '../../scenarios/builtinScenarios';
import type { AppState } from '../../store/AppState';
import { entryToUpdate } from './entryToUpdate';
import type { SavedScenario } from './myScenarios';
import { scenarioNameOf } from './myScenarios';
import { keepScenario } from './useMyScenarios';

export interface KeepOutcome {
  /** Name it was kept under, null when there was nothing to keep. */
  keptAs: string | null;
  error: string | null;
}

export function isOwnText(text: string, saved: readonly SavedScenario[]): boolean {
  return (
    text.trim() !== '' &&
    !BUILTIN_SCENARIOS.some((s) => s.text === text) &&
    !saved.some((s) => s.text === text)
  );
}

/** Keeps the buffer (see above) under `name`, by default its own `name:`. */
export function keepOwnDraft(
  state: AppState,
  saved: readonly SavedScenario[],
  name = scenarioNameOf(state.scenario.draft),
): KeepOutcome {
  const draft = state.scenario.draft;
  if (!isOwnText(draft, saved)) return { keptAs: null, error: null };
  // The buffer of a kept scenario updates that entry while it is still that scenario; else a new entry.
  const id = entryToUpdate(state.scenario.draftEntry, draft, saved);
  const result = keepScenario({ id, name, text: draft, origin: 'draft' });
  return result.ok ? { keptAs: result.entry.name, error: null } : { keptAs: null, error: result.error };
}
