/**
 * A short animation clock (d3-timer) as a hook: `start(ms)` calls `onFrame(t)` once per animation frame
 * with t rising from 0 to 1, then `onEnd()`. Restarting cancels the running one; unmount stops it.
 */
import { timer, type Timer } from 'd3';
import { useCallback, useEffect, useMemo, useRef } from 'react';

/** Controls returned by {@link useTransitionTimer}. */
export interface TransitionTimer {
  start: (durationMs: number) => void;
  stop: () => void;
}

/** Drives `onFrame` for the duration given to `start`. The callbacks may change between renders. */
export function useTransitionTimer(onFrame: (t: number) => void, onEnd: () => void): TransitionTimer {
  const frameRef = useRef(onFrame);
  const endRef = useRef(onEnd);
  const timerRef = useRef<Timer | null>(null);

  useEffect(() => {
    frameRef.current = onFrame;
    endRef.current = onEnd;
  });

  const stop = useCallback(() => {
    timerRef.current?.stop();
    timerRef.current = null;
  }, []);

  const start = useCallback(
    (durationMs: number) => {
      stop();
      frameRef.current(0);
      timerRef.current = timer((elapsed) => {
        const t = Math.min(1, elapsed / Math.max(1, durationMs));
        if (t >= 1) {
          stop();
          endRef.current();
        } else {
          frameRef.current(t);
        }
      });
    },
    [stop],
  );

  useEffect(() => stop, [stop]);

  // One object for the hook's lifetime, so callers can list it as an effect dependency.
  return useMemo(() => ({ start, stop }), [start, stop]);
}
