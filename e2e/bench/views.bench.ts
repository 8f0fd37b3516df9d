/**
 * D3 views benchmark (issue #5 targets), run by `npm run bench:ui`, not by `npm test`: on the 500-node ×
 * 8-GPU, 4,000-job scenario, the main-thread work of a session change with the cluster map (and the queue
 * tree) on screen, and the frame rate while hovering the map. Prints figures with met / NOT met; it does not
 * fail on time, since timings depend on the machine and its load.
 *
 * Main-thread work is read from a Chromium trace (RunTask events on the renderer's main thread between
 * console.timeStamp marks): the render task is the one in which React committed the new session (marked
 * by a MutationObserver on the main panel's session attribute), and it includes the canvas repaint.
 */
import type { Page } from '@playwright/test';
import { bigScenario } from '../fixtures/bigScenario';
import { expect, test } from '../fixtures/viewsFixtures';
import type { TraceEvent } from '../fixtures/traceEvent';

interface StepWork {
  /** The task that rendered the new session (React render and commit, canvas repaint). */
  render: number;
  /** The longest main-thread task of the step. */
  longest: number;
  /** All main-thread work between the key press and two frames later (prefetch and messages included). */
  total: number;
}

/** Main-thread work per step, between each `step-start:i` / `step-end:i` pair of timestamps in a trace. */
function workPerStep(trace: Buffer): StepWork[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (main === undefined) throw new Error('no renderer main thread in the trace');
  const onMain = (e: TraceEvent) => e.pid === main.pid && e.tid === main.tid;
  const marks = new Map<string, number>();
  for (const e of events) {
    const message = e.args?.data?.message;
    if (e.name === 'TimeStamp' && message !== undefined) marks.set(message, e.ts);
  }
  const tasks = events.filter(
    (e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && e.dur !== undefined,
  );
  const out: StepWork[] = [];
  for (let i = 0; marks.has(`step-start:${i}`); i++) {
    const from = marks.get(`step-start:${i}`)!;
    const to = marks.get(`step-end:${i}`) ?? Infinity;
    const commit = marks.get(`commit:${i}`) ?? -1;
    const inStep = tasks.filter((t) => t.ts + (t.dur ?? 0) >= from && t.ts <= to);
    const ms = (t: TraceEvent) => (t.dur ?? 0) / 1000;
    const render = inStep.find((t) => t.ts <= commit && commit <= t.ts + (t.dur ?? 0));
    out.push({
      render: render === undefined ? NaN : ms(render),
      longest: Math.max(0, ...inStep.map(ms)),
      total: inStep.reduce((a, t) => a + ms(t), 0),
    });
  }
  return out;
}

/** Main-thread busy time (ms) per frame between `hover-start` and `hover-end`. */
function hoverWork(trace: Buffer): number[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')!;
  const mark = (m: string) =>
    events.find((e) => e.name === 'TimeStamp' && e.args?.data?.message === m)?.ts ?? 0;
  const from = mark('hover-start');
  const to = mark('hover-end');
  const tasks = events.filter(
    (e) =>
      e.pid === main.pid &&
      e.tid === main.tid &&
      e.name === 'RunTask' &&
      e.ph === 'X' &&
      e.ts >= from &&
      e.ts <= to,
  );
  const frames = Math.max(1, Math.round((to - from) / 16_667));
  const perFrame = new Array<number>(frames).fill(0);
  for (const t of tasks) {
    const f = Math.min(frames - 1, Math.floor((t.ts - from) / 16_667));
    perFrame[f] = (perFrame[f] ?? 0) + (t.dur ?? 0) / 1000;
  }
  return perFrame;
}

/** Presses `key` and waits until the main panel shows another session and two frames have been painted. */
async function step(page: Page, key: string, i: number): Promise<number> {
  return page.evaluate(
    async ([k, n]) => {
      const panel = document.getElementById('main-panel')!;
      const before = panel.dataset.session;
      // Marks the end of React's commit of the new session (observers run at the end of that task).
      const observer = new MutationObserver(() => {
        if (panel.dataset.session !== before) {
          console.timeStamp(`commit:${n}`);
          observer.disconnect();
        }
      });
      observer.observe(panel, { attributes: true, attributeFilter: ['data-session'] });
      console.timeStamp(`step-start:${n}`);
      const start = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      await new Promise<void>((resolve) => {
        const check = () => (panel.dataset.session !== before ? resolve() : requestAnimationFrame(check));
        check();
      });
      const shown = performance.now() - start;
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      console.timeStamp(`step-end:${n}`);
      return shown;
    },
    [key, i] as const,
  );
}

const fmt = (xs: readonly number[]) => xs.map((x) => x.toFixed(1)).join(', ');
const percentile = (xs: readonly number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};

test('views benchmark: 500 nodes × 8 GPUs, 4,000 jobs — session change and hover', async ({
  app,
  editor,
  clusterMap,
  queueTree,
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  await app.open();
  await app.editButton.click();
  await editor.replaceText(bigScenario(500, 4000));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await app.state())?.runState, { timeout: 240_000 }).toBe('finished');
  await app.waitForSession();
  await clusterMap.tab.click();
  await expect(clusterMap.canvas).toBeVisible();
  // A busy part of the run: about 4,000 busy GPUs on the map (the page's shortcuts listen on the window).
  await page.evaluate(() => {
    for (let i = 0; i < 29; i++) window.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight' }));
  });
  await expect.poll(async () => (await app.state())?.cursor).toBe(30);
  await app.waitForSession();
  console.log(`cluster map: ${await clusterMap.summary()}`);

  // One step first, untimed: the first render after a jump warms up (a person steps on from there).
  await step(page, 'ArrowLeft', 99);
  await page.waitForTimeout(700);

  // Session changes with the cluster map on screen (transitions on, as a person sees them).
  const keys = [
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    'ArrowLeft',
    'ArrowLeft',
    'ArrowRight',
    'ArrowRight',
  ];
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  const shown: number[] = [];
  for (const [i, key] of keys.entries()) {
    shown.push(await step(page, key, i));
    await page.waitForTimeout(700); // let the transition finish, as between two key presses
  }
  const mapSteps = workPerStep(await browser.stopTracing());
  console.log(`cluster map, key to new session shown (ms): ${fmt(shown)}`);
  console.log(`cluster map, render task of the new session (ms): ${fmt(mapSteps.map((w) => w.render))}`);
  console.log(`cluster map, longest main-thread task per step (ms): ${fmt(mapSteps.map((w) => w.longest))}`);
  console.log(
    `cluster map, all main-thread work per step incl. prefetch (ms): ${fmt(mapSteps.map((w) => w.total))}`,
  );

  // Hovering the map: one pointer move per frame across the cells for two seconds, first untraced (the
  // frame rate), then traced (the main-thread work per frame; tracing itself costs frames).
  const hoverPass = (label: string) =>
    page.evaluate(async (mark) => {
      const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="cluster-map"] canvas')!;
      const box = canvas.getBoundingClientRect();
      const width = Math.max(1, Math.min(box.width, window.innerWidth - box.left) - 2);
      const height = Math.max(1, Math.min(box.height, window.innerHeight - box.top) - 2);
      const frames: number[] = [];
      let last = performance.now();
      const end = last + 2000;
      let i = 0;
      let withTooltip = 0;
      console.timeStamp(`${mark}-start`);
      await new Promise<void>((resolve) => {
        const tick = (now: number) => {
          frames.push(now - last);
          last = now;
          i++;
          if (document.querySelector('[data-testid="cluster-map"] [role="tooltip"]') !== null) withTooltip++;
          const x = box.left + ((i * 37) % width) + 1;
          const y = box.top + ((i * 23) % height) + 1;
          canvas.dispatchEvent(new MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
          if (now < end) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      });
      console.timeStamp(`${mark}-end`);
      return { frames: frames.slice(2), withTooltip };
    }, label);
  const hover = await hoverPass('hover-untraced');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await hoverPass('hover');
  const hoverBusy = hoverWork(await browser.stopTracing());
  const fps = 1000 / (hover.frames.reduce((a, b) => a + b, 0) / hover.frames.length);
  console.log(
    `hover: ${hover.frames.length} frames, ${fps.toFixed(1)} fps, p95 frame ${percentile(hover.frames, 0.95).toFixed(1)} ms, ` +
      `worst ${Math.max(...hover.frames).toFixed(1)} ms; tooltip shown in ${hover.withTooltip} frames`,
  );
  console.log(
    `hover (traced): main-thread work per 16.7 ms frame p50 ${percentile(hoverBusy, 0.5).toFixed(1)} ms, ` +
      `p95 ${percentile(hoverBusy, 0.95).toFixed(1)} ms, max ${Math.max(...hoverBusy).toFixed(1)} ms`,
  );
  expect(hover.withTooltip).toBeGreaterThan(hover.frames.length / 2);

  // The same session changes with the queue tree on screen.
  await queueTree.tab.click();
  await expect(queueTree.card('org')).toBeVisible();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  for (const [i, key] of keys.entries()) {
    await step(page, key, i);
    await page.waitForTimeout(300);
  }
  const treeSteps = workPerStep(await browser.stopTracing());
  console.log(`queue tree, render task of the new session (ms): ${fmt(treeSteps.map((w) => w.render))}`);
  console.log(`queue tree, longest main-thread task per step (ms): ${fmt(treeSteps.map((w) => w.longest))}`);

  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const worstMap = Math.max(...mapSteps.map((w) => w.render));
  const worstTree = Math.max(...treeSteps.map((w) => w.render));
  console.log(
    `worst cluster map redraw ${worstMap.toFixed(1)} ms (target < 50 ms): ${verdict(worstMap < 50)}`,
  );
  console.log(
    `worst queue tree redraw ${worstTree.toFixed(1)} ms (target < 50 ms): ${verdict(worstTree < 50)}`,
  );
  const p95 = percentile(hover.frames, 0.95);
  console.log(
    `hover ${fps.toFixed(1)} fps, p95 frame ${p95.toFixed(1)} ms (target 60 fps): ${verdict(fps >= 57 && p95 < 20)}`,
  );
});
