/**
 * The editor's "Expand workload" (issue 20, decision 0195): the worker writes the text's seeded
 * `workload:` out as plain `jobs` (the engine's expandWorkloadText), and the result replaces the buffer
 * as one change, which the editor's history undoes in one step. A text edited while the worker answered
 * is left alone. Enabled only when the text has a top-level `workload:`.
 */
import { useState } from 'react';
import { plural } from '../../common/plural';
import type { IssueDto } from '../../protocol/messages';
import type { AppStore } from '../../store/createAppStore';

/** A top-level `workload:` key (the generator list of docs/scenario-format.md §19), in YAML or JSON. */
export function hasWorkload(text: string): boolean {
  return /^workload[ \t]*:/m.test(text) || /"workload"\s*:/.test(text);
}

export type ExpandOutcome =
  | { kind: 'expanded'; message: string }
  | { kind: 'invalid'; issues: IssueDto[] }
  | { kind: 'failed'; message: string };

export function useExpandWorkload(store: AppStore) {
  const [outcome, setOutcome] = useState<ExpandOutcome | null>(null);
  const [isBusy, setBusy] = useState(false);
  const expand = async () => {
    const text = store.getState().scenario.draft;
    setBusy(true);
    try {
      const result = await store.getState().actions.expandWorkload(text);
      if (store.getState().scenario.draft !== text) return;
      if (result.ok) {
        store.getState().actions.setDraft(result.text);
        setOutcome({
          kind: 'expanded',
          message: `${plural(result.generatedJobs, 'generated job')} written as jobs. Undo (Ctrl+Z) brings the workload back.`,
        });
      } else {
        setOutcome({ kind: 'invalid', issues: result.errors });
      }
    } catch (e) {
      setOutcome({
        kind: 'failed',
        message: `The workload could not be expanded: ${e instanceof Error ? e.message : String(e)}`,
      });
    } finally {
      setBusy(false);
    }
  };
  return { outcome, isBusy, expand, dismiss: () => setOutcome(null) };
}
