/** Explain every job and dry-run a new one (docs/scenario-format.md §18): the module's public surface. */
export { explainJob } from './explainJob';
export { applyScenarioChange, scenarioChangeError, ScenarioChangeError } from './applyScenarioChange';
export { dryRun, MAX_DRY_RUN_SESSIONS, MAX_DRY_RUN_TEXT, MAX_DRY_RUN_WORK } from './dryRun';
export {
  MAX_CANDIDATES,
  MAX_LOOKAHEAD_SESSIONS,
  MAX_RERUN_SESSIONS,
  MAX_RERUN_WORK,
  MAX_SUGGESTIONS,
} from './types';
export type {
  ChangeSuggestion,
  DryRunEviction,
  DryRunOutcome,
  DryRunResult,
  EvictionStory,
  ExplainResult,
  JobExplanation,
  JobExplanationState,
  MinRuntimeApplied,
  ScenarioChange,
} from './types';
