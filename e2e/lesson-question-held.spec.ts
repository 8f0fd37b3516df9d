/**
 * Issue #22: an open question is never skipped by accident (decision 0140). With Welcome's question open,
 * E and the transport's Next-session button would pass its answer's session: they are held, the lesson
 * says why, and the question stays open; Reveal then moves on as before.
 */
import { expect, test } from './fixtures/fixtures';

test('E and Next session are held at an open question with "Answer or reveal the question first"', async ({
  app,
  page,
}) => {
  await app.open('?scenario=welcome');
  const player = page.getByTestId('lesson-player');
  await player.getByTestId('lesson-player.next').click();
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  await expect.poll(async () => (await app.state())?.cursor).toBe(1);

  // E would jump to the answer's session (3): held, and the lesson says why.
  await page.getByTestId('run-controls.next-eviction').click();
  await expect(player.getByTestId('lesson-player.held')).toHaveText('Answer or reveal the question first.');
  // Next session may move up to the answer's session, not onto it.
  await page.getByTestId('run-controls.step-forward').click();
  await expect.poll(async () => (await app.state())?.cursor).toBe(2);
  await page.getByTestId('run-controls.step-forward').click();
  await page.getByTestId('run-controls.end').click();
  await page.keyboard.press('e');
  expect((await app.state())?.cursor).toBe(2);
  await expect(page.getByTestId('lesson-question.choice').first()).toHaveAttribute('data-verdict', 'unknown');
  await expect(player.getByTestId('lesson-player.position')).toHaveText('Step 2 of 5');

  // Revealing is the way on: the answer's session is shown and the hint goes.
  await player.getByTestId('lesson-player.next').click();
  await expect.poll(async () => (await app.state())?.cursor).toBe(3);
  await expect(player.getByTestId('lesson-player.held')).toHaveCount(0);
});
