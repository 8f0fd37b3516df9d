import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { expect, test } from '../fixtures/fixtures';
import { observeLongTasks } from '../fixtures/longTasks';
import { podsDocument } from '../../scripts/benchWorkloads';

test('tmp apply profile', async ({ app, editor, page }) => {
  test.setTimeout(600_000);
  const takeLongTasks = await observeLongTasks(page);
  const text = JSON.stringify({ ...podsDocument(), run: { sessions: 1 } });
  await app.open();
  await app.editButton.click();
  await editor.pasteText(text);
  await expect.poll(() => editor.valueLength(), { timeout: 300_000 }).toBe(text.length);
  await page.waitForTimeout(8000);
  await takeLongTasks();
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'] });
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
  const ms = Date.now() - t0;
  writeFileSync(process.env.PROF_OUT ?? '/tmp/F/trace.json', await browser.stopTracing());
  console.log(`apply ${ms} ms load ${loadavg()[0]}; tasks ${(await takeLongTasks()).map((d) => d.toFixed(0)).join(',')}`);
});
