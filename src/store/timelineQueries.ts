/**
 * Pure look-ups over timeline markers (session i is `markers[i - 1]`). Kept out of the store state
 * because they are derivable; used by actions ("next eviction") and by the timeline view.
 */
import type { SessionMarker } from '../engine/api';

export type MarkerPredicate = (marker: SessionMarker) => boolean;

export const hasEviction: MarkerPredicate = (m) => m.evictions > 0;
export const hasPipeline: MarkerPredicate = (m) => m.pipelines > 0;
export const hasProtectionChange: MarkerPredicate = (m) => m.protectionChanges > 0;

/** The first session after `from` matching `predicate`, or null. */
export function findNextSession(
  markers: readonly SessionMarker[],
  from: number,
  predicate: MarkerPredicate,
): number | null {
  for (let i = Math.max(0, from); i < markers.length; i++) {
    const marker = markers[i];
    if (marker !== undefined && predicate(marker)) return i + 1;
  }
  return null;
}

/** The last session before `from` matching `predicate`, or null. */
export function findPreviousSession(
  markers: readonly SessionMarker[],
  from: number,
  predicate: MarkerPredicate,
): number | null {
  for (let i = Math.min(markers.length, from - 1) - 1; i >= 0; i--) {
    const marker = markers[i];
    if (marker !== undefined && predicate(marker)) return i + 1;
  }
  return null;
}

export function clampSession(index: number, sessionCount: number): number {
  if (sessionCount <= 0) return 0;
  return Math.min(Math.max(1, Math.round(index)), sessionCount);
}
