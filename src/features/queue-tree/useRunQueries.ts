/**
 * Questions the tree asks the worker about the loaded run (through the store's generic `query`, KAI's `minruntime` kind): the
 * minruntime plugin's defaults and configured method, and what-if resolutions. Answers live in component
 * state, never in the store (they are derivable from the scenario).
 */
import { useEffect, useState } from 'react';
import type { MinRuntimeResolution } from '../../engine/model/trace';
import type { RunQuery } from '../../protocol/queries';
import type { AppActions, AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { SYNTHETIC_ROOT, type MinRuntimeDefaults } from '../../viz/layouts/layoutQueueTree';

const selectRunId = (s: AppState) => s.run.runId;

type MinRuntimeQuery = Extract<RunQuery, { profile: 'kai'; kind: 'minruntime' }>;

/** KAI's min-runtime resolution at the session shown, through the generic worker query. */
function minRuntimeQuery(actions: AppActions, params: MinRuntimeQuery['params']) {
  return actions.query<MinRuntimeQuery>({ profile: 'kai', kind: 'minruntime', params });
}
/** Answers depend on the session shown: an updateQueue/updateConfig event may change them. */
const selectCursor = (s: AppState) => s.run.cursor;

export interface MinRuntimeSettings {
  defaults: MinRuntimeDefaults;
  /** The configured `reclaimResolveMethod`. */
  method: 'lca' | 'queue';
}

/**
 * The plugin defaults and method of the loaded run. The engine resolves a queue that is not in the tree to
 * the plugin's defaults (as upstream does for a nil queue), so asking about the tree's synthetic root,
 * which can never be a queue name, reads them without a protocol message of their own.
 */
export function useMinRuntimeSettings(isKai: boolean): MinRuntimeSettings | null {
  const runId = useAppStore(selectRunId);
  const cursor = useAppStore(selectCursor);
  const actions = useAppStore(selectActions);
  const [answer, setAnswer] = useState<{
    runId: number;
    key: string;
    settings: MinRuntimeSettings;
  } | null>(null);
  // Min-runtime is KAI's: another profile's run has no such question to ask.
  const key = runId === null || !isKai ? null : `${runId}|${cursor}`;
  useEffect(() => {
    if (key === null || runId === null) return undefined;
    let isCurrent = true;
    minRuntimeQuery(actions, { victimQueue: SYNTHETIC_ROOT, preemptorQueue: SYNTHETIC_ROOT }).then(
      (r) => {
        if (!isCurrent) return;
        setAnswer({
          runId,
          key,
          settings: {
            defaults: { preemptMs: r.preempt.durationMs, reclaimMs: r.reclaim.durationMs },
            method: r.reclaim.method ?? 'lca',
          },
        });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [key, runId, actions]);
  // While the answer for a newly shown session is on its way, the previous session's stays (no flicker
  // during playback); another run's is never shown.
  return answer !== null && answer.runId === runId ? answer.settings : null;
}

export type WhatIfState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ok'; resolution: MinRuntimeResolution }
  | { status: 'error'; message: string };

/** The engine's reclaim resolution for `query` under the loaded run (idle when `query` is null). */
export function useWhatIf(
  query: { victimQueue: string; preemptorQueue: string; method: 'lca' | 'queue' } | null,
): WhatIfState {
  const runId = useAppStore(selectRunId);
  const cursor = useAppStore(selectCursor);
  const actions = useAppStore(selectActions);
  const victimQueue = query?.victimQueue ?? null;
  const preemptorQueue = query?.preemptorQueue ?? null;
  const method = query?.method ?? null;
  const key =
    runId === null || victimQueue === null || preemptorQueue === null || method === null
      ? null
      : `${runId}|${cursor}|${victimQueue}|${preemptorQueue}|${method}`;
  const [answer, setAnswer] = useState<{ key: string; state: WhatIfState } | null>(null);
  useEffect(() => {
    if (key === null || victimQueue === null || preemptorQueue === null || method === null) return undefined;
    let isCurrent = true;
    minRuntimeQuery(actions, { victimQueue, preemptorQueue, method }).then(
      (r) => {
        if (isCurrent) setAnswer({ key, state: { status: 'ok', resolution: r.reclaim } });
      },
      (error: unknown) => {
        if (isCurrent) {
          const message = error instanceof Error ? error.message : String(error);
          setAnswer({ key, state: { status: 'error', message } });
        }
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [key, victimQueue, preemptorQueue, method, actions]);
  if (key === null) return { status: 'idle' };
  return answer !== null && answer.key === key ? answer.state : { status: 'loading' };
}
