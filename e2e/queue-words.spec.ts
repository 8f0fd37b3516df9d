/**
 * The queue cards, legend and inspector speak each scheduler's words, drawn from what the engine resolved
 * (decisions 0298, 0299): Kueue's cohort, nominal quota, borrowed and lendable (kueue-1), KAI's
 * min-runtimes with where they come from (lca-1). Read as a person reads them: card badges, the legend,
 * and the details of a clicked card. Screenshots for review: QUEUE_WORDS_SHOTS=<dir>.
 */
import { expect, test } from './fixtures/viewsFixtures';

const shots = process.env.QUEUE_WORDS_SHOTS;

test('kueue-1: Kueue words on the cards, the legend and the details', async ({ app, page, queueTree }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=kueue-1&session=1', 30_000);
  await queueTree.tab.click();
  const badges = (queue: string) => queueTree.card(queue).getByTestId('queue-card.badge').locator('text');
  // Session 1: the sweep borrows prod's idle GPUs from the cohort.
  await expect(badges('research')).toHaveText(['borrowed 4 GPU']);
  await expect(badges('prod')).toHaveText(['lendable 4 GPU']);
  const legend = queueTree.panel.getByTestId('queue-tree.legend');
  await expect(legend).toContainText('nominal quota');
  await expect(legend).toContainText('borrowed from the cohort');
  await expect(legend).not.toContainText('fair share');
  // The lesson's facts line: Kueue has no actions list, so it names none (no dangling "· actions").
  await page.getByTestId('lesson.about-summary').click();
  const facts = page.getByTestId('lesson.facts');
  await expect(facts).toContainText('kueue profile');
  await expect(facts).toContainText('a session every');
  await expect(facts).not.toContainText('action');
  await expect(legend).not.toContainText('min-runtime');
  // No ClusterQueue writes a borrowing limit: the legend does not explain a badge no card shows.
  await expect(legend).not.toContainText('borrowing limit');

  // The lesson's step has research selected: pick prod, then research, as a person comparing them would.
  const details = page.getByTestId('inspector.queue');
  await queueTree.card('prod').click();
  await expect(details).toContainText('Queue prod');
  await expect(details.getByTestId('inspector.queue.lendable')).toHaveText('Lendable now: gpu 4 · cpu 32');
  await queueTree.card('research').click();
  await expect(details).toContainText('Queue research');
  await expect(details.getByTestId('inspector.queue.kind')).toHaveText('Kind: ClusterQueue');
  await expect(details.getByTestId('inspector.queue.cohort')).toHaveText('Cohort: org');
  await expect(details.getByTestId('inspector.queue.share')).toHaveText('Nominal quota: gpu 4 · cpu 32');
  await expect(details.getByTestId('inspector.queue.borrowed')).toHaveText('Borrowed: gpu 4');
  await expect(details).not.toContainText(/fair share|reclaimMinRuntime/i);
  if (shots !== undefined) {
    await page.screenshot({ path: `${shots}/kueue-1-1280x720.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${shots}/kueue-1-1920x1080.png` });
  }
});

test('lca-1: KAI min-runtimes the engine resolved, on the cards and in the details', async ({
  app,
  page,
  queueTree,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await app.open('?scenario=lca-1&session=1', 30_000);
  await queueTree.tab.click();
  const badges = (queue: string) => queueTree.card(queue).getByTestId('queue-card.badge').locator('text');
  await expect(badges('d')).toHaveText(['P 0s', 'R 1m']);
  await expect(badges('leaf3')).toHaveText(['P 0s', 'R 1m ↑d']);
  await expect(badges('b')).toHaveText(['P 0s', 'R 10m']);
  const legend = queueTree.panel.getByTestId('queue-tree.legend');
  await expect(legend).toContainText('fair share');
  await expect(legend).toContainText('min-runtime set here');

  await queueTree.card('leaf3').click();
  const details = page.getByTestId('inspector.queue');
  await expect(details).toContainText('Queue leaf3');
  await expect(details.getByTestId('inspector.queue.reclaim')).toHaveText(
    'reclaimMinRuntime: 1m, inherited from d',
  );
  await expect(details.getByTestId('inspector.queue.method')).toContainText('reclaimResolveMethod lca');
  if (shots !== undefined) {
    await page.screenshot({ path: `${shots}/lca-1-1280x720.png` });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.screenshot({ path: `${shots}/lca-1-1920x1080.png` });
  }
});
