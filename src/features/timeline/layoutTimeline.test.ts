import { describe, expect, it } from 'vitest';
import type { SessionMarker } from '../../engine/api';
import { layoutTimeline, sessionAt, sessionX } from './layoutTimeline';

const marker = (index: number, over: Partial<SessionMarker> = {}): SessionMarker => ({
  index,
  timeMs: (index - 1) * 1000,
  binds: 0,
  pipelines: 0,
  evictions: 0,
  completions: 0,
  protectionChanges: 0,
  ...over,
});

describe('layoutTimeline', () => {
  it('gives each session its own tick when there is room', () => {
    const markers = [marker(1), marker(2, { evictions: 1 }), marker(3)];
    const layout = layoutTimeline(markers, 320, { padding: 10 });
    expect(layout.step).toBe(100);
    expect(layout.ticks.map((t) => [t.firstSession, t.x, t.evictions])).toEqual([
      [1, 10, 0],
      [2, 110, 1],
      [3, 210, 0],
    ]);
    expect(sessionX(layout, 2)).toBe(160);
    expect(sessionAt(layout, 160, 3)).toBe(2);
    expect(sessionAt(layout, -50, 3)).toBe(1);
    expect(sessionAt(layout, 5000, 3)).toBe(3);
  });

  it('bins long runs so that ticks stay visible, keeping every event', () => {
    const markers = Array.from({ length: 1000 }, (_, i) => marker(i + 1, { evictions: i === 567 ? 2 : 0 }));
    const layout = layoutTimeline(markers, 320, { padding: 10, minTickPx: 3 });
    expect(layout.ticks.length).toBeLessThanOrEqual(100);
    expect(layout.ticks.reduce((sum, t) => sum + t.evictions, 0)).toBe(2);
    const binned = layout.ticks.find((t) => t.evictions > 0)!;
    expect(binned.firstSession).toBeLessThanOrEqual(568);
    expect(binned.lastSession).toBeGreaterThanOrEqual(568);
  });

  it('keeps Volcano enqueue counts and SLA-expiry names when sessions are binned', () => {
    const markers = Array.from({ length: 1000 }, (_, i) =>
      marker(i + 1, i === 300 ? { enqueued: 2, slaExpired: ['big'] } : i === 301 ? { enqueued: 1 } : {}),
    );
    const layout = layoutTimeline(markers, 320, { padding: 10, minTickPx: 3 });
    expect(layout.ticks.reduce((sum, t) => sum + t.enqueued, 0)).toBe(3);
    expect(layout.ticks.flatMap((t) => t.slaExpired)).toEqual(['big']);
  });
});

describe('a zoomed timeline', () => {
  it('spreads sessions over k times the width and draws only the ones on screen', () => {
    const markers = Array.from({ length: 3000 }, (_, i) => marker(i + 1, { evictions: i === 1499 ? 1 : 0 }));
    const whole = layoutTimeline(markers, 620, { padding: 10, minTickPx: 3 });
    // 3000 sessions in 600 px with ticks of at least 3 px: fifteen sessions per tick.
    expect(whole.ticks.length).toBe(200);
    const zoomed = layoutTimeline(markers, 620, { padding: 10, minTickPx: 3, view: { k: 50, x: -15000 } });
    expect(zoomed.step).toBe(10);
    expect(zoomed.firstVisible).toBe(1501);
    expect(zoomed.lastVisible).toBe(1560);
    // Every visible session has its own tick, and the click maps back to the session under it.
    expect(zoomed.ticks.every((t) => t.firstSession === t.lastSession)).toBe(true);
    expect(sessionAt(zoomed, sessionX(zoomed, 1530), 3000)).toBe(1530);
  });

  it('never pans past either end', () => {
    const markers = Array.from({ length: 100 }, (_, i) => marker(i + 1));
    expect(layoutTimeline(markers, 220, { padding: 10, view: { k: 2, x: 500 } }).offset).toBe(0);
    expect(layoutTimeline(markers, 220, { padding: 10, view: { k: 2, x: -5000 } }).offset).toBe(-200);
  });
});
