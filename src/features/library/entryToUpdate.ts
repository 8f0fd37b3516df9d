/**
 * Which "My scenarios" entry saving the editor buffer updates (issue 18, docs/decisions/0130). Only the
 * entry the buffer is an edit of (`draftEntry`: opened from it or saved as it), and only while
 * - the buffer is still that scenario, by its `name:`: a different document pasted over the text (a
 *   Kubernetes YAML has no top-level name) or a rename adds an entry;
 * - the entry still has the text the buffer took from it: another tab that saved it meanwhile keeps its
 *   save, and this one adds an entry.
 * A file, a template or a conversion put in the editor is its own entry or none (see `replaceDraft`).
 * So a scenario once saved is never replaced by another one.
 */
import type { DraftEntry } from '../../store/AppState';
import type { SavedScenario } from './myScenarios';
import { scenarioNameOf } from './myScenarios';

export function entryToUpdate(
  draftEntry: DraftEntry | null,
  draft: string,
  saved: readonly SavedScenario[],
): string | undefined {
  if (draftEntry === null) return undefined;
  // A deleted entry (here or in another tab) is not brought back under its old id: the save is new.
  const entry = saved.find((s) => s.id === draftEntry.id);
  if (entry === undefined || entry.text !== draftEntry.text) return undefined;
  return scenarioNameOf(entry.text) === scenarioNameOf(draft) ? entry.id : undefined;
}
