import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures/fixtures';
import { bigScenario } from './fixtures/bigScenario';

test('the first screen loads under 500 KB of gzipped JavaScript', async ({ app, page }) => {
  await app.open();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => name.endsWith('.js')),
  );
  const pageScripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
  const urls = [...new Set([...scripts, ...pageScripts])].filter((u) => !u.includes('/worker-'));
  let total = 0;
  for (const url of urls) {
    const file = `dist${new URL(url).pathname}`;
    expect(existsSync(file), file).toBe(true);
    total += gzipSync(readFileSync(file)).length;
  }
  console.log(`first screen JS: ${urls.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThan(500 * 1024);
});

test('a big scenario: steps show in under 100 ms and playback has no main-thread task over 50 ms', async ({
  app,
  editor,
  page,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(() => {
    const longTasks: number[] = [];
    (window as unknown as { __longTasks: number[] }).__longTasks = longTasks;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  await app.open();
  await app.editButton.click();
  await editor.replaceText(bigScenario(100, 1500));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => (await app.state())?.runState, { timeout: 120_000 }).toBe('finished');
  await app.waitForSession();
  await page.keyboard.press('End');
  await app.waitForSession();
  await page.keyboard.press('Home');
  await app.waitForSession();

  // Latency from key press to the new session's data in the DOM, at a person's pace (a short pause between
  // presses lets the neighbours of the cursor arrive, as they do between real key presses).
  const measure = (key: string) =>
    page.evaluate(async (k) => {
      // The table renders deferred; the session counts as shown once the table shows it.
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
  const jumps: number[] = [];
  for (const key of [
    'ArrowRight',
    'ArrowRight',
    'ArrowRight',
    'ArrowLeft',
    'ArrowLeft',
    'e',
    'ArrowRight',
    'ArrowLeft',
    'e',
    'ArrowLeft',
  ]) {
    await page.waitForTimeout(250);
    (key === 'e' ? jumps : steps).push(await measure(key));
  }
  console.log(
    `step latencies (ms): ${steps.map((l) => l.toFixed(0)).join(', ')}; jumps: ${jumps.map((l) => l.toFixed(0)).join(', ')}`,
  );
  expect(Math.max(...steps)).toBeLessThan(100);
  // A jump to a session far from the cursor needs a round trip to the worker.
  expect(Math.max(...jumps)).toBeLessThan(400);

  // Playback at 8 sessions per second for four seconds.
  await page.evaluate(() => {
    (window as unknown as { __longTasks: number[] }).__longTasks.length = 0;
  });
  await page.keyboard.press('Home');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.keyboard.press(' ');
  await page.waitForTimeout(4000);
  await page.keyboard.press(' ');
  const played = (await app.state())?.cursor ?? 0;
  const longTasks = await page.evaluate(() => (window as unknown as { __longTasks: number[] }).__longTasks);
  console.log(
    `played to session ${played}; long tasks (ms): ${longTasks.map((d) => d.toFixed(0)).join(', ') || 'none'}`,
  );
  expect(played).toBeGreaterThan(10);
  expect(longTasks.filter((d) => d > 50)).toEqual([]);
});
