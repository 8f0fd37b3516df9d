import { expect, test } from './fixtures/fixtures';

test('a pending job: the main blocker, a proven suggestion, and Try it shows the job start at the promised session', async ({
  app,
  jobsTable,
  inspector,
  why,
}) => {
  await app.open('?scenario=welcome&session=1');
  const draftBefore = await app.draft();
  await jobsTable.row('train-b').click();
  await why.ask.click();
  await expect(why.headline).toContainText('train-b is pending at session 1');
  await expect(why.headline).toContainText('protected by min-runtime');
  await expect(why.blocker).toContainText('Main blocker:');
  const shorter = why.suggestion('Set reclaimMinRuntime of queue research to 55s');
  await expect(shorter).toContainText('checked: starts at session 2');

  await shorter.getByRole('button', { name: /Try it/ }).click();
  await expect(why.whatIfBanner).toContainText('What if: Set reclaimMinRuntime of queue research to 55s');
  await expect(why.whatIfBanner).toContainText('train-b starts at session 2');
  await app.waitForSession();
  await expect.poll(async () => (await app.state())?.cursor).toBe(2);
  // The engine's snapshot of the changed scenario: train-b is placed (its pods bound or pipelined) at session 2.
  await expect(inspector.job).toHaveAttribute('data-job', 'train-b');
  await expect(jobsTable.row('train-b')).toContainText(/Pipelined|Running/);
  expect(await app.draft()).toBe(draftBefore);

  await why.whatIfBack.click();
  await expect(why.whatIfBanner).toBeHidden();
  await app.waitForSession();
  const back = await app.state();
  expect(back).toMatchObject({ scenario: 'welcome', cursor: 1, selectedJob: 'train-b' });
  expect(await app.draft()).toBe(draftBefore);
  await expect(jobsTable.row('train-b')).toContainText('Pending');
});

test('an evicted job: who evicted it, under which action, the min-runtime and where it came from, what would have protected it', async ({
  app,
  why,
}) => {
  await app.open('?scenario=welcome&session=3&job=sweep-1');
  await why.ask.click();
  await expect(why.headline).toContainText('sweep-1 is evicted at session 3');
  const who = why.eviction.getByTestId('why.eviction.who');
  await expect(who).toContainText(
    'Evicted at session 3 (t=20s) by reclaim, to make room for train-b (queue product)',
  );
  await expect(why.eviction.getByTestId('why.eviction.minruntime')).toContainText(
    'Min-runtime that applied: 1m0s, from research; LCA method, lowest common ancestor org',
  );
  const protect = why.eviction.getByTestId('why.eviction.protect');
  await expect(protect).toContainText('A reclaimMinRuntime of at least 1m6s on queue research');
  await expect(protect).toContainText('(checked by the engine)');

  // The answer stays the one for session 3; after a step the panel offers to ask again.
  await app.page.keyboard.press('ArrowRight');
  await app.waitForSession();
  await expect(why.ask).toHaveText('Ask again at session 4');
  await expect(app.page.getByTestId('why.session')).toHaveText('(answer below is for session 3)');
});

test('an LCA case: waiting is the change, and Go to session moves to where the reclaimer is placed', async ({
  app,
  jobsTable,
  why,
}) => {
  await app.open('?scenario=lca-1&session=1&job=reclaimer');
  await why.ask.click();
  await expect(why.blocker).toHaveAttribute('data-code', 'victims-protected');
  const wait = why.suggestion('No change: wait until t=2s');
  await expect(wait).toContainText('checked: starts at session 2 (t=2s)');
  await wait.getByRole('button', { name: /Go to session 2/ }).click();
  await app.waitForSession();
  expect(await app.state()).toMatchObject({ scenario: 'lca-1', cursor: 2, selectedJob: 'reclaimer' });
  await expect(jobsTable.row('reclaimer')).toContainText(/Pipelined|Running/);
  // The victim of that session: evicted by reclaim, with the LCA walk of its min-runtime.
  await jobsTable.row('victim2').click();
  await why.ask.click();
  await expect(why.eviction.getByTestId('why.eviction.minruntime')).toContainText(
    'from d; LCA method, lowest common ancestor b',
  );
});

test('Volcano: a gang that needs a node; Try it adds the node and Keep a copy keeps the changed scenario', async ({
  app,
  jobsTable,
  why,
  page,
}) => {
  await app.open('?scenario=sla-1&session=1&job=big-training');
  // The lesson's first question is open, so the details are folded to their title (decision 0270): open them.
  await page.getByTestId('side-panel.details-show').click();
  await why.ask.click();
  await expect(why.headline).toContainText('big-training is pending at session 1');
  await expect(why.headline).toContainText('gang minimum 8');
  const node = why.suggestion('Add one node added-node with gpu 8');
  await expect(node).toContainText('checked: starts at session 2');
  await node.getByRole('button', { name: /Try it/ }).click();
  await expect(why.whatIfBanner).toContainText('big-training starts at session 2');
  await app.waitForSession();
  expect(await app.state()).toMatchObject({ scenario: 'what-if', cursor: 2, selectedJob: 'big-training' });
  await expect(jobsTable.row('big-training')).toContainText(/Pipelined|Running/);

  await app.page.getByTestId('whatif.keep').click();
  await expect(app.page.getByTestId('notice.success')).toContainText('Kept in My scenarios as');
  await expect(why.whatIfBanner).toBeHidden();
  await app.waitForSession();
  expect(await app.state()).toMatchObject({ scenario: 'custom', cursor: 2, selectedJob: 'big-training' });
  expect(await app.draft()).toContain('added-node');
});
