/**
 * Compact number and duration formatting for labels drawn inside charts.
 */
import { formatDuration } from '../../engine/model/duration';
import type { QueueResourceName } from '../../engine/model/resources';

/**
 * A duration in Go style without zero parts: `60000` -> `1m`, `5400000` -> `1h30m`, `1500` -> `1.5s`.
 * Queue min-runtimes are written this way in KAI manifests.
 */
export function formatSpan(ms: number): string {
  const go = formatDuration(ms);
  if (go === '0s') return go;
  // Go prints `1m0s` and `1h0m0s`; drop the zero tails, keeping at least one unit.
  const trimmed = go.replace(/(\d)h0m0s$/, '$1h').replace(/(\d)m0s$/, '$1m');
  return trimmed;
}

/** A simulated time as `t=1m30s`. */
export function formatTime(ms: number): string {
  return `t=${formatSpan(ms)}`;
}

/** A number with at most two decimals and no trailing zeros (`0.5`, `3`, `1.25`). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '-∞';
  return String(Number(value.toFixed(2)));
}

const BINARY_UNITS = ['B', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi'] as const;

/** Bytes with a binary suffix (`1.5Gi`). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes)) return bytes > 0 ? '∞' : '-∞';
  let v = Math.abs(bytes);
  let i = 0;
  while (v >= 1024 && i < BINARY_UNITS.length - 1) {
    v /= 1024;
    i += 1;
  }
  const sign = bytes < 0 ? '-' : '';
  return i === 0 ? `${sign}${formatNumber(v)}` : `${sign}${formatNumber(v)}${BINARY_UNITS[i]}`;
}

/** One queue or node resource amount in its natural unit (gpu devices, cpu cores, memory bytes). */
export function formatResource(resource: QueueResourceName, value: number): string {
  return resource === 'memory' ? formatBytes(value) : formatNumber(value);
}
