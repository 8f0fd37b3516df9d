/** Simulated-time formatting shared by every panel (Go-style durations, as the scenario format uses). */
import { formatDuration } from '../../engine/model/duration';

/** A point in simulated time: `t=1m30s`. */
export function formatInstant(ms: number): string {
  return `t=${formatDuration(ms)}`;
}

/** A span of simulated time: `42s`, `1m30s`. */
export function formatSpan(ms: number): string {
  return formatDuration(Math.max(0, ms));
}

export { formatDuration };
