/**
 * Turns a job's protection state (as the engine computed it for the cursor's session) into words.
 * Only arithmetic on the engine's own numbers happens here: whether a job is protected is the engine's
 * `isProtected`, never re-derived.
 */
import type { MinRuntimeResolution } from '../../engine/model/trace';
import type { ProtectionState } from '../../engine/model/snapshot';
import { formatInstant, formatSpan } from '../format/formatTime';

export type ProtectionStatus = 'protected' | 'expired' | 'not-started' | 'none' | 'unknown';

export interface ProtectionView {
  status: ProtectionStatus;
  /** Short text for a table cell: `protected for another 42s`. */
  headline: string;
  /** Where the duration came from: `60s from queue d (LCA path)`. */
  origin: string;
  /** Milliseconds of protection left at the cursor (protected only). */
  remainingMs: number | null;
}

/** `60s from queue d` / `10m from the plugin default`. */
export function describeOrigin(resolution: MinRuntimeResolution): string {
  const duration = formatSpan(resolution.durationMs);
  const from = resolution.source === 'default' ? 'the plugin default' : resolution.source;
  const method = resolution.method === null ? '' : ` · ${resolution.method} method`;
  return `${duration} from ${from}${method}`;
}

export function describeProtection(protection: ProtectionState | null, nowMs: number): ProtectionView {
  if (protection === null) {
    return { status: 'unknown', headline: '—', origin: 'min-runtime does not apply', remainingMs: null };
  }
  const origin = describeOrigin(protection.resolution);
  if (protection.resolution.durationMs <= 0) {
    return { status: 'none', headline: 'none (0s)', origin, remainingMs: null };
  }
  if (protection.protectedUntilMs === null) {
    // The engine gives no protection end to a job that is not running (never started, or evicted).
    return { status: 'not-started', headline: 'not running', origin, remainingMs: null };
  }
  if (protection.isProtected) {
    const remainingMs = Math.max(0, protection.protectedUntilMs - nowMs);
    return {
      status: 'protected',
      headline: `protected for another ${formatSpan(remainingMs)}`,
      origin,
      remainingMs,
    };
  }
  return {
    status: 'expired',
    headline: `unprotected since ${formatInstant(protection.protectedUntilMs)}`,
    origin,
    remainingMs: null,
  };
}
