/**
 * Collects items and hands them over at most once per frame, so that a burst of worker messages costs one
 * store update (and one React render) instead of one per message.
 */
export type ScheduleFrame = (callback: () => void) => void;

export interface FrameBatcher<T> {
  push(item: T): void;
  /** Delivers whatever is queued now (tests, and before a state reset). */
  flush(): void;
  clear(): void;
}

export function createFrameBatcher<T>(
  schedule: ScheduleFrame,
  deliver: (items: T[]) => void,
): FrameBatcher<T> {
  let queue: T[] = [];
  let isScheduled = false;
  const flush = (): void => {
    isScheduled = false;
    if (queue.length === 0) return;
    const items = queue;
    queue = [];
    deliver(items);
  };
  return {
    push(item) {
      queue.push(item);
      if (!isScheduled) {
        isScheduled = true;
        schedule(flush);
      }
    },
    flush,
    clear() {
      queue = [];
    },
  };
}

/** requestAnimationFrame where there is one; a macrotask elsewhere (tests, background tabs still use rAF). */
export const scheduleAnimationFrame: ScheduleFrame = (callback) => {
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => callback());
  else setTimeout(callback, 0);
};
