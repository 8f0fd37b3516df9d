/**
 * `tumblingWindowStartTime` between the scenario and KAI (decision 0248). Upstream it is a `*metav1.Time`
 * (KAI pkg/scheduler/cache/usagedb/api/interface.go:51-52 @d5bc503): an RFC 3339 timestamp, which real KAI
 * reads and nothing else. The scenario's clock has no date, so the scenario writes the start as an offset
 * from t=0; the Kubernetes export (§13) writes a timestamp instead, taking t=0 as the fixed instant
 * {@link TIME_ZERO_ISO}, and the import (§12) reads either form back.
 */
import { formatDuration, MAX_DURATION_MS } from '../model/duration';
import { parsePrometheusDuration } from '../model/prometheusDuration';
import { isoTime, parseTimestamp } from './importers/cluster/snapshotNow';
import { DEFAULT_USAGE_WINDOW_MS } from './normaliseUsageDBConfig';

/** The instant the Kubernetes export takes as the run's t=0. */
export const TIME_ZERO_ISO = '2000-01-01T00:00:00Z';
const TIME_ZERO_MS = 946_684_800_000;

/** An offset from t=0 as the RFC 3339 timestamp KAI reads (whole seconds as Go writes them, else ms). */
export function startTimeOfOffset(offsetMs: number): string {
  const iso = isoTime(TIME_ZERO_MS + offsetMs);
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * A timestamp start as an offset from t=0 (the export's anchor), or null when `value` is not one. A start
 * further from t=0 than the duration bound (§10) is moved by whole windows towards t=0: KAI resets usage at
 * the start plus whole windows (prometheus.go:271-294 @d5bc503), so every reset after it stays where it was.
 */
export function offsetOfStartTime(value: unknown, windowSize: unknown): string | null {
  const ms = parseTimestamp(value);
  if (ms === null) return null;
  let offset = ms - TIME_ZERO_MS;
  const window = typeof windowSize === 'string' ? parsePrometheusDuration(windowSize) : null;
  // KAI's default window is 1w (api/defaults.go:21 @d5bc503).
  const windowMs = window === null ? DEFAULT_USAGE_WINDOW_MS : window.ok ? window.ms : 0;
  if (offset < -MAX_DURATION_MS && windowMs > 0) offset -= Math.ceil(offset / windowMs) * windowMs;
  return formatDuration(offset + 0);
}
