/**
 * Production-scale benchmark (issue 13), run by `npm run bench:ui`, not by `npm test`: the production-shaped
 * scenario (4,000 nodes x 8 GPUs, 32,000 running + 1,000 pending jobs, the 100-queue tree) pasted into the
 * editor as JSON, then: time from Apply to the first session on screen (parse, validation and the first
 * session in the worker, the transfer and the first render), main-thread long tasks meanwhile, step
 * latency and main-thread long tasks while stepping (the cluster map holds 32,000 GPU cells). Prints
 * figures with met / not met; it does not fail on time, since timings depend on the machine and its load.
 */
import { loadavg } from 'node:os';
import { expect, test } from '../fixtures/fixtures';
import { observeLongTasks } from '../fixtures/longTasks';
import { describeThreadTimes, startThreadTimes } from '../fixtures/threadTimes';
import type { AppPage } from '../fixtures/AppPage';
import { podsDocument, productionDocument } from '../../scripts/benchWorkloads';

const describeTasks = (tasks: number[]) =>
  `${tasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; over 50 ms: ${tasks.filter((d) => d > 50).length}, ` +
  `longest ${Math.max(0, ...tasks).toFixed(0)} ms (target: none over 50 ms): ${tasks.every((d) => d <= 50) ? 'met' : 'not met'}`;

/** Waits until a load has put its first session on screen (the moment both figures stop the clock). */
async function firstSessionShown(app: AppPage): Promise<void> {
  await expect
    .poll(
      async () => {
        const s = await app.state();
        return s !== null && s.loadState === 'loaded' && s.cursor > 0 && s.shownSession === s.cursor;
      },
      { timeout: 560_000 },
    )
    .toBe(true);
}

test('4,000 nodes x 8 GPUs, 33,000 jobs: load, first session, steps, long tasks', async ({
  app,
  editor,
  page,
}) => {
  test.setTimeout(600_000);
  const takeLongTasks = await observeLongTasks(page);
  const text = JSON.stringify({ ...productionDocument(), run: { sessions: 3 } });
  await app.open();
  await app.editButton.click();
  await editor.replaceText(text);
  await takeLongTasks();
  const t0 = Date.now();
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 120_000 });
  await firstSessionShown(app);
  const loadMs = Date.now() - t0;
  const loadTasks = await takeLongTasks();
  console.log(
    `production scenario (${(text.length / 1e6).toFixed(1)} MB JSON): Apply to first session on screen ${(loadMs / 1000).toFixed(2)} s ` +
      `(target 1.5 s for the session in the worker; load ${loadavg()[0]?.toFixed(1)}): ${loadMs < 1500 ? 'met' : 'not met'}`,
  );
  console.log(`  main-thread long tasks while loading (ms): ${describeTasks(loadTasks)}`);

  await expect.poll(async () => (await app.state())?.runState, { timeout: 560_000 }).toBe('finished');
  await page.keyboard.press('Home');
  await app.waitForSession();
  await takeLongTasks();
  const measure = (key: string) =>
    page.evaluate(async (k) => {
      const table = () =>
        document.querySelector<HTMLElement>('[data-testid="jobs-table"] tbody[data-shown-session]')!;
      const before = table().dataset.shownSession;
      const start = performance.now();
      window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
      await new Promise<void>((resolve) => {
        const check = () =>
          table().dataset.shownSession !== before ? resolve() : requestAnimationFrame(check);
        check();
      });
      return performance.now() - start;
    }, key);
  const steps: number[] = [];
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft']) {
    await page.waitForTimeout(500);
    steps.push(await measure(key));
  }
  const stepTasks = await takeLongTasks();
  console.log(
    `  step latencies (ms): ${steps.map((l) => l.toFixed(0)).join(', ')}; worst ${Math.max(...steps).toFixed(0)} ms`,
  );
  console.log(`  main-thread long tasks while stepping (ms): ${describeTasks(stepTasks)}`);
  // The cluster map at this size (4,000 nodes, 32,000 GPU cells on a canvas): main-thread work per session change.
  await page.getByTestId('main-view.cluster-tab').click();
  // The first draw of 32,000 cells on a loaded 2-core machine may take longer than the default 5 s.
  await expect(page.getByTestId('cluster-map')).toBeVisible({ timeout: 60_000 });
  await page.waitForTimeout(1000);
  await takeLongTasks();
  const mapSteps: number[] = [];
  for (const key of ['ArrowRight', 'ArrowLeft']) {
    await page.waitForTimeout(1000);
    mapSteps.push(
      await page.evaluate(async (k) => {
        const start = performance.now();
        const before = window.__preemptionLab!.state().shownSession;
        window.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true }));
        await new Promise<void>((resolve) => {
          const check = () =>
            window.__preemptionLab!.state().shownSession !== before
              ? requestAnimationFrame(() => resolve())
              : requestAnimationFrame(check);
          check();
        });
        return performance.now() - start;
      }, key),
    );
  }
  await page.waitForTimeout(1000);
  console.log(
    `  cluster map tab, step to the next frame after the session is shown (ms): ${mapSteps.map((l) => l.toFixed(0)).join(', ')}`,
  );
  console.log(
    `  main-thread long tasks while stepping the cluster map (ms): ${describeTasks(await takeLongTasks())}`,
  );
  // The worker's own measure of what it stores: a worker cannot read its heap, so the history's size as JSON.
  const history = await page.evaluate(() => window.__preemptionLab!.historySize());
  expect(history).not.toBeNull();
  const perSession = history!.jsonChars / Math.max(1, history!.sessions);
  console.log(
    `  stored history: ${history!.sessions} sessions, ${history!.keyframes} keyframes, ` +
      `${(history!.jsonChars / 1e6).toFixed(1)} MB as JSON (${(perSession / 1e6).toFixed(2)} MB per session, keyframes ` +
      `included; 1,000 sessions at this rate would be about ${((perSession * 1000) / 1e9).toFixed(1)} GB, an upper ` +
      `bound: a keyframe is stored only after as many changes as there are tasks)`,
  );
  expect(steps.length).toBe(4);
});

