/**
 * The Workshop (issue 12) as a person uses it: open the gallery's "lca or queue?" scenario, make a
 * variant, compare it with the base, read the first divergence and a metric, download the CSV, and run a
 * 3-point sweep. Screenshots at 1280x720 and 1920x1080 go to /tmp (E2E_SHOTS=1).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { WorkshopPanel } from './fixtures/WorkshopPanel';
import { seriousViolations } from './fixtures/axe';
import { bigScenario } from './fixtures/bigScenario';
import { expect, test } from './fixtures/fixtures';

async function openWorkshop(page: Page, open: (q: string) => Promise<void>): Promise<WorkshopPanel> {
  await open('?scenario=workshop-lca-or-queue');
  return WorkshopPanel.show(page);
}

test('make a variant, compare it with the base, read the divergence, a metric and the CSV', async ({
  app,
  page,
}) => {
  const w = await openWorkshop(page, (q) => app.open(q));

  // Duplicate the queue variant with one change: the victim's leaf says 5m.
  await w.variantB.selectOption('queue');
  await w.knob.selectOption({ label: 'queue a-train reclaimMinRuntime' });
  await w.knobValue.fill('5m');
  await w.duplicate.click();
  await expect(w.note).toContainText('Added variant "queue-copy"');
  await expect(w.variantB).toHaveValue('queue-copy');

  // A = base (lca: team-a's 5m), B = queue-copy (queue, and the leaf also 5m): the same protection.
  await w.compare.click();
  await expect(w.divergence).toContainText('no divergence', { timeout: 30_000 });

  // Against the plain queue variant, they part at session 3: train-1 reclaimed under queue only.
  await w.variantB.selectOption('queue');
  await w.compare.click();
  await expect(w.divergence).toContainText(
    'first divergence: session 3, train-1 evicted in B, protected in A',
    { timeout: 30_000 },
  );
  await expect(w.cursor).toContainText('Session 3 of 37');
  await expect(w.figure('B', 'decisions')).toContainText(
    'reclaim: evict train-1-0 on node-0 for sweep-1 (only in B)',
  );
  // GPU time lost: train-1 (4 GPUs, started at -40s) had run 60 s when reclaimed under queue (a-train's
  // 60s): 4 GPU·min; under lca (team-a's 5m) it is reclaimed after 5 min of run: 4 × 5 = 20 GPU·min.
  await expect(w.figure('B', 'gpu-lost-total')).toHaveText('4 GPU·min');
  // At session 3 team b's sweeps wait in both; its fair share is 4 GPUs of the 8.
  await expect(w.figure('A', 'queues')).toContainText('b-sweep: 0 / 4 (2) below its share');
  await expect(w.figure('A', 'gpu-lost-total')).toHaveText('20 GPU·min');
  await expect(w.diffTable.locator('tbody tr')).toHaveCount(5);

  // The compared view passes axe (no serious or critical violations), as the other views do.
  expect(await seriousViolations(page, '[data-testid="workshop"]')).toEqual([]);

  // Jump away and back.
  await w.diffTable.locator('tbody tr').nth(2).click();
  await expect(w.cursor).toContainText('Session 22 of 37');
  await w.jump.click();
  await expect(w.cursor).toContainText('Session 3 of 37');

  // The CSV of side A: KAI's first four columns, then ours; one row per session and queue.
  const [download] = await Promise.all([page.waitForEvent('download'), w.csvA.click()]);
  expect(download.suggestedFilename()).toBe('metrics-base.csv');
  const csv = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\n');
  expect(csv[0]).toMatch(/^Time,QueueID,Allocation,FairShare,/);
  // Session 1, queue b-sweep: nothing allocated yet, fair share 4, 0 s from the start, asking 4, two sweeps
  // waiting 0 s (the columns in SI units, decision 0185).
  expect(csv[0]).toMatch(/^Time,QueueID,Allocation,FairShare,Seconds,/);
  expect(csv).toContain('1,b-sweep,0,4,0,4,2,0,0,0,0,1,0');
  expect(csv).toHaveLength(1 + 37 * 5);

  if (process.env['E2E_SHOTS'] === '1') {
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await w.divergence.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/workshop-${width}x${height}.png` });
      await page.getByTestId('workshop.chart.gpu-time-lost').scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/workshop-${width}x${height}-charts.png` });
    }
  }
});

test('the first divergence is flagged on the main timeline, and the timeline and the comparison step together', async ({
  app,
  page,
}) => {
  const w = await openWorkshop(page, (q) => app.open(q));
  const timeline = page.getByTestId('timeline');
  const flag = page.getByTestId('timeline.flag-button');
  await w.variantB.selectOption('queue');
  await w.compare.click();
  await expect(w.divergence).toContainText('first divergence: session 3', { timeout: 30_000 });
  // The main timeline carries the comparison's own sentence, a mark at session 3, and its cursor there.
  await expect(flag).toHaveText(
    'first divergence: session 3, train-1 evicted in B, protected in A; sweep-1 pipelined on node-0 in B, not in A (Workshop: A = base, B = queue)',
  );
  await expect(page.getByTestId('timeline.flag')).toHaveAttribute('data-session', '3');
  await expect(timeline).toHaveAttribute('aria-valuenow', '3');
  if (process.env['E2E_SHOTS'] === '1') {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.screenshot({ path: '/tmp/workshop-timeline-flag-1280x720.png' });
  }

  // A row of the diff moves both cursors; the flag (by keyboard) brings both back.
  await w.diffTable.locator('tbody tr').nth(2).click();
  await expect(w.cursor).toContainText('Session 22 of 37');
  await expect(timeline).toHaveAttribute('aria-valuenow', '22');
  await flag.focus();
  await page.keyboard.press('Enter');
  await expect(timeline).toHaveAttribute('aria-valuenow', '3');
  await expect(w.cursor).toContainText('Session 3 of 37');

  // Stepping the main run with the arrow key steps the comparison too.
  await timeline.focus();
  await page.keyboard.press('ArrowRight');
  await expect(timeline).toHaveAttribute('aria-valuenow', '4');
  await expect(w.cursor).toContainText('Session 4 of 37');

  // A comparison without a divergence takes the flag away.
  await w.variantB.selectOption('base');
  await w.compare.click();
  await expect(w.divergence).toContainText('no divergence', { timeout: 30_000 });
  await expect(flag).toHaveCount(0);
});

test('a 3-point sweep of a min-runtime shows its trade-off', async ({ app, page }) => {
  const w = await openWorkshop(page, (q) => app.open(q));
  await w.sweepKnob.selectOption({ label: 'queue team-a reclaimMinRuntime' });
  await w.sweepFrom.fill('0s');
  await w.sweepTo.fill('4m');
  await w.sweepSteps.fill('3');
  await w.sweepRun.click();
  await expect(w.sweepStatus).toContainText('3 of 3 runs done', { timeout: 60_000 });
  const rows = w.sweepTable.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  // team-a's value decides under lca (the base). 0s: the newer train-2 (4 GPUs, started at -20s) is
  // reclaimed at once: 4 × 20 s = 1.3 GPU·min = 0.022 GPU·h. 2m and 4m: train-1 (started at -40s) runs 2 or
  // 4 minutes first: 8 and 16 GPU·min (0.13 and 0.27 GPU·h), while team b waits 90 s and 3.5 min for its
  // share instead of 10 s. No workload: one run per point, so the figures have no interval.
  await expect(page.getByTestId('workshop.sweep-no-workload')).toContainText('one run per point');
  const cell = (row: number, col: string) => rows.nth(row).locator(`td[data-col="${col}"]`);
  await expect(rows.nth(0)).toContainText('0s');
  await expect(cell(0, 'gpu-lost')).toHaveText('0.022');
  await expect(cell(0, 'fair-share')).toHaveText('10');
  await expect(cell(1, 'gpu-lost')).toHaveText('0.13');
  await expect(cell(1, 'fair-share')).toHaveText('90');
  await expect(cell(2, 'gpu-lost')).toHaveText('0.27');
  await expect(page.getByRole('img', { name: /Sweep of queue team-a reclaimMinRuntime/ })).toBeVisible();
  if (process.env['E2E_SHOTS'] === '1') {
    await page.setViewportSize({ width: 1280, height: 720 });
    await w.sweepTable.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/workshop-sweep-1280x720.png' });
  }
});

test('a long sweep shows its progress and stops on Cancel', async ({ app, editor, page }) => {
  // Loading and running the 600-job scenario takes most of a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  await app.open();
  await app.editButton.click();
  await editor.replaceText(bigScenario(60, 600));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 30_000 });
  await app.waitForSession();
  const w = new WorkshopPanel(page);
  await w.tab.click();
  await w.sweepKnob.selectOption({ label: 'queue team-0 reclaimMinRuntime' });
  await w.sweepFrom.fill('0s');
  await w.sweepTo.fill('10m');
  await w.sweepSteps.fill('20');
  await w.sweepRun.click();
  await expect(w.sweepStatus).toContainText(
    'queue team-0 reclaimMinRuntime: 0 of 20 runs done (0 of 20 points)',
  );
  await expect(w.sweepTable.locator('tbody tr')).toHaveCount(20);
  await expect(w.sweepTable.locator('tbody tr').first()).toContainText('running…');
  await page.getByTestId('workshop.sweep-cancel').click();
  await expect(w.sweepStatus).toContainText('(cancelled)');
  await expect(w.sweepTable.locator('tbody tr').last()).toContainText('cancelled');
  await expect(w.sweepRun).toBeEnabled();
});
