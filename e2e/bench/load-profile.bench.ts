/**
 * Where loading a large scenario spends the page's main thread (issue 22 Deliver 5, decision 0277), run with
 * E2E_BENCH=1, not by `npm test`. The production scenario as block YAML (scripts/benchWorkloads
 * productionDocument, 33,000 jobs, 340,000 lines) is opened as a file and a key typed at its end; then the
 * 140,000-pod scenario (4,000 nodes, podsDocument) is pasted over it as one line of JSON (editor.pasteText: a
 * paste event, as Ctrl+V gives CodeMirror), a key typed at its end, and applied. (Opening a file after the
 * Apply would keep the 13 MB buffer in "My scenarios" first, which the browser's storage refuses.) Each phase prints its main-thread long tasks and the V8 profiler's functions by self
 * time (target: no task over 50 ms; the first session under 5 s). Prints figures with met / not met; it does
 * not fail on time.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { stringify } from 'yaml';
import { startCpuProfile } from '../fixtures/cpuProfile';
import { expect, test } from '../fixtures/fixtures';
import { observeLongTasks } from '../fixtures/longTasks';
import { describeThreadTimes, startThreadTimes } from '../fixtures/threadTimes';
import { podsDocument, productionDocument } from '../../scripts/benchWorkloads';
import type { EditorDialog } from '../fixtures/EditorDialog';

const tasksLine = (tasks: number[]) => {
  const over = tasks.filter((d) => d > 50);
  return (
    `${tasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; over 50 ms: ${over.length}, longest ` +
    `${Math.max(0, ...tasks).toFixed(0)} ms (target: none over 50 ms): ${over.length === 0 ? 'met' : 'not met'}`
  );
};

/**
 * Resolves when the page's main thread has had no long task for `quietMs` (the editor's work has settled), or
 * after `limitMs`; says which.
 */
async function settled(page: Page, quietMs: number, limitMs = 120_000): Promise<string> {
  return page.evaluate(
    ([quiet, limit]) =>
      new Promise<string>((resolve) => {
        const start = performance.now();
        let last = start;
        new PerformanceObserver(() => (last = performance.now())).observe({ type: 'longtask' });
        const check = () => {
          const now = performance.now();
          if (now - last > quiet) resolve(`settled after ${((now - start) / 1000).toFixed(1)} s`);
          else if (now - start > limit) resolve(`still busy after ${(limit / 1000).toFixed(0)} s`);
          else setTimeout(check, 100);
        };
        check();
      }),
    [quietMs, limitMs] as const,
  );
}

/** Types a space at the end of the text and deletes it: time to the store's buffer, long tasks, profile. */
async function typeAtEnd(
  page: Page,
  editor: EditorDialog,
  textLength: number,
  takeLongTasks: () => Promise<number[]>,
): Promise<void> {
  const length = () => editor.valueLength();
  const stop = await startCpuProfile(page);
  const stopTrace = await startThreadTimes(page);
  // Opening a file leaves the focus on "Open file…": into the text first, as a person clicks it.
  await editor.text.click();
  const t1 = Date.now();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type(' ');
  // Bounded: on a frozen editor the figure is "not within 120 s", and the benchmark goes on.
  const typed = await expect
    .poll(length, { timeout: 120_000 })
    .toBe(textLength + 1)
    .then(
      () => `in the editor's buffer after ${Date.now() - t1} ms`,
      () => 'not in the buffer within 120 s',
    );
  await page.keyboard.press('Backspace');
  const after = await settled(page, 3000);
  console.log(`  Ctrl+End and one key typed at the end: ${typed}; ${after}`);
  console.log(`  typing two keys, main-thread long tasks (ms): ${tasksLine(await takeLongTasks())}`);
  console.log(`  ${describeThreadTimes(await stopTrace())}`);
  console.log(`  self time by function:\n${(await stop(12)).join('\n')}`);
}

