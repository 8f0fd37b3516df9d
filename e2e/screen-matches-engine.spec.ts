/**
 * The screen says what the engine decided, read as a person reads it: reclaim protection under the LCA
 * method is given per waiting reclaimer (never one queue-method figure), the Protected filter keeps the jobs
 * the decision log says are kept, an evicted victim reads as evicted, a stopped job's run is its real length,
 * the action is named once, and counts agree with their nouns.
 */
import { expect, test } from './fixtures/fixtures';

test('Compare · LCA session 1: the victims are protected from leaf3 in the table, the filter and the inspector, as the decision log says', async ({
  app,
  jobsTable,
  decisionLog,
  inspector,
  page,
}) => {
  await app.open('?scenario=compare-lca&session=1');
  for (const victim of ['victim1', 'victim2']) {
    const cell = jobsTable.reclaimProtection(victim);
    await expect(cell).toHaveAttribute('data-status', 'protected');
    await expect(cell).toHaveAttribute('data-method', 'lca');
    await expect(cell).toContainText('protected for another 1m55s');
    await expect(cell).toContainText('from leaf3 · 2m0s from b · LCA b → c');
    await expect(cell).not.toContainText('none (0s)');
    await expect(cell).not.toContainText('queue method');
  }

  await page.getByTestId('jobs-table.status.protected').click();
  await expect(jobsTable.rows()).toHaveCount(2);
  const protectedJobs = await jobsTable
    .rows()
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-job')));
  expect(protectedJobs.sort()).toEqual(['victim1', 'victim2']);
  await expect(page.getByText('2 of 3 jobs')).toBeVisible();

  // The decision log: the reclaimer's attempt keeps every victim by min-runtime, the same two jobs.
  await app.decisionsTab.click();
  const attempt = decisionLog.log
    .locator('[data-testid="decision-log.attempt"][data-job="reclaimer"]')
    .filter({ hasText: 'reclaim for reclaimer' });
  await expect(attempt).toContainText(
    'Every possible victim of reclaimer is kept: 2 jobs by min-runtime protection',
  );
  await attempt.getByTestId('decision-log.attempt-summary').click();
  const kept = attempt.locator('[data-testid="victim"][data-outcome="filtered"]');
  await expect(kept).toHaveCount(2);
  const keptJobs = await kept.evaluateAll((victims) => victims.map((v) => v.getAttribute('data-job')));
  expect(keptJobs.sort()).toEqual(protectedJobs.sort());
  for (const victim of keptJobs) {
    const record = attempt.locator(`[data-testid="victim"][data-job="${victim}"]`);
    await expect(record).toContainText('✗ refused by minruntime');
    // KAI's own numbers under the verdict, drawn by KAI's renderer (decision 0315): start, end, verdict.
    await expect(record.getByTestId('verdict.minruntime')).toContainText('protected until');
  }
  // The proportion gate's figures too, and no detail left without its renderer.
  await expect(attempt.getByTestId('verdict.gate').first()).toContainText('Queue leaf3');
  await expect(attempt.getByTestId('profile-detail.unknown')).toHaveCount(0);

  // The inspector gives the detail: who reclaims, until when, the LCA and the walk.
  await app.page.getByTestId('main-view.jobs-tab').click();
  await jobsTable.row('victim1').click();
  await expect(inspector.reclaimHeadline).toHaveText('protected from leaf3 for another 1m55s');
  const line = inspector.job.getByTestId('inspector.reclaim.line');
  await expect(line).toHaveCount(1);
  await expect(line).toHaveAttribute('data-reclaimers', 'leaf3');
  await expect(line).toContainText('From leaf3: protected for another 1m55s (until t=1m55s)');
  await expect(line).toContainText('reclaimer in leaf3, victim in leaf1');
  await expect(line.getByTestId('resolution.source')).toHaveText('queue b');
  await expect(line.getByTestId('resolution.path')).toHaveText('c → b');
  await expect(inspector.job.getByTestId('inspector.reclaim.method')).toContainText('LCA method');
});

test('Welcome: the table and the inspector use the LCA wording of the decision', async ({
  app,
  jobsTable,
  decisionLog,
  inspector,
}) => {
  await app.open('?scenario=welcome&session=1');
  const cell = jobsTable.reclaimProtection('sweep-1');
  await expect(cell).toContainText('from product · 1m0s from research · LCA org → research');
  await expect(cell).not.toContainText('queue method');

  await jobsTable.row('sweep-1').click();
  await expect(inspector.reclaimHeadline).toHaveText('protected from product for another 15s');
  await expect(inspector.job.getByTestId('inspector.reclaim.line')).toContainText(
    'LCA (lowest common ancestor)',
  );
  await expect(inspector.job.getByTestId('inspector.reclaim.line')).toContainText(
    'org · one step down toward the victim: research',
  );
  await expect(inspector.job).not.toContainText('queue (walk up from the victim)');

  await app.decisionsTab.click();
  const attempt = decisionLog.log
    .locator('[data-testid="decision-log.attempt"][data-job="train-b"]')
    .filter({ hasText: 'reclaim for train-b' });
  await attempt.getByTestId('decision-log.attempt-summary').click();
  await expect(attempt.locator('[data-testid="victim"][data-job="sweep-1"]')).toContainText(
    'from queue research (LCA org, step down to research)',
  );
});

