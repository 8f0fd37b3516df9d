/**
 * The seed design document's three reclaim examples, read from the queue tree's overlay: the LCA, the
 * queue one step below it toward the victim, and the resolved value, for the eviction (session 2) and
 * for the protected victim (session 1); and the what-if switch between the LCA and queue methods.
 */
import type { Locator } from '@playwright/test';
import type { DecisionLog } from './fixtures/DecisionLog';
import { expect, test } from './fixtures/viewsFixtures';

const EXAMPLES = [
  { id: 'lca-1', lca: 'b', stepDown: 'd', walk: 'd', source: 'd', ms: 60_000, value: '1m from d' },
  {
    id: 'lca-2',
    lca: 'c',
    stepDown: 'leaf2',
    walk: 'leaf2',
    source: 'leaf2',
    ms: 180_000,
    value: '3m from leaf2',
  },
  { id: 'lca-3', lca: 'b', stepDown: 'c', walk: 'c → b', source: 'b', ms: 600_000, value: '10m from b' },
] as const;

/** Opens the first eviction of the session's log and clicks its victim's "Show on tree". */
async function showEvictionOnTree(decisionLog: DecisionLog): Promise<void> {
  const item = await decisionLog.expand(decisionLog.items('evict').first());
  await item.getByTestId('show-on-tree').first().click();
}

/** Opens the reclaimer's reclaim attempt (which changed nothing) and clicks a protected victim's "Show on tree". */
async function showProtectedVictimOnTree(decisionLog: DecisionLog): Promise<Locator> {
  const attempt = decisionLog.log
    .getByTestId('decision-log.attempt')
    .filter({ hasText: /^reclaim for reclaimer/ });
  await attempt.getByTestId('decision-log.attempt-summary').click();
  const victim = attempt.locator('[data-testid="victim"][data-outcome="filtered"]').first();
  await victim.getByTestId('show-on-tree').click();
  return victim;
}

for (const ex of EXAMPLES) {
  test(`${ex.id}: the eviction's min-runtime path on the tree (LCA ${ex.lca}, step down ${ex.stepDown}, ${ex.value})`, async ({
    app,
    decisionLog,
    queueTree,
  }) => {
    await app.open(`?scenario=${ex.id}&session=2`);
    await app.decisionsTab.click();
    await showEvictionOnTree(decisionLog);

    await expect(queueTree.tab).toHaveAttribute('aria-selected', 'true');
    await expect(queueTree.path).toHaveAttribute('data-lca', ex.lca);
    await expect(queueTree.path).toHaveAttribute('data-step-down', ex.stepDown);
    await expect(queueTree.path).toHaveAttribute('data-source', ex.source);
    await expect(queueTree.path).toHaveAttribute('data-duration-ms', String(ex.ms));
    await expect(queueTree.path).toHaveAttribute('data-what-if', 'false');
    await expect(queueTree.lca).toHaveText(ex.lca);
    await expect(queueTree.stepDown).toHaveText(ex.stepDown);
    await expect(queueTree.walk).toHaveText(ex.walk);
    await expect(queueTree.value).toHaveText(ex.value);
    // The victims started ms - 1s before t=0, so the protection ended at t=1s, before this session (t=2s).
    await expect(queueTree.until).toHaveText('protected until t=1s (over)');
    // The drawing says the same as the words.
    await expect(queueTree.overlayNote).toHaveAttribute('aria-label', new RegExp(`^${ex.value}`));
    await expect(queueTree.overlayNote).toHaveAttribute(
      'aria-label',
      new RegExp(`LCA ${ex.lca} · step down ${ex.stepDown} · walk up ${ex.walk}`),
    );
    // The victim's queue is the selected job's queue; the preemptor and victim cards are on screen.
    await expect(queueTree.card('leaf1')).toBeVisible();
    await expect(
      queueTree.card(ex.id === 'lca-3' ? 'leaf1' : ex.id === 'lca-2' ? 'leaf2' : 'leaf3'),
    ).toHaveAttribute('data-highlighted', '');
  });

  test(`${ex.id}: the protected victim's path at session 1 says until when it is protected`, async ({
    app,
    decisionLog,
    queueTree,
  }) => {
    await app.open(`?scenario=${ex.id}&session=1`);
    await app.decisionsTab.click();
    await showProtectedVictimOnTree(decisionLog);
    await expect(queueTree.lca).toHaveText(ex.lca);
    await expect(queueTree.stepDown).toHaveText(ex.stepDown);
    await expect(queueTree.value).toHaveText(ex.value);
    await expect(queueTree.path).toContainText('was protected by its reclaim min-runtime from reclaimer');
    await expect(queueTree.until).toHaveText('protected until t=1s');
  });
}