test('a multi-MB YAML opened, 140,000 pods pasted: typing, Apply to the first session', async ({
  app,
  editor,
  page,
}) => {
  test.setTimeout(900_000);
  const takeLongTasks = await observeLongTasks(page);
  const yamlText = stringify({ ...productionDocument(), run: { sessions: 1 } });
  const text = JSON.stringify({ ...podsDocument(), run: { sessions: 1 } });
  const length = () => editor.valueLength();
  await app.open();
  await app.editButton.click();
  await takeLongTasks();
  let stop = await startCpuProfile(page);
  let stopTrace = await startThreadTimes(page);
  // As editor.openFile, with a longer wait for a multi-MB file (and no diff of megabytes on failure). From a
  // file on disk, as a person picks one: Playwright gives a local browser the path (Chrome reads the file
  // itself), whereas `setInputFiles({buffer})` sends the 7 MB as base64 into the page and rebuilds it with
  // Playwright's injected script (`atob`, one 0.8-1.3 s task) - the harness's cost, not the app's (decision 0357).
  const yamlPath = test.info().outputPath('production.yaml');
  writeFileSync(yamlPath, yamlText);
  await editor.fileInput.setInputFiles(yamlPath);
  await expect.poll(length, { timeout: 300_000 }).toBe(yamlText.length);
  // The as-you-type check runs after a pause; wait until no long task for 3 s.
  const opened = await settled(page, 3000);
  const lines = yamlText.split('\n').length;
  console.log(
    `production scenario opened as a file (${(yamlText.length / 1e6).toFixed(1)} MB YAML, ${lines} lines, load ${loadavg()[0]?.toFixed(1)})`,
  );
  console.log(
    `  open and as-you-type check (${opened}), main-thread long tasks (ms): ${tasksLine(await takeLongTasks())}`,
  );
  console.log(`  ${describeThreadTimes(await stopTrace())}`);
  console.log(`  self time by function:\n${(await stop(12)).join('\n')}`);
  await typeAtEnd(page, editor, yamlText.length, takeLongTasks);

  // The 13 MB reach the page before the measurement: as an argument of the paste's own evaluate, Playwright's
  // delivery of them (CDP, then the string built in the page) was in the same task as the paste and most of it
  // (found by helper paste27, decision 0348 on its branch; 3.4 s wall / 0.6 s CPU there). A person's Ctrl+V
  // has the clipboard's text in the browser already.
  await page.evaluate((t) => {
    (window as unknown as { benchPaste?: string }).benchPaste = t;
  }, text);
  await editor.text.click();
  await page.keyboard.press('ControlOrMeta+a');
  await settled(page, 1000);
  await takeLongTasks();
  stop = await startCpuProfile(page);
  stopTrace = await startThreadTimes(page);
  // As editor.pasteText: a paste event, as Ctrl+V gives CodeMirror.
  await editor.text.evaluate((el) => {
    const data = new DataTransfer();
    data.setData('text/plain', (window as unknown as { benchPaste?: string }).benchPaste ?? '');
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  });
  await expect.poll(length, { timeout: 300_000 }).toBe(text.length);
  const pasted = await settled(page, 3000);
  console.log(
    `pods scenario pasted (${(text.length / 1e6).toFixed(1)} MB JSON, load ${loadavg()[0]?.toFixed(1)})`,
  );
  console.log(
    `  paste and as-you-type check (${pasted}), main-thread long tasks (ms): ${tasksLine(await takeLongTasks())}`,
  );
  console.log(`  ${describeThreadTimes(await stopTrace())}`);
  console.log(`  self time by function:\n${(await stop(12)).join('\n')}`);
  await typeAtEnd(page, editor, text.length, takeLongTasks);

  stop = await startCpuProfile(page);
  stopTrace = await startThreadTimes(page);
  const t0 = Date.now();
  await editor.apply.click();
  await expect
    .poll(
      async () => {
        const s = await app.state();
        return s !== null && s.loadState === 'loaded' && s.cursor > 0 && s.shownSession === s.cursor;
      },
      { timeout: 560_000 },
    )
    .toBe(true);
  const loadMs = Date.now() - t0;
  console.log(
    `  Apply to first session on screen ${(loadMs / 1000).toFixed(2)} s (target 5 s): ${loadMs < 5000 ? 'met' : 'not met'}`,
  );
  console.log(`  Apply, main-thread long tasks (ms): ${tasksLine(await takeLongTasks())}`);
  console.log(`  ${describeThreadTimes(await stopTrace())}`);
  console.log(`  self time by function:\n${(await stop(20)).join('\n')}`);
  expect(loadMs).toBeGreaterThan(0);
});
