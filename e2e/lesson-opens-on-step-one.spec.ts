/**
 * Issue #22: opening a lesson by its link shows step 1 as arriving at it by Back does, its selection
 * applied (LCA 1's step 1 selects queue `d`; before the fix nothing was selected until Next then Back).
 */
import { expect, test } from './fixtures/fixtures';

test('opening LCA 1 selects queue d, as its step 1 says, without Next then Back', async ({ app, page }) => {
  await app.open('?scenario=lca-1');
  await expect(page.getByTestId('lesson-player.position')).toHaveText(/^Step 1 of /);
  await page.getByTestId('main-view.queues-tab').click();
  const selectedD = page.locator('[role="treeitem"][data-queue="d"][aria-selected="true"]').first();
  await expect(selectedD).toBeVisible();
  // The same selection as Next then Back shows.
  await page.getByTestId('lesson-player.next').click();
  await expect(page.getByTestId('lesson-player.position')).toHaveText(/^Step 2 of /);
  await page.getByTestId('lesson-player.back').click();
  await expect(page.getByTestId('lesson-player.position')).toHaveText(/^Step 1 of /);
  await expect(selectedD).toBeVisible();
});
