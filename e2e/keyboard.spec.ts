import { expect, test } from './fixtures/fixtures';

test('keyboard shortcuts step, jump, play and open help', async ({ app, runControls, page }) => {
  await app.open('?scenario=welcome');
  await page.keyboard.press('ArrowRight');
  await runControls.expectSession(2);
  // The lesson now shows its first question: answered, it lets the run move past it (decision 0267).
  await page.getByTestId('lesson-question.choice').first().click();
  await page.keyboard.press('e');
  await runControls.expectSession(3);
  await page.keyboard.press('Shift+E');
  await runControls.expectSession(3); // no earlier eviction
  await page.keyboard.press('End');
  await runControls.expectSession(7, 7);
  await page.keyboard.press('Home');
  await runControls.expectSession(1);
  await page.keyboard.press('h');
  await runControls.expectSession(1);

  await page.keyboard.press('d');
  await expect(app.decisionsTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await expect(app.jobsTab).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press(']');
  await page.keyboard.press(']');
  await page.keyboard.press(' ');
  await expect.poll(async () => (await app.state())?.cursor, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
  await page.keyboard.press(' ');
  const paused = (await app.state())?.cursor;
  await page.waitForTimeout(600);
  expect((await app.state())?.cursor).toBe(paused);

  await page.keyboard.press('?');
  const help = page.getByTestId('help-dialog');
  await expect(help).toBeVisible();
  await expect(help.getByTestId('help-dialog.next-eviction')).toContainText(
    'Jump to the next session with an eviction',
  );
  await expect(help.getByTestId('help-dialog.step-forward')).toContainText('→');
  // Shortcuts are off while a dialog is open.
  await page.keyboard.press('ArrowRight');
  expect((await app.state())?.cursor).toBe(paused);
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  await page.keyboard.press('t');
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
});