test('an evicted victim reads as evicted, and the releasing job shows how long it really ran', async ({
  app,
  jobsTable,
  decisionLog,
  inspector,
}) => {
  await app.open('?scenario=welcome&session=3');
  // sweep-1 started at t=-45s and was reclaimed at t=20s: it ran 1m5s.
  const runtime = jobsTable.row('sweep-1').getByTestId('jobs-table.runtime');
  await expect(runtime).toContainText('1m5s');
  await expect(runtime).toContainText('started t=-45s, stopped t=20s');
  await expect(runtime).not.toContainText('0s started');
  // Welcome's step 3 selects the pair train-b / sweep-1 when the lesson opens there (decision 0268): sweep-1's
  // row is already selected, and a click on it would clear it. The person looks at train-b, then back at sweep-1.
  await expect(jobsTable.row('sweep-1')).toHaveAttribute('aria-selected', 'true');
  await jobsTable.row('train-b').click();
  await expect(inspector.job).toHaveAttribute('data-job', 'train-b');
  await jobsTable.row('sweep-1').click();
  await expect(inspector.job).toContainText('last fresh start t=-45s, ran 1m5s until t=20s.');

  await app.decisionsTab.click();
  const eviction = decisionLog.items('evict');
  await decisionLog.expand(eviction);
  const victim = eviction.locator('[data-testid="victim"][data-job="sweep-1"]');
  await expect(victim).toHaveAttribute('data-outcome', 'evicted');
  await expect(victim).toContainText('✓ allowed by proportion at reclaimVictimFilter');
  await expect(victim).not.toContainText('✗ refused');
  await expect(victim).not.toContainText('no reclaim can take sweep-1');
  // The decision names its action once.
  await expect(eviction).toContainText('under reclaim · sweep-1-0 (job sweep-1, queue research) evicted');
  await expect(eviction).not.toContainText('reclaim: sweep-1-0');
});

test('a pending explanation names each action once: no "preempt: preempt:"', async ({ app, inspector }) => {
  await app.open('?scenario=elastic&session=3&job=batch');
  await expect(inspector.pendingExplanation).toContainText(
    'preempt: No running job qualifies as a victim for batch.',
  );
  await expect(inspector.pendingExplanation).not.toContainText('preempt: preempt:');
  await expect(inspector.pendingExplanation).not.toContainText('reclaim: reclaim');
  const attempts = inspector.pendingExplanation.getByTestId('pending-explanation.attempt');
  for (const text of await attempts.allInnerTexts()) expect(text).not.toMatch(/^(\w+): \w+ · \1[: ]/);
});

const ONE_JOB = `version: 1
name: one of each
nodes: [{name: n0, resources: {gpu: 1}}]
queues: [{name: team}]
jobs:
  - {name: solo, queue: team, minAvailable: 2, resources: {gpu: 1}, tasks: 2}
run: {sessions: 1}
`;

test('counts agree with their nouns: 1 job, 1 node, 1 task, the 2 tasks do not both fit', async ({
  app,
  editor,
  jobsTable,
  inspector,
  page,
}) => {
  await app.open('?scenario=compare-lca&session=1');
  // A lesson keeps its scenario's facts under "About this scenario" (decision 0302).
  await page.getByTestId('lesson.about').getByText('About this scenario').click();
  await expect(page.getByTestId('lesson')).toContainText('kai profile · 1 node · 7 queues · 3 jobs');
  await expect(jobsTable.row('victim1')).toContainText('1/1/1 task');

  await app.editButton.click();
  await editor.replaceText(ONE_JOB);
  await editor.apply.click();
  await app.waitForSession();
  await expect(app.lessonTitle).toHaveText('one of each');
  await expect(page.getByTestId('lesson')).toContainText('1 node · 1 queue · 1 job');
  await expect(page.getByText('1 job', { exact: true })).toBeVisible();
  await jobsTable.row('solo').click();
  await expect(inspector.pendingExplanation).toContainText(
    'The 2 tasks needed now (gang minAvailable 2) do not both fit',
  );
  await expect(inspector.pendingExplanation).not.toContainText('Not all 2 tasks');
  await expect(page.locator('body')).not.toContainText(/\b1 (jobs|nodes|queues|tasks|sessions)\b/);
});
