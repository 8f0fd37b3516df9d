/**
 * A text over 1 MB (issue 22 Deliver 5, decision 0277): the editor says it works in its large-text mode, the
 * last key typed before Ctrl+Enter is the text applied (a large text reaches the store after a pause), and a
 * small text brings the full editor back.
 */
import { expect, test } from './fixtures/fixtures';

test('a pasted 1.3 MB scenario: the editor says what it turned off, and applies the last key typed', async ({
  app,
  editor,
  page,
}) => {
  // Imported here, not at the top: scripts/benchWorkloads imports the engine, which Playwright's runner would
  // otherwise load while it lists the tests (issue 22, CI time).
  const { podsDocument } = await import('../scripts/benchWorkloads');
  const text = JSON.stringify(podsDocument(400));
  expect(text.length).toBeGreaterThan(1_000_000);
  await app.open('?scenario=lca-1');
  await app.editButton.click();
  const note = page.getByTestId('editor.large-text');
  await expect(note).toBeHidden();
  await editor.pasteText(text);
  await expect(note).toContainText(`Large text (${(text.length / 1e6).toFixed(1)} MB, over 1 MB)`);
  await expect(note).toContainText('completion as you type and field explanations are off');

  // A stray character typed at the end and applied at once: the text applied is the one with it.
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.type('x');
  await page.keyboard.press('ControlOrMeta+Enter');
  await expect(editor.issues.first()).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => editor.value().then((v) => v.length)).toBe(text.length + 1);

  await editor.replaceText('version: 1\n');
  await expect(note).toBeHidden();
});
