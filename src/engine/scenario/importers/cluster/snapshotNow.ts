/**
 * "Now" of a snapshot: KAI's snapshot has no capture time (upstream snapshot.go:63-68 writes config,
 * schedulerParams, rawObjects and discovery only), so t=0 of the scenario is the latest timestamp found in
 * the objects (decision 0152): creation times, `managedFields[].time`, a pod's `status.startTime` and its
 * containers' `state.running.startedAt`, `status.conditions[].lastTransitionTime` (and a node's
 * `lastHeartbeatTime`, which the kubelet refreshes), and a PodGroup's `kai.scheduler/last-start-timestamp`.
 * Every other time of the scenario is an offset from it (so `submitAt` and `startedAt` are ≤ 0).
 */
import type { ObjectRef } from './objectRef';

/** RFC 3339 as Kubernetes writes `metav1.Time` (seconds, or fractions in `MicroTime`), with a zone. */
const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d{1,9})?(Z|([+-])(\d\d):(\d\d))$/;

/** Days from 1970-01-01 to a proleptic Gregorian date (the engine has no clock, so no `Date`). */
export function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Milliseconds since the epoch of a Kubernetes timestamp, or null when it is not one. */
export function parseTimestamp(value: unknown): number | null {
  if (typeof value !== 'string') return null;
  const m = RFC3339.exec(value);
  if (m === null) return null;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const fraction = m[7] === undefined ? 0 : Math.floor(Number(`0${m[7]}`) * 1000);
  const zone = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (Number(m[10]) * 60 + Number(m[11])) * 60_000;
  return (daysFromCivil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s) * 1000 + fraction - zone;
}

/** An epoch time in ms as ISO 8601 UTC (`2025-01-01T00:00:10.000Z`), without `Date`. */
export function isoTime(ms: number): string {
  const days = Math.floor(ms / 86_400_000);
  const rest = ms - days * 86_400_000;
  // civil_from_days (H. Hinnant), the inverse of daysFromCivil.
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  const h = Math.floor(rest / 3_600_000);
  const mi = Math.floor((rest % 3_600_000) / 60_000);
  const s = Math.floor((rest % 60_000) / 1000);
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}T${pad(h)}:${pad(mi)}:${pad(s)}.${pad(rest % 1000, 3)}Z`;
}

/** `YYYY-MM-DDTHH:MM:SSZ`, the form `metav1.Time` is written in. */
const isPlainUtc = (v: string): boolean =>
  v.length === 20 && v.charCodeAt(19) === 0x5a && v.charCodeAt(10) === 0x54;

export class NowTracker {
  private best: number | null = null;
  /** The best timestamp's text when it is plain UTC (see {@link consider}). */
  private bestText: string | null = null;
  private ref: ObjectRef | null = null;
  private field = '';

  /** Considers the timestamp `value` found at `field` of `ref`; the latest wins (the first on a tie). */
  consider(value: unknown, ref: ObjectRef, field: string): number | null {
    // Most timestamps are UTC to the second (`2026-03-02T09:30:00Z`): those order as text, so one that is
    // not later than the best so far needs no parsing (millions of them in a large snapshot).
    if (typeof value === 'string' && isPlainUtc(value) && this.bestText !== null && value <= this.bestText)
      return null;
    const ms = parseTimestamp(value);
    if (ms !== null && (this.best === null || ms > this.best)) {
      this.best = ms;
      this.bestText = typeof value === 'string' && isPlainUtc(value) ? value : null;
      this.ref = ref;
      this.field = field;
    }
    return ms;
  }

  get ms(): number | null {
    return this.best;
  }

  /** Which field gave "now", with the object's names as `show` renders them (redacted or not). */
  describe(show: (ref: ObjectRef) => string): { iso: string; field: string } | null {
    if (this.best === null || this.ref === null) return null;
    return { iso: isoTime(this.best), field: `${show(this.ref)}: ${this.field}` };
  }
}