test('140,000 pods on 4,000 nodes (GPU and CPU-only): Apply to first session on screen', async ({
  app,
  editor,
  page,
}) => {
  test.setTimeout(600_000);
  const takeLongTasks = await observeLongTasks(page);
  const text = JSON.stringify({ ...podsDocument(), run: { sessions: 1 } });
  await app.open();
  await app.editButton.click();
  await editor.replaceText(text);
  // Let the editor's as-you-type check of the pasted text finish, so the figure is the load alone.
  await page.waitForTimeout(5000);
  await takeLongTasks();
  const stopTrace = await startThreadTimes(page);
  const t0 = Date.now();
  await editor.apply.click();
  await firstSessionShown(app);
  const loadMs = Date.now() - t0;
  const times = await stopTrace();
  console.log(
    `pods scenario (${(text.length / 1e6).toFixed(1)} MB JSON): Apply to first session on screen ${(loadMs / 1000).toFixed(2)} s ` +
      `(target 5 s; load ${loadavg()[0]?.toFixed(1)}): ${loadMs < 5000 ? 'met' : 'not met'}`,
  );
  // The threads' CPU on that path: what the figure would be on an idle machine at most (worker and page run
  // in parallel on two cores, so their sum bounds it from above); decision 0336.
  const cpuMs = times.mainCpuMs + times.workerCpuMs;
  console.log(
    `  CPU on the path (page main thread + worker) ${(cpuMs / 1000).toFixed(2)} s (target 5 s on an idle machine): ` +
      `${cpuMs < 5000 ? 'met' : 'not met'}`,
  );
  console.log(`  main-thread long tasks while loading (ms): ${describeTasks(await takeLongTasks())}`);
  console.log(`  ${describeThreadTimes(times)}`);
  expect(loadMs).toBeGreaterThan(0);
});
