/** TEMPORARY: contract B's types until branch `explain` is merged (then imported from the engine). */
export type ScenarioChange =
  | {
      kind: 'set-queue-resource';
      queue: string;
      resource: 'gpu' | 'cpu' | 'memory';
      field: 'quota' | 'limit';
      value: number;
    }
  | { kind: 'add-node'; node: { name: string; resources: { gpu?: number; cpu?: number; memory?: number } } }
  | { kind: 'delete-job'; job: string }
  | {
      kind: 'set-min-runtime';
      queue: string;
      field: 'preemptMinRuntime' | 'reclaimMinRuntime';
      value: string;
    }
  | { kind: 'wait-until'; time: number };
export interface ChangeSuggestion {
  change: ScenarioChange;
  text: string;
  startsAtSession: number;
  startsAtTime: number;
}
export interface JobExplanation {
  job: string;
  queue: string;
  session: number;
  time: number;
  state: 'pending' | 'pipelined' | 'running' | 'evicted' | 'completed' | 'not-submitted';
  headline: string;
  blocker: { code: string; message: string } | null;
  eviction: null | {
    session: number;
    time: number;
    action: string;
    by: string | null;
    byQueue: string | null;
    reason: string;
    minRuntime: null | {
      applied: number;
      source: string;
      method?: 'lca' | 'queue';
      lca?: string | null;
      path?: string[];
    };
    wouldHaveProtected: string | null;
  };
  suggestions: ChangeSuggestion[];
}
export interface DryRunResult {
  job: string;
  starts: boolean;
  session: number | null;
  time: number | null;
  evicts: { task: string; job: string; queue: string; action: string }[];
  reason: string | null;
  horizon: { sessions: number; time: number };
}
