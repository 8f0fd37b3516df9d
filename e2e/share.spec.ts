import type { Browser, BrowserContext, Page } from '@playwright/test';
import { encodeShareFragment } from '../src/features/share/shareLink';
import { AppPage } from './fixtures/AppPage';
import { EditorDialog } from './fixtures/EditorDialog';
import { expect, test } from './fixtures/fixtures';
import { SharePage } from './fixtures/SharePage';

const WRITTEN = `version: 1
name: Shared from Alice
description: Two teams share four GPUs.
nodes: [{name: gpu-node, resources: {gpu: 4}}]
queues:
  - {name: research, resources: {gpu: {quota: 2}}}
  - {name: prod, resources: {gpu: {quota: 2}}}
jobs:
  - {name: train-a, queue: research, resources: {gpu: 1}, tasks: 4, submitAt: 0s}
  - {name: serve-b, queue: prod, priorityClassName: inference, resources: {gpu: 1}, tasks: 2, submitAt: 5s}
run: {until: 30s}
`;

const BOBS_DRAFT = `version: 1
name: Bob's unfinished work
nodes: [{name: n0, resources: {gpu: 2}}]
queues: [{name: team}]
jobs:
  - {name: bob-job, queue: team, resources: {gpu: 1}
`;

/** A fresh browser context with the test API and a console-error guard, as the `app` fixture sets up. */
async function freshContext(
  browser: Browser,
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.addInitScript(() => {
    window.__PRELAB_E2E__ = true;
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  return { context, page, errors };
}

test('a written scenario reaches a second browser through its link, and the recipient’s draft is kept', async ({
  app,
  editor,
  share,
  browser,
  page,
}) => {
  test.setTimeout(150_000); // two browsers, two runs
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await app.open();
  await app.editButton.click();
  await editor.replaceText(WRITTEN);
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await expect(app.lessonTitle).toHaveText('Shared from Alice');
  await app.page.getByTestId('run-controls.step-forward').click();
  await app.waitForSession();

  await share.button.click();
  const link = await share.link.inputValue();
  expect(link).toMatch(/#share=1\.[A-Za-z0-9_-]+$/);
  await share.copy.click();
  await expect(page.getByTestId('share.copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await share.close.click();

  // Bob, in his own browser, has an unsaved draft (it does not even parse yet).
  const bob = await freshContext(browser);
  const bobApp = new AppPage(bob.page);
  const bobEditor = new EditorDialog(bob.page);
  const bobShare = new SharePage(bob.page);
  await bobApp.open();
  await bobApp.editButton.click();
  await bobEditor.replaceText(BOBS_DRAFT);
  await bobEditor.close.click();

  await bob.page.goto(link);
  await bobApp.waitForSession();
  await expect(bobShare.banner).toContainText('Preview of a shared scenario: Shared from Alice');
  await expect(bobShare.banner).toContainText("Bob's unfinished work");
  await expect(bobApp.lessonTitle).toHaveText('Shared from Alice');
  expect((await bobApp.state())?.cursor).toBe(2);
  await bobApp.editButton.click();
  await expect.poll(() => bobEditor.value()).toBe(BOBS_DRAFT);
  await bobEditor.close.click();

  // One click returns to his draft, unchanged (it does not parse, so it opens in the editor).
  await bobShare.backToDraft.click();
  await expect(bobEditor.dialog).toBeVisible();
  await expect.poll(() => bobEditor.value()).toBe(BOBS_DRAFT);
  expect(bob.errors).toEqual([]);
  await bob.context.close();
});

test('Keep a copy puts the shared scenario in My scenarios and keeps the previous draft there too', async ({
  app,
  editor,
  share,
  page,
}) => {
  const fragment = encodeShareFragment({ text: WRITTEN, session: null, selection: null, pair: null });
  await app.open();
  await app.editButton.click();
  await editor.replaceText(BOBS_DRAFT);
  await editor.close.click();
  await page.goto(`/#${fragment}`);
  await app.waitForSession();
  await share.keepCopy.click();
  await expect(page.getByTestId('notice.success')).toContainText(
    'Kept in My scenarios as “Shared from Alice”',
  );
  await expect(page.getByTestId('notice.success')).toContainText("Bob's unfinished work");
  await expect(share.banner).toBeHidden();
  await app.scenarioButton.click();
  await expect(page.getByTestId('my-scenarios.entry')).toHaveCount(2);
  await expect(page.getByTestId('my-scenarios')).toContainText('Shared from Alice');
  await expect(page.getByTestId('my-scenarios')).toContainText("Bob's unfinished work");
});

test.describe('links that cannot open as they are', () => {
  test.use({ allowConsoleErrors: false });

  test('a link from an older engine shows what may differ', async ({ app, share, page }) => {
    const fragment = encodeShareFragment(
      { text: WRITTEN, session: 3, selection: { kind: 'job', name: 'train-a' }, pair: null },
      { engineVersion: '0.0.9' },
    );
    await page.goto(`/#${fragment}`);
    await app.waitForSession();
    await expect(share.banner).toBeVisible();
    await expect(share.notes).toContainText('Made with engine 0.0.9');
    // The link's selection opens the job's details (the lesson tab is behind them).
    await expect(app.scenarioButton).toContainText('Shared from Alice');
    expect((await app.state())?.selectedJob).toBe('train-a');
  });

  test('a damaged link says what is wrong and changes nothing', async ({ app, editor, share, page }) => {
    await app.open();
    await app.editButton.click();
    await editor.replaceText(BOBS_DRAFT);
    await editor.close.click();
    const fragment = encodeShareFragment({ text: WRITTEN, session: null, selection: null, pair: null });
    await page.goto(`/#${fragment.slice(0, fragment.length - 9)}`);
    await app.waitForSession();
    await expect(share.error).toContainText('The link is damaged');
    await expect(share.error).toContainText('Nothing else was changed');
    await expect(share.banner).toBeHidden();
    await app.editButton.click();
    await expect.poll(() => editor.value()).toBe(BOBS_DRAFT);
  });
});

test('a link naming no gallery lesson says so and opens the first lesson', async ({ app, share }) => {
  await app.open('?scenario=lca-9-no-such-lesson');
  await expect(share.error).toContainText(
    'names the scenario “lca-9-no-such-lesson”, which is not in the gallery',
  );
  await expect(share.error).toContainText('A reclaim waits for min-runtime');
  await expect(app.scenarioButton).toContainText('Welcome');
});

test('a link to a session past the run says so and shows the last one', async ({ app, page }) => {
  await app.open('?scenario=lca-1&session=999');
  await expect(page.getByTestId('notice.info')).toContainText(
    'This run has 3 sessions, so session 999 does not exist: the last one is shown.',
  );
  await expect.poll(async () => (await app.state())?.cursor).toBe(3);
});

test('a link selecting a job the scenario lacks says so; one submitted later stays selected', async ({
  app,
  share,
}) => {
  // The name is shown as written, as text: markup in a link stays visible characters.
  await app.open('?scenario=lca-1&job=%3Cb%3Eno-such-job%3C%2Fb%3E');
  await expect(share.error).toContainText(
    'The link selects job “<b>no-such-job</b>”, which is not in this scenario, so no job is selected.',
  );
  await expect.poll(async () => (await app.state())?.selectedJob).toBeNull();
  await expect.poll(async () => (await app.searchParams()).get('job')).toBeNull();
  // `batch` arrives by an event at 20s: not in session 1's jobs, yet in the scenario.
  await app.open('?scenario=elastic&session=1&job=batch');
  await expect.poll(async () => (await app.state())?.selectedJob).toBe('batch');
  await expect(share.error).toBeHidden();
});

test('a link to one of My scenarios this browser lacks says why', async ({ app, share }) => {
  await app.open('?scenario=custom&mine=m-from-another-browser');
  await expect(share.error).toContainText('(“m-from-another-browser”) that this browser does not have');
  await expect(app.scenarioButton).toContainText('Welcome');
});

test('Back and Forward move between the scenarios opened', async ({ app, page }) => {
  await app.open('?scenario=lca-1');
  await app.scenarioButton.click();
  await page.getByTestId('gallery.lca-2').click();
  await app.waitForSession();
  await expect.poll(async () => (await app.searchParams()).get('scenario')).toBe('lca-2');
  await page.goBack();
  await expect.poll(async () => (await app.state())?.scenario).toBe('lca-1');
  await app.waitForSession();
  await page.goForward();
  await expect.poll(async () => (await app.state())?.scenario).toBe('lca-2');
});

test('picking a gallery scenario keeps the written one in My scenarios', async ({ app, editor, page }) => {
  await app.open();
  await app.editButton.click();
  await editor.replaceText(BOBS_DRAFT);
  await editor.close.click();
  await app.scenarioButton.click();
  await page.getByTestId('gallery.lca-1').click();
  await app.waitForSession();
  await expect(page.getByTestId('notice.info')).toContainText("Bob's unfinished work");
  await app.scenarioButton.click();
  await page
    .getByTestId('my-scenarios.entry')
    .getByRole('button', { name: "Bob's unfinished work", exact: true })
    .click();
  await app.editButton.click();
  await expect.poll(() => editor.value()).toBe(BOBS_DRAFT);
});
