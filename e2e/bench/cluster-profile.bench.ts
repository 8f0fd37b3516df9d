/**
 * Where a session change of the cluster map at 4,000 nodes (32,000 GPU cells) spends its main-thread time
 * (issue 22, decision 0276), run with E2E_BENCH=1, not by `npm test`: the V8 profiler's functions by self
 * time over four steps, and the long tasks of those steps (target: none over 50 ms).
 */
import { parse } from 'yaml';
import { bigScenario } from '../fixtures/bigScenario';
import { startCpuProfile } from '../fixtures/cpuProfile';
import { expect, test } from '../fixtures/fixtures';
import { observeLongTasks } from '../fixtures/longTasks';

test('cluster map at 4,000 nodes: profile of a session change', async ({ app, editor, page }) => {
  test.setTimeout(600_000);
  const takeLongTasks = await observeLongTasks(page);
  await app.open();
  await app.editButton.click();
  // One line of JSON: typing thousands of YAML lines into the editor is slow in itself.
  const doc = parse(bigScenario(4000, 6000)) as Record<string, unknown>;
  await editor.replaceText(JSON.stringify({ ...doc, run: { sessions: 12 } }));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 120_000 });
  await expect.poll(async () => (await app.state())?.runState, { timeout: 560_000 }).toBe('finished');
  await app.waitForSession();
  await page.getByTestId('main-view.cluster-tab').click();
  await expect(page.getByTestId('cluster-map')).toBeVisible();
  // The busiest part of the run (jobs keep arriving): its last sessions.
  await page.keyboard.press('End');
  await app.waitForSession();
  await page.waitForTimeout(1000);
  await takeLongTasks();
  const stop = await startCpuProfile(page);
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight']) {
    await page.keyboard.press(key);
    await app.waitForSession();
    await page.waitForTimeout(700);
  }
  const top = await stop(30);
  const tasks = await takeLongTasks();
  const over = tasks.filter((d) => d > 50);
  console.log(
    `cluster map (${await page.getByTestId('cluster-map').locator('canvas').getAttribute('aria-label')})`,
  );
  console.log(
    `  main-thread tasks while stepping (ms): ${tasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; over 50 ms: ` +
      `${over.length} (target 0): ${over.length === 0 ? 'met' : 'not met'}`,
  );
  console.log(`  self time by function:\n${top.join('\n')}`);
  expect(top.length).toBeGreaterThan(0);
});
