/**
 * "Why?", the dry run and "Try it" (issue 19, decisions 0165 and 0166). Answers come from the worker and go
 * back to the view that asked (they are the engine's, for one session; nothing derivable is stored). A
 * suggestion opens as a what-if preview of the current scenario, which "Back" reloads where it was left.
 */
import { loadTimeoutMs } from '../client/SimulationClient';
import type { AppActions, AppState, BaseSource, WhatIfBase } from './AppState';
import type { StoreContext } from './StoreContext';

/**
 * How long an explanation may take before the worker counts as hung: it re-runs the scenario once per
 * candidate change (a handful, bounded by the engine), so it gets a minute plus what a load of the same text
 * gets, instead of the 15 s a single answer gets.
 */
export const EXPLAIN_TIMEOUT_MS = 60_000;

/** The session whose data is on screen (the cursor may be ahead while its snapshot is on its way). */
export const selectShownSession = (state: AppState): number => state.run.snapshot?.index ?? state.run.cursor;

export const selectWhatIf = (state: AppState) =>
  state.scenario.source?.kind === 'what-if' ? state.scenario.source : null;

/** The scenario a what-if preview would go back to: the current one, or the one the current preview came from. */
function baseOf(state: AppState): WhatIfBase | null {
  const { source } = state.scenario;
  if (source === null) return null;
  if (source.kind === 'what-if') return source.base;
  const base: BaseSource = source;
  return {
    name: state.scenario.summary?.name ?? 'your scenario',
    text: state.scenario.loadedText,
    source: base,
    fileName: state.scenario.fileName,
    cursor: state.run.cursor,
    selection: state.selection.current,
  };
}

export function createExplainActions({
  set,
  get,
  client,
}: StoreContext): Pick<AppActions, 'explainJob' | 'dryRun' | 'tryChange' | 'leaveWhatIf'> {
  const requireRun = (): number => {
    const { runId } = get().run;
    if (runId === null) throw new Error('No scenario is loaded.');
    return runId;
  };
  const timeout = () => ({ timeoutMs: loadTimeoutMs(EXPLAIN_TIMEOUT_MS, get().scenario.loadedText.length) });

  return {
    async explainJob(job, session) {
      return client.explainJob(requireRun(), job, session, timeout());
    },
    async dryRun(jobText, session) {
      return client.dryRun(requireRun(), jobText, session, timeout());
    },
    async tryChange(job, suggestion) {
      const state = get();
      const base = baseOf(state);
      if (base === null) throw new Error('No scenario is loaded.');
      if (suggestion.change.kind === 'wait-until') {
        // Nothing changes in the scenario: the run already holds the session where the job starts.
        state.actions.select({ kind: 'job', name: job });
        state.actions.setCursor(suggestion.startsAtSession);
        return;
      }
      const { text } = await client.changedScenario(requireRun(), suggestion.change);
      await get().actions.loadScenario(text, {
        source: { kind: 'what-if', change: suggestion.text, job, session: suggestion.startsAtSession, base },
        fileName: null,
        cursor: suggestion.startsAtSession,
        selection: { kind: 'job', name: job },
      });
    },
    async leaveWhatIf() {
      const source = get().scenario.source;
      if (source?.kind !== 'what-if') return;
      set((state) => ({ view: { ...state.view, notice: null } }));
      const { base } = source;
      await get().actions.loadScenario(base.text, {
        source: base.source,
        fileName: base.fileName,
        cursor: base.cursor,
        selection: base.selection,
      });
    },
  };
}
