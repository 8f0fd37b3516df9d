/**
 * Questions the tree asks the worker about the loaded run, through the profile UI module's `minRuntime` ask
 * (the store's generic `query`; KAI's `minruntime` kind): the configured reclaim resolve method, and
 * what-if resolutions. A profile without min-runtime has no ask, and nothing is asked. Answers live in
 * component state, never in the store (they are derivable from the scenario).
 */
import { useEffect, useState } from 'react';
import type { MinRuntimeResolution } from '../../engine/model/trace';
import type { AppState } from '../../store/AppState';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectActions } from '../../store/createAppStore';
import { SYNTHETIC_ROOT } from '../../viz/layouts/layoutQueueTree';
import type { MinRuntimeAsk } from '../profiles/ProfileUiModule';

const selectRunId = (s: AppState) => s.run.runId;

/** The session whose data is on screen: answers are kept per session, so a step never shows another's. */
const selectShownSession = (s: AppState) => s.run.snapshot?.index ?? null;

export interface MinRuntimeSettings {
  /** The configured `reclaimResolveMethod`. */
  method: 'lca' | 'queue';
}

/**
 * The configured reclaim method of the loaded run. The engine resolves a queue that is not in the tree with
 * the plugin's defaults and method (as upstream does for a nil queue), so asking about the tree's synthetic
 * root, which can never be a queue name, reads it without a protocol message of its own.
 */
export function useMinRuntimeSettings(ask: MinRuntimeAsk | null): MinRuntimeSettings | null {
  const runId = useAppStore(selectRunId);
  const session = useAppStore(selectShownSession);
  const actions = useAppStore(selectActions);
  const [answer, setAnswer] = useState<{
    runId: number;
    key: string;
    settings: MinRuntimeSettings;
  } | null>(null);
  // A profile without min-runtime has no such question to ask.
  const key = runId === null || session === null || ask === null ? null : `${runId}|${session}`;
  useEffect(() => {
    if (key === null || runId === null || ask === null) return undefined;
    let isCurrent = true;
    ask(actions, { victimQueue: SYNTHETIC_ROOT, preemptorQueue: SYNTHETIC_ROOT }).then(
      (r) => {
        if (!isCurrent) return;
        setAnswer({ runId, key, settings: { method: r.reclaim.method ?? 'lca' } });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [key, runId, actions, ask]);
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
  ask: MinRuntimeAsk | null,
): WhatIfState {
  const runId = useAppStore(selectRunId);
  const session = useAppStore(selectShownSession);
  const actions = useAppStore(selectActions);
  const victimQueue = query?.victimQueue ?? null;
  const preemptorQueue = query?.preemptorQueue ?? null;
  const method = query?.method ?? null;
  const key =
    runId === null ||
    session === null ||
    victimQueue === null ||
    preemptorQueue === null ||
    method === null ||
    ask === null
      ? null
      : `${runId}|${session}|${victimQueue}|${preemptorQueue}|${method}`;
  const [answer, setAnswer] = useState<{ key: string; state: WhatIfState } | null>(null);
  useEffect(() => {
    if (key === null || victimQueue === null || preemptorQueue === null || method === null || ask === null)
      return undefined;
    let isCurrent = true;
    ask(actions, { victimQueue, preemptorQueue, method }).then(
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
  }, [key, victimQueue, preemptorQueue, method, actions, ask]);
  if (key === null) return { status: 'idle' };
  return answer !== null && answer.key === key ? answer.state : { status: 'loading' };
}
