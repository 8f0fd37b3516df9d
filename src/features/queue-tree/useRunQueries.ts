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
/** The session whose data is on screen: answers are kept per session, so a step never shows another's. */
const selectShownSession = (s: AppState) => s.run.snapshot?.index ?? null;

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
  const session = useAppStore(selectShownSession);
  const actions = useAppStore(selectActions);
  const [answer, setAnswer] = useState<{
    runId: number;
    key: string;
    settings: MinRuntimeSettings;
  } | null>(null);
  // Min-runtime is KAI's: another profile's run has no such question to ask.
  const key = runId === null || session === null || !isKai ? null : `${runId}|${session}`;
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
  // Only the answer for the session on screen is shown (an updateConfig event can change it).
  // during playback); another run's is never shown.
  return answer !== null && answer.key === key ? answer.settings : null;
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
  const session = useAppStore(selectShownSession);
  const actions = useAppStore(selectActions);
  const victimQueue = query?.victimQueue ?? null;
  const preemptorQueue = query?.preemptorQueue ?? null;
  const method = query?.method ?? null;
  const key =
    runId === null || session === null || victimQueue === null || preemptorQueue === null || method === null
      ? null
      : `${runId}|${session}|${victimQueue}|${preemptorQueue}|${method}`;
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
