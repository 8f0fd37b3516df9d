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

test('a key pressed as the gallery closes is heard: pick a lesson, press F at once, presenter mode opens', async ({
  app,
  page,
  stage,
}) => {
  await app.open('?scenario=welcome');
  await page.keyboard.press('g');
  await page.getByTestId('gallery.lca-1').click();
  // No wait for the dialog to fade: a teacher with a clicker does not wait either (the closing dialog kept the
  // focus, and its key, for the length of its fade: CI stop 34).
  await page.keyboard.press('f');
  await expect(stage.presenter).toBeVisible();
  await expect.poll(async () => (await app.state())?.scenario, { timeout: 30_000 }).toBe('lca-1');
});

test('with reduced motion asked for, a focused button rests, a dialog appears at once and the lesson bar jumps; with motion, they move', async ({
  app,
  page,
}) => {
  // What runs on the page: every CSS animation and transition, by the class of what it moves.
  const running = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .map((a) => (a.effect instanceof KeyframeEffect ? String(a.effect.target?.className ?? '') : '')),
    );
  await app.open('?scenario=welcome');
  // The keyboard's focus on a button (Tab from the page): under reduced motion its focus ripple does not pulse.
  await page.keyboard.press('Tab');
  await expect(page.locator('.Mui-focusVisible')).toHaveCount(1);
  await expect.poll(running).toEqual([]);
  // A dialog opens without its fade: fully shown at once, with nothing left moving.
  await page.keyboard.press('g');
  const gallery = page.getByTestId('gallery-dialog');
  await expect(gallery).toBeVisible();
  // Fully opaque the moment it is shown, with no transition on it (with motion it fades in over 225 ms).
  expect(
    await gallery.evaluate((el) => {
      const container = el.closest('.MuiDialog-container') ?? el;
      return { opacity: getComputedStyle(container).opacity, running: container.getAnimations().length };
    }),
  ).toEqual({ opacity: '1', running: 0 });
  await page.keyboard.press('Escape');
  await expect(gallery).toBeHidden();

  // The same page with motion allowed (the reader's default): the focused button's ripple pulses.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.keyboard.press('Tab');
  await expect(page.locator('.Mui-focusVisible')).toHaveCount(1);
  await expect
    .poll(async () => (await running()).some((name) => name.includes('MuiTouchRipple-childPulsate')))
    .toBe(true);
  // Reduced motion again. Revealing step 2's answer moves the lesson's progress bar on (its question is no
  // longer open): the bar is at its new value at once, nothing glides.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const position = page.getByTestId('lesson-player.position');
  const bar = page.getByRole('progressbar', { name: /^Lesson progress/ });
  await position.click();
  await page.keyboard.press('PageDown');
  await expect(position).toHaveText('Step 2 of 5');
  await expect(bar).toHaveAttribute('aria-valuenow', '20');
  await page.keyboard.press('1');
  await page.keyboard.press('PageDown');
  await expect(bar).toHaveAttribute('aria-valuenow', '40');
  expect(await running()).toEqual([]);
  // With motion, the bar glides back to step 1's value.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await position.click();
  await page.keyboard.press('PageUp');
  await expect(bar).toHaveAttribute('aria-valuenow', '20');
  expect((await running()).some((name) => name.includes('MuiLinearProgress-bar'))).toBe(true);
});
