/**
 * Timeline geometry: where each session sits on a strip of `width` pixels, and which sessions carry
 * evictions, pipelines or protection changes (KAI), enqueues and SLA expiries (Volcano). Long runs are binned so that no tick is thinner than
 * `minTickPx`; a bin shows an event kind if any of its sessions has it.
 */
import type { SessionMarker } from '../../engine/api';

export interface TimelineTick {
  x: number;
  width: number;
  firstSession: number;
  lastSession: number;
  evictions: number;
  pipelines: number;
  protectionChanges: number;
  /** Volcano/kube-batch: PodGroups admitted Pending → Inqueue. */
  enqueued: number;
  /** Volcano: waiting jobs whose SLA deadline passed (names, in session order). */
  slaExpired: string[];
}

export interface TimelineLayout {
  /** Pixels per session. */
  step: number;
  padding: number;
  ticks: TimelineTick[];
}

export function layoutTimeline(
  markers: readonly SessionMarker[],
  width: number,
  options: { padding?: number; minTickPx?: number } = {},
): TimelineLayout {
  const padding = options.padding ?? 10;
  const minTickPx = options.minTickPx ?? 3;
  const inner = Math.max(1, width - 2 * padding);
  const n = markers.length;
  if (n === 0) return { step: inner, padding, ticks: [] };
  const step = inner / n;
  const perTick = Math.max(1, Math.ceil(minTickPx / step));
  const ticks: TimelineTick[] = [];
  for (let start = 0; start < n; start += perTick) {
    const end = Math.min(n, start + perTick);
    let evictions = 0;
    let pipelines = 0;
    let protectionChanges = 0;
    let enqueued = 0;
    const slaExpired: string[] = [];
    for (let i = start; i < end; i++) {
      const m = markers[i]!;
      evictions += m.evictions;
      pipelines += m.pipelines;
      protectionChanges += m.protectionChanges;
      enqueued += m.enqueued ?? 0;
      if (m.slaExpired) slaExpired.push(...m.slaExpired);
    }
    ticks.push({
      x: padding + start * step,
      width: (end - start) * step,
      firstSession: start + 1,
      lastSession: end,
      evictions,
      pipelines,
      protectionChanges,
      enqueued,
      slaExpired,
    });
  }
  return { step, padding, ticks };
}

/** Centre of session `index` (1-based). */
export function sessionX(layout: TimelineLayout, index: number): number {
  return layout.padding + (index - 0.5) * layout.step;
}

/** The session under pixel `x`, clamped to 1…count. */
export function sessionAt(layout: TimelineLayout, x: number, count: number): number {
  if (count <= 0) return 0;
  const index = Math.floor((x - layout.padding) / layout.step) + 1;
  return Math.min(count, Math.max(1, index));
}
