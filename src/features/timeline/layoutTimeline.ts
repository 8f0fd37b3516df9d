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
  /** Pixels per session (at the current zoom). */
  step: number;
  padding: number;
  /** Horizontal shift of the zoomed strip (px, 0 or negative). */
  offset: number;
  /** Sessions (1-based) at the strip's left and right edges. */
  firstVisible: number;
  lastVisible: number;
  ticks: TimelineTick[];
}

/** A zoom of the strip: `k` times wider, shifted by `x` px (d3-zoom's transform along one axis). */
export interface TimelineView {
  k: number;
  x: number;
}

export function layoutTimeline(
  markers: readonly SessionMarker[],
  width: number,
  options: { padding?: number; minTickPx?: number; view?: TimelineView } = {},
): TimelineLayout {
  const padding = options.padding ?? 10;
  const minTickPx = options.minTickPx ?? 3;
  const inner = Math.max(1, width - 2 * padding);
  const n = markers.length;
  const k = Math.max(1, options.view?.k ?? 1);
  // The strip never shows space before the first session or after the last.
  const offset = Math.min(0, Math.max(inner - inner * k, options.view?.x ?? 0));
  if (n === 0) return { step: inner, padding, offset: 0, firstVisible: 0, lastVisible: 0, ticks: [] };
  const step = (inner * k) / n;
  const perTick = Math.max(1, Math.ceil(minTickPx / step));
  // Only the sessions on screen get ticks (a zoomed run of thousands of sessions draws a few hundred);
  // bins start at multiples of perTick, so panning does not reshuffle them.
  const first = Math.max(0, Math.floor(-offset / step));
  const last = Math.min(n, Math.ceil((inner - offset) / step));
  const ticks: TimelineTick[] = [];
  for (let start = first - (first % perTick); start < last; start += perTick) {
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
      x: padding + offset + start * step,
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
  return { step, padding, offset, firstVisible: first + 1, lastVisible: last, ticks };
}

/** Centre of session `index` (1-based). */
export function sessionX(layout: TimelineLayout, index: number): number {
  return layout.padding + layout.offset + (index - 0.5) * layout.step;
}

/** The session under pixel `x`, clamped to 1…count. */
export function sessionAt(layout: TimelineLayout, x: number, count: number): number {
  if (count <= 0) return 0;
  const index = Math.floor((x - layout.padding - layout.offset) / layout.step) + 1;
  return Math.min(count, Math.max(1, index));
}
