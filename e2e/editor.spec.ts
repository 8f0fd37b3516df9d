import { expect, test } from './fixtures/fixtures';

const BROKEN = `version: 1
name: broken
nodes: [{name: n0, resources: {gpu: 1}}]
queues:
  - name: team
    parent: nowhere
jobs: []
`;

const HOSTILE = `version: 1
name: "<img src=x onerror=alert(1)> **not bold**"
description: |
  <script>window.__pwned = true</script> plain <b>tags</b> stay text.
nodes: [{name: n0, resources: {gpu: 1}}]
queues: [{name: team}]
jobs:
  - {name: job-a, queue: team, resources: {gpu: 1}}
`;

test('broken YAML shows problems with field path and line, and the text is never lost', async ({
  app,
  editor,
  page,
}) => {
  await app.open('?scenario=lca-1');
  await app.editButton.click();
  await editor.replaceText(BROKEN);
  await editor.apply.click();
  await expect(editor.issues.first()).toContainText('queues[0].parent');
  await expect(editor.issues.first()).toContainText('line 6');
  await expect.poll(() => editor.value()).toBe(BROKEN);
  await editor.close.click();
  await expect(app.banner('invalid')).toBeVisible();
  // The previous run stays on screen.
  await expect(app.lessonTitle).toContainText('LCA 1');

  await page.reload();
  await app.waitForSession();
  await app.editButton.click();
  await expect.poll(() => editor.value()).toBe(BROKEN);

  await editor.replaceText(BROKEN.replace('    parent: nowhere\n', ''));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await expect(app.lessonTitle).toHaveText('broken');
  await expect.poll(async () => (await app.searchParams()).get('scenario')).toBe('custom');
});

test('names and lesson text from a scenario are rendered as text, never as HTML', async ({
  app,
  editor,
  page,
}) => {
  await app.open();
  await app.editButton.click();
  await editor.replaceText(HOSTILE);
  await editor.text.press('Control+Enter');
  await expect(editor.dialog).toBeHidden();
  await app.waitForSession();
  await expect(app.lessonTitle).toHaveText('<img src=x onerror=alert(1)> **not bold**');
  await expect(page.getByTestId('lesson')).toContainText(
    '<script>window.__pwned = true</script> plain <b>tags</b> stay text.',
  );
  await expect(page.locator('main img, aside img, header img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();
});
