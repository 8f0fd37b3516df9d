/**
 * Where a step of the jobs table at 500 nodes / 4,000 jobs spends its main-thread time (issue 22, "Speed";
 * decision 0338), run with E2E_BENCH=1, not by `npm test`: the same key presses as step-latency.bench.ts,
 * recorded by a Chrome trace (script, style, layout, paint, garbage collection per step) and the V8 profiler
 * (functions by self time). Build with `npx vite build --minify false` for readable function names.
 */
import type { CDPSession } from '@playwright/test';
import { parse } from 'yaml';
import { bigScenario } from '../fixtures/bigScenario';
import { startCpuProfile } from '../fixtures/cpuProfile';
import { expect, test } from '../fixtures/fixtures';
import type { TraceEvent } from '../fixtures/traceEvent';

/** One step: from its keydown until 250 ms later, each main-thread task (ms) with its frame work inside. */
function stepLines(main: TraceEvent[]): string[] {
  const keys = main.filter((e) => e.name === 'EventDispatch' && e.args?.data?.type === 'keydown');
  const tasks = main.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 1000);
  const inside = (t: TraceEvent, kinds: string[]) =>
    main
      .filter((e) => kinds.includes(e.name) && e.ts >= t.ts && e.ts < t.ts + (t.dur ?? 0))
      .reduce((n, e) => n + (e.dur ?? 0) / 1000, 0);
  return keys.map((key, i) => {
    const parts = tasks
      .filter((t) => t.ts + (t.dur ?? 0) >= key.ts && t.ts < key.ts + 250_000)
      .map((t) => {
        const at = ((t.ts - key.ts) / 1000).toFixed(0);
        const frame = inside(t, ['UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize']);
        return `+${at}:${((t.dur ?? 0) / 1000).toFixed(1)}${frame > 0.5 ? `(frame ${frame.toFixed(1)})` : ''}`;
      });
    return `  step ${i + 1}: ${parts.join(' ')}`;
  });
}

/** Main-thread time by trace event name (complete events only, outermost kinds that matter for a frame). */
const KINDS = [
  'RunTask',
  'FunctionCall',
  'EventDispatch',
  'TimerFire',
  'FireAnimationFrame',
  'UpdateLayoutTree',
  'Layout',
  'PrePaint',
  'Paint',
  'Layerize',
  'MinorGC',
  'MajorGC',
  'V8.GC_SCAVENGER',
  'ParseHTML',
];

async function traceWhile(
  cdp: CDPSession,
  body: () => Promise<void>,
): Promise<{ totals: Map<string, number>; steps: string[] }> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8',
    transferMode: 'ReportEvents',
  });
  await body();
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.end');
  await done;
  // The page's main thread: the renderer thread named CrRendererMain with the most RunTask time.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (pid: number, tid: number) =>
    events
      .filter((e) => e.pid === pid && e.tid === tid && e.name === 'RunTask')
      .reduce((n, e) => n + (e.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b.pid, b.tid) - busy(a.pid, a.tid))[0];
  const onMain = events.filter(
    (e) => main !== undefined && e.pid === main.pid && e.tid === main.tid && e.ph === 'X',
  );
  const totals = new Map<string, number>();
  for (const e of onMain) {
    if (!KINDS.includes(e.name)) continue;
    totals.set(e.name, (totals.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return { totals, steps: stepLines(onMain) };
}

test('jobs table at 500 nodes / 4,000 jobs: profile of a step', async ({ app, editor, page }) => {
  test.setTimeout(600_000);
  await app.open();
  await app.editButton.click();
  // One line of JSON (typing thousands of YAML lines is slow in itself); sessions enough for the steps below.
  const doc = parse(bigScenario(500, 4000)) as Record<string, unknown>;
  await editor.replaceText(JSON.stringify({ ...doc, run: { sessions: 12 } }));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 120_000 });
  await expect.poll(async () => (await app.state())?.runState, { timeout: 560_000 }).toBe('finished');
  await app.waitForSession();
  await page.keyboard.press('Home');
  await app.waitForSession();
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  const stop = await startCpuProfile(page);
  const { totals, steps } = await traceWhile(cdp, async () => {
    for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'ArrowRight']) {
      await page.keyboard.press(key);
      await app.waitForSession();
      await page.waitForTimeout(400);
    }
  });
  const top = await stop(30);
  console.log('jobs table, six steps: main-thread time by trace event (ms, nested kinds overlap)');
  for (const kind of KINDS)
    if (totals.has(kind)) console.log(`  ${kind.padEnd(20)} ${totals.get(kind)!.toFixed(1).padStart(8)}`);
  console.log(
    `  tasks of 1 ms or more within 250 ms of each key (+start:duration, frame = style/layout/paint):`,
  );
  console.log(steps.join('\n'));
  console.log(`  self time by function:\n${top.join('\n')}`);
  expect(top.length).toBeGreaterThan(0);
});
