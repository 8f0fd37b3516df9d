/**
 * Which "My scenarios" entry saving the editor buffer updates (issue 18, docs/decisions/0130). Only the
 * entry the buffer is an edit of (`draftSavedId`: opened from it or saved as it), and only while the buffer
 * is still that scenario, by its `name:`. Anything else adds an entry: a file, a template or a conversion
 * put in the editor (their `draftSavedId` is their own entry or null), and a different document pasted
 * over the text or a rename (the name differs). So a scenario once saved is never replaced by another.
 */
import type { SavedScenario } from './myScenarios';
import { scenarioNameOf } from './myScenarios';

export function entryToUpdate(
  draftSavedId: string | null,
  draft: string,
  saved: readonly SavedScenario[],
): string | undefined {
  if (draftSavedId === null) return undefined;
  // A deleted entry (here or in another tab) is not brought back under its old id: the save is new.
  const entry = saved.find((s) => s.id === draftSavedId);
  if (entry === undefined) return undefined;
  return scenarioNameOf(entry.text) === scenarioNameOf(draft) ? entry.id : undefined;
}
