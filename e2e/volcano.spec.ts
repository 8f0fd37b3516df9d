/**
 * Volcano and kube-batch lessons from the gallery, explained on screen: the SLA clock in the jobs table,
 * the tier-by-tier vote behind enqueue and JobPipelined, the victim vote behind a kube-batch eviction, and
 * Volcano's queue figures on the tree. Screenshots for review: VOLCANO_SHOTS=<dir>.
 */
import { seriousViolations } from './fixtures/axe';
import type { Locator, Page } from '@playwright/test';
import { shootForReview } from './fixtures/reviewShots';
import { expect, test } from './fixtures/fixtures';

const shots = process.env.VOLCANO_SHOTS;

const shoot = (page: Page, name: string) => shootForReview(page, shots, name);

/** Opens the attempts behind the selected job's pending explanation whose summary matches `text`. */
async function openPendingAttempt(page: Page, text: RegExp): Promise<Locator> {
  const attempt = page
    .getByTestId('decision-log')
    .getByTestId('pending-explanation.attempt')
    .filter({ has: page.getByTestId('pending-explanation.attempt-summary').filter({ hasText: text }) })
    .first();
  // A disclosure opened on the previous session stays open on the next one (same attempt index).
  if ((await attempt.getAttribute('open')) === null) {
    await attempt.getByTestId('pending-explanation.attempt-summary').click();
  }
  return attempt;
}

test.describe('SLA 1 · a big job stops waiting (Volcano sla)', () => {
  test('the jobs table counts the SLA down, then says it expired; PodGroup phase follows', async ({
    app,
    jobsTable,
    page,
  }) => {
    await app.open('?scenario=sla-1&session=2', 30_000);
    const big = jobsTable.row('big-training');
    await expect(big.getByTestId('jobs-table.sla')).toHaveText(/waiting 10s of 15s · expires in 5s/);
    await expect(big.getByTestId('jobs-table.phase')).toHaveText('Pending');
    await expect(big.getByTestId('jobs-table.enqueue')).toHaveText(
      'enqueue: not admitted by overcommit (tier 2)',
    );
    await expect(page.getByTestId('jobs-table.sort.preempt')).toHaveCount(0);
    await shoot(page, 'jobs-table-sla-waiting');

    await page.getByRole('button', { name: 'Next session' }).click();
    await app.waitForSession();
    await expect(big.getByTestId('jobs-table.sla')).toHaveText(/SLA expired at t=15s/);
    await expect(big.getByTestId('jobs-table.phase')).toHaveText('Inqueue');
    await expect(big.getByTestId('jobs-table.enqueue')).toHaveText('enqueue: admitted by sla (tier 1)');
  });

  test('the enqueue vote explains why the big job is still Pending, then why it is Inqueue', async ({
    app,
    page,
  }) => {
    await app.open('?scenario=sla-1&session=2&job=big-training', 30_000);
    await app.decisionsTab.click();
    await expect(page.getByTestId('decision-log').getByTestId('pending-explanation')).toContainText(
      'Why is big-training still Pending, not Inqueue?',
    );
    const attempt = await openPendingAttempt(page, /^enqueue/);
    const table = attempt.getByTestId('vote-table');
    await expect(table).toHaveAttribute('data-result', 'false');
    const rows = table.getByTestId('vote-table.row');
    await expect(rows.filter({ hasText: 'sla' }).first()).toHaveAttribute('data-vote', 'abstain');
    await expect(table.locator('[data-testid="vote-table.row"][data-plugin="overcommit"]')).toContainText(
      'Reject · decides',
    );
    await expect(attempt.getByTestId('enqueue-gate').first()).toContainText('overcommit gate');
    await shoot(page, 'decision-log-enqueue-vote');

    await page.getByRole('button', { name: 'Next session' }).click();
    await app.waitForSession();
    const admitted = await openPendingAttempt(page, /^enqueue/);
    const vote = admitted.getByTestId('vote-table');
    await expect(vote).toHaveAttribute('data-result', 'true');
    await expect(vote.locator('[data-testid="vote-table.row"][data-plugin="sla"]')).toContainText(
      'Permit · decides',
    );
    await expect(vote.getByTestId('vote-table.result')).toContainText('Tier 1 decided (sla)');
  });

  test('the timeline marks the SLA expiry and the queue tree shows proportion’s figures', async ({
    app,
    page,
  }) => {
    await app.open('?scenario=sla-1&session=3', 30_000);
    await expect(page.locator('[data-kind="sla-expiry"]')).toHaveCount(1);
    await expect(page.locator('[data-kind="enqueue"]').first()).toBeVisible();
    await page.getByTestId('main-view.queues-tab').click();
    const team = page.locator('[data-testid="volcano-queues.row"][data-queue="team"]');
    await expect(team).toContainText('gpu 8'); // deserved: the whole cluster for the only queue
    await expect(page.getByTestId('queue-tree.method.lca')).toHaveCount(0);
    await shoot(page, 'queue-tree-volcano');
  });
});

test('SLA 2 · the JobPipelined vote shows gang’s Reject beating sla’s Permit, and says the doc differs', async ({
  app,
  page,
}) => {
  await app.open('?scenario=sla-2&session=3&job=big-training', 30_000);
  await app.decisionsTab.click();
  const attempt = await openPendingAttempt(page, /^allocate/);
  const pipelined = attempt.locator('[data-testid="vote-table"][data-point="jobPipelined"]').first();
  await expect(pipelined).toHaveAttribute('data-result', 'false');
  await expect(pipelined.locator('[data-testid="vote-table.row"][data-plugin="sla"]')).toContainText(
    'Permit',
  );
  await expect(pipelined.locator('[data-testid="vote-table.row"][data-plugin="gang"]')).toContainText(
    'Reject · decides',
  );
  await expect(pipelined.getByTestId('vote-table.sla-note')).toContainText('Design doc vs code');
  await shoot(page, 'decision-log-pipelined-vote');
});

test('kube-batch preempt · the eviction shows each plugin’s victim list and the set it left', async ({
  app,
  decisionLog,
  page,
}) => {
  await app.open('?scenario=kube-batch-preempt&session=1', 30_000);
  await app.decisionsTab.click();
  const evict = await decisionLog.expand(decisionLog.items('evict').first());
  const table = evict.getByTestId('victim-vote-table').first();
  await expect(table).toBeVisible();
  // kube-batch combines victim answers with the sticky empty veto (reference §3.3).
  await expect(table.getByTestId('victim-vote-table.result')).toContainText(
    'kube-batch: the answers are intersected',
  );
  await expect(table.getByTestId('victim-vote-table.row').first()).toBeVisible();
  await shoot(page, 'decision-log-kube-batch-victims');
});

test('a Volcano scenario has no serious or critical axe violations (jobs, votes, queues; light and dark)', async ({
  app,
  page,
}) => {
  await app.open('?scenario=sla-1&session=3&job=big-training', 30_000);
  expect(await seriousViolations(page)).toEqual([]);
  await app.decisionsTab.click();
  await openPendingAttempt(page, /^enqueue/);
  await expect(page.getByTestId('vote-table').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('t');
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  // Repeated until MUI's colour transitions have settled (a scan mid-way sees blended colours).
  await expect.poll(() => seriousViolations(page), { timeout: 20_000 }).toEqual([]);
  await page.getByTestId('main-view.queues-tab').click();
  await expect(page.getByTestId('volcano-queues')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
