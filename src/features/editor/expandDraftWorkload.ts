/**
 * "Expand workload": the editor's scenario with its seeded workload (format §19) written out as plain `jobs`
 * (engine `expandWorkloadText`), so the generated jobs can be read and edited one by one. The text is
 * written anew by the serialiser, so comments are not kept; text with problems is refused with a sentence.
 */
import { expandWorkloadText } from '../../engine/scenario/workload/index';
import { firstProblem } from './firstProblem';

export type WorkloadExpansion = { ok: true; text: string; message: string } | { ok: false; error: string };

/** Whether the draft has a top-level `workload` (YAML or JSON): then the editor offers to expand it. */
export function draftHasWorkload(draft: string): boolean {
  return /^workload[ \t]*:/m.test(draft) || /"workload"\s*:/.test(draft);
}

export function expandDraftWorkload(draft: string): WorkloadExpansion {
  const result = expandWorkloadText(draft);
  if (!result.ok)
    return {
      ok: false,
      error: `Nothing was expanded: the scenario has problems. ${firstProblem(result.errors)}`,
    };
  const n = result.generatedJobs;
  return {
    ok: true,
    text: result.text,
    message: `The workload is now ${n} plain job${n === 1 ? '' : 's'} in jobs (seed and workload removed). Apply to run them, or Revert.`,
  };
}
