/** The queue tree (with a min-runtime path) and the cluster map pass axe, light and dark. */
import { seriousViolations } from './fixtures/axe';
import { expect, test } from './fixtures/viewsFixtures';

test('no serious or critical axe violations in the queue tree and the cluster map', async ({
  app,
  decisionLog,
  queueTree,
  clusterMap,
  page,
}) => {
  await app.open('?scenario=lca-1&session=2');
  await app.decisionsTab.click();
  const item = await decisionLog.expand(decisionLog.items('evict').first());
  await item.getByTestId('show-on-tree').first().click();
  await expect(queueTree.lca).toHaveText('b');
  expect(await seriousViolations(page, '#main-panel')).toEqual([]);
  await clusterMap.tab.click();
  await expect(clusterMap.canvas).toBeVisible();
  expect(await seriousViolations(page, '#main-panel')).toEqual([]);

  await page.keyboard.press('t');
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  // Repeated until MUI's colour transitions have settled (a scan mid-way sees blended colours).
  await expect.poll(() => seriousViolations(page, '#main-panel'), { timeout: 20_000 }).toEqual([]);
  await queueTree.tab.click();
  await expect(queueTree.lca).toHaveText('b');
  expect(await seriousViolations(page, '#main-panel')).toEqual([]);
});
