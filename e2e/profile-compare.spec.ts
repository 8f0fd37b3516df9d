/**
 * The Compare view (issue 23 Deliver 4) as a person uses it: open a gallery scenario with
 * `?compare=kai,volcano`, read the first divergence and the cells (who runs, waits, is evicted, when), the
 * mapping's assumptions, then add kube-batch and compare again; and reach the view from its tab.
 * Screenshots at 1280x720 and 1920x1080 go to /tmp (E2E_SHOTS=1).
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/fixtures';

function cell(page: Page, job: string, profile: string): Locator {
  return page
    .locator(
      `[data-testid="compare.row"][data-job="${job}"] [data-testid="compare.cell"][data-profile="${profile}"]`,
    )
    .locator('[data-role="headline"]');
}

test('a compare link shows who runs, waits and is evicted on each profile, and the first divergence', async ({
  app,
  page,
}) => {
  await app.open('?scenario=welcome&compare=kai,volcano');
  const divergence = page.getByTestId('compare.first-divergence');
  // Volcano has no min-runtime: it reclaims at once; KAI's reclaim waits for research's 60s.
  await expect(divergence).toHaveText(
    'First divergence: session 1 (t=0s): sweep-2: kai nothing; volcano evicts 1 task (reclaim for train-b) | train-b: kai nothing; volcano pipelines 2 tasks',
    { timeout: 60_000 },
  );
  await expect(cell(page, 'sweep-1', 'kai')).toHaveText('evicted · session 3');
  await expect(cell(page, 'sweep-1', 'volcano')).toHaveText('runs · session 1');
  await expect(
    page.locator('[data-testid="compare.row"][data-job="sweep-1"] [data-profile="kai"] [data-role="reason"]'),
  ).toContainText('at least its reclaim min-runtime (1m0s');
  await expect(cell(page, 'sweep-2', 'volcano')).toHaveText('evicted · session 1');
  await expect(cell(page, 'train-b', 'kai')).toHaveText('runs · session 3');
  await expect(page.locator('[data-testid="compare.row"][data-diverging="true"]')).toHaveCount(2);
  await expect(page.getByTestId('compare.assumptions.volcano')).toContainText(
    'KAI queue quota → Volcano deserved, limit → capability',
  );
  await expect(page.getByTestId('compare.mapping.volcano')).toContainText('queues[1].reclaimMinRuntime');

  if (process.env['E2E_SHOTS'] === '1') {
    for (const [width, height] of [
      [1280, 720],
      [1920, 1080],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.screenshot({ path: `/tmp/compare-${width}x${height}.png` });
    }
  }

  // Add kube-batch and compare again: a third column, with kube-batch's own decisions.
  await page.getByRole('checkbox', { name: 'compare kube-batch' }).check();
  await page.getByTestId('compare.run').click();
  await expect(cell(page, 'sweep-1', 'kube-batch')).toHaveText('evicted · session 1', { timeout: 60_000 });
  await expect(page.getByRole('columnheader', { name: 'kube-batch' })).toBeVisible();
});

test('the Compare tab compares the open scenario on every profile', async ({ app, page }) => {
  await app.open('?scenario=topology-1');
  await page.getByTestId('main-view.compare-tab').click();
  // KAI topology has no counterpart: only KAI runs, and the view says why the others cannot.
  await expect(page.getByTestId('compare.first-divergence')).toHaveText(
    'Nothing to compare: only kai can express this scenario (see why below).',
    { timeout: 60_000 },
  );
  await expect(page.getByTestId('compare.mapping.volcano')).toContainText(
    'topologies: volcano has no KAI topology-aware placement',
  );
});