test('what-if: switching lca ↔ queue redraws the path and the value (design doc example 3)', async ({
  app,
  decisionLog,
  queueTree,
}) => {
  await app.open('?scenario=lca-3&session=1');
  await app.decisionsTab.click();
  await showProtectedVictimOnTree(decisionLog);
  await expect(queueTree.value).toHaveText('10m from b');
  await expect(queueTree.method('lca')).toHaveAttribute('aria-pressed', 'true');

  // Under the queue method the walk starts at the victim's own leaf, whose 0s protects nothing.
  await queueTree.method('queue').click();
  await expect(queueTree.path).toHaveAttribute('data-what-if', 'true');
  await expect(queueTree.path).toHaveAttribute('data-method', 'queue');
  await expect(queueTree.path).toHaveAttribute('data-source', 'leaf1');
  await expect(queueTree.value).toHaveText('0s from leaf1');
  await expect(queueTree.until).toHaveText('no protection (0s)');
  await expect(queueTree.lca).toHaveCount(0);
  await expect(queueTree.overlayNote).toHaveAttribute(
    'aria-label',
    /^0s from leaf1.*reclaim \(queue method\) · walk up leaf1/,
  );

  await queueTree.method('lca').click();
  await expect(queueTree.path).toHaveAttribute('data-what-if', 'false');
  await expect(queueTree.value).toHaveText('10m from b');
  await expect(queueTree.overlayNote).toHaveAttribute('aria-label', /LCA b · step down c · walk up c → b/);
});

test("a job's own protection and a what-if reclaimer from the jobs table", async ({
  app,
  jobsTable,
  queueTree,
  page,
}) => {
  await app.open('?scenario=lca-1&session=1');
  await jobsTable.row('victim1').click();
  await page.getByTestId('jobs-table.show-on-tree').click();
  await expect(queueTree.tab).toHaveAttribute('aria-selected', 'true');
  // Under lca reclaim protection depends on who reclaims: the tree draws what the engine resolved for the
  // waiting reclaimer's queue (leaf1): LCA b, one step down toward the victim d, 1m from d.
  await expect(queueTree.path).toContainText(
    'victim1 (leaf3): its own reclaim protection against a reclaimer in leaf1',
  );
  await expect(queueTree.lca).toHaveText('b');
  await expect(queueTree.stepDown).toHaveText('d');
  await expect(queueTree.walk).toHaveText('d');
  await expect(queueTree.value).toHaveText('1m from d');
  await expect(queueTree.card('leaf3')).toHaveAttribute('data-highlighted', '');

  // What if a job in leaf2 reclaimed it? leaf2 and leaf3 meet at b; one step down toward leaf3 is d.
  await page.getByRole('combobox', { name: 'What if reclaimed from' }).click();
  await page.getByRole('option', { name: 'a job in leaf2' }).click();
  await expect(queueTree.path).toHaveAttribute('data-what-if', 'true');
  await expect(queueTree.lca).toHaveText('b');
  await expect(queueTree.stepDown).toHaveText('d');
  await expect(queueTree.value).toHaveText('1m from d');

  await page.getByTestId('queue-tree.kind.preempt').click();
  await expect(queueTree.path).toHaveAttribute('data-kind', 'preempt');
  await expect(queueTree.value).toHaveText('0s (plugin default)');
});

test('the walk up the tree animates, unless the reader asks for reduced motion', async ({
  app,
  decisionLog,
  queueTree,
  page,
}) => {
  const walk = queueTree.panel.locator('[data-lca-overlay] path[marker-end]');
  // The specs ask for reduced motion by default (playwright.config.ts); this one is about the motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await app.open('?scenario=lca-3&session=2');
  await app.decisionsTab.click();
  await showEvictionOnTree(decisionLog);
  await expect(walk).toHaveCount(1);
  // The dashes march up three times, then rest: nothing on the page animates once they have (decision 0370).
  await expect(walk).toHaveCSS('animation-iteration-count', '3');
  expect(await walk.evaluate((el) => el.getAnimations().length)).toBe(1);
  await expect.poll(() => page.evaluate(() => document.getAnimations().length), { timeout: 6_000 }).toBe(0);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  await expect(walk).toHaveCSS('animation-name', 'none');
});
