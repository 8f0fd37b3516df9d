/**
 * What the Welcome stage's long tasks are while stepping (issue 22 Deliver 5, decision 0350), run with
 * E2E_BENCH=1, not by `npm test`: the key presses of step-latency.bench.ts on Welcome, recorded by a Chrome trace
 * (each task of 20 ms or more, with its style/layout/paint time) and the V8 sampling profiler, whose samples are
 * attributed to the task they fall in (functions by self time per long task). Build with
 * `npx vite build --minify false` and serve it on E2E_PORT for readable function names.
 */
import type { CDPSession } from '@playwright/test';
import { expect, test } from '../fixtures/fixtures';
import type { TraceEvent } from '../fixtures/traceEvent';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples?: number[];
  timeDeltas?: number[];
}

const FRAME = ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize'];

async function recordWhile(
  cdp: CDPSession,
  body: () => Promise<void>,
): Promise<{ main: TraceEvent[]; profile: Profile }> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline',
    transferMode: 'ReportEvents',
  });
  await cdp.send('Profiler.start');
  await body();
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (pid: number, tid: number) =>
    events
      .filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask')
      .reduce((n, e) => n + (e.dur ?? 0), 0);
  const top = mains.sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0];
  const main = events.filter(
    (e) => top !== undefined && e.pid === top.pid && e.tid === top.tid && e.ph === 'X',
  );
  return { main, profile };
}

/**
 * Self time (ms) by "function file:line" of the profiler samples taken within [from, to) µs; a forced layout
 * (getBoundingClientRect and the like, self time in a native) is named with the five callers above it.
 */
function selfTimeWithin(profile: Profile, from: number, to: number): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parentOf.set(c, n.id);
  const name = (id: number | undefined) => {
    const f = id === undefined ? undefined : byId.get(id)?.callFrame;
    return f === undefined
      ? '?'
      : `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  let at = profile.startTime;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    at += deltas[i] ?? 0;
    if (at < from || at >= to) continue;
    const id = samples[i]!;
    const f = byId.get(id)?.callFrame;
    if (f === undefined) continue;
    let key = name(id);
    if (f.url === '' && !f.functionName.startsWith('(')) {
      for (let up = parentOf.get(id), n = 0; up !== undefined && n < 5; up = parentOf.get(up), n++)
        key += ` < ${name(up)}`;
    }
    self.set(key, (self.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  }
  return [...self.entries()].sort((a, b) => b[1] - a[1]);
}

test('Welcome on its stage: what a step’s long tasks are', async ({ app, page }) => {
  await page.goto('/?scenario=welcome');
  await app.waitForSession(60_000);
  await expect(page.locator('#main-panel')).toBeVisible();
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  const { main, profile } = await recordWhile(cdp, async () => {
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'ArrowRight']) {
      await page.keyboard.press(key);
      await app.waitForSession();
      await page.waitForTimeout(400);
    }
  });
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 20_000);
  console.log(`Welcome (stage), six steps: main-thread tasks of 20 ms or more (${tasks.length})`);
  for (const t of tasks) {
    const end = t.ts + (t.dur ?? 0);
    const within = (names: string[]) =>
      main
        .filter((e) => names.includes(e.name) && e.ts >= t.ts && e.ts < end)
        .reduce((n, e) => n + (e.dur ?? 0) / 1000, 0);
    console.log(
      `  task ${((t.dur ?? 0) / 1000).toFixed(1)} ms: style ${within(['UpdateLayoutTree']).toFixed(1)}, ` +
        `layout ${within(['Layout']).toFixed(1)}, paint etc. ${within(FRAME.slice(2)).toFixed(1)}, ` +
        `GC ${within(['MinorGC', 'MajorGC']).toFixed(1)}`,
    );
    for (const [k, ms] of selfTimeWithin(profile, t.ts, end).slice(0, 12))
      console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${k}`);
  }
  expect(main.length).toBeGreaterThan(0);
});
