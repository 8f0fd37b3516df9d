/**
 * Volcano hierarchical capacity queues (gallery lesson volcano-capacity-1): the queue tree draws the
 * Volcano tree with each card's deserved share, allocation (a parent's includes its children's) and
 * capability, its hover card names them in Volcano's words, and the decision log says in words why the
 * reclaim took research's GPUs.
 * Screenshot for review: VOLCANO_SHOTS=<dir>.
 */
import { expect, test } from './fixtures/fixtures';

const shots = process.env.VOLCANO_SHOTS;

test('Volcano capacity 1 · the tree cards and the reclaim decision, stepped to the reclaim', async ({
  app,
  decisionLog,
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=volcano-capacity-1&session=1', 30_000);
  await page.getByRole('button', { name: 'Next session' }).click();
  await app.waitForSession();

  await page.getByTestId('main-view.queues-tab').click();
  const card = (name: string) =>
    page.getByTestId('queue-tree').locator(`[role="treeitem"][data-queue="${name}"]`);
  await expect(card('research')).toHaveCount(1);
  // research: 8 GPUs at open, 2 evicted (Releasing) by the reclaim; its leaves' 6 running roll up.
  await expect(card('research')).toHaveAttribute(
    'aria-label',
    /queue research; GPU allocated 6 of deserved 4, capability 8/,
  );
  await expect(card('research-a')).toHaveAttribute('aria-label', /GPU allocated 2 of deserved 2/);
  await expect(card('prod')).toHaveAttribute('aria-label', /GPU allocated 0 of deserved 4, capability 8/);
  await expect(card('prod-serving')).toHaveAttribute('aria-label', /GPU allocated 0 of deserved 4/);
  await expect(page.getByTestId('queue-tree.status')).toContainText('its cap the capability');
  const row = page.locator('[data-testid="volcano-queues.row"][data-queue="research"]');
  await expect(row).toContainText('gpu 8');
  // The hover card names research's figures in Volcano's words (engine/model/queueWords), not KAI's.
  await card('research').hover();
  const tip = page.getByRole('tooltip');
  for (const word of ['deserved', 'guarantee', 'capability', 'weight']) await expect(tip).toContainText(word);
  for (const word of ['quota', 'limit', 'OQW', 'fair']) await expect(tip).not.toContainText(word);
  if (shots !== undefined) await page.screenshot({ path: `${shots}/volcano-capacity-tree-1280x720.png` });

  await app.decisionsTab.click();
  const evict = await decisionLog.expand(decisionLog.items('evict').first());
  await expect(evict).toContainText('evicted to make room for serving (queue prod-serving)');
  await expect(evict).toContainText('Tier 1 (gang, conformance) listed it as a victim.');
  await expect(decisionLog.items('pipeline').first()).toContainText('serving');
  if (shots !== undefined) await page.screenshot({ path: `${shots}/volcano-capacity-decision-1280x720.png` });
});
