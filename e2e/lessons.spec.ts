/**
 * Lessons as scripts, the glossary and the credentials panel, used as a teacher would: stepping the
 * welcome lesson by keys alone and by clicks, answering its question and reading the engine's verdict,
 * hovering a term, and opening "Real scheduler?".
 */
import { readdirSync, readFileSync } from 'node:fs';
import { seriousViolations } from './fixtures/axe';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/fixtures';

const player = (page: Page) => page.getByTestId('lesson-player');

test('a lesson question is answered and revealed by keys alone', async ({ app, page }) => {
  await app.open('?scenario=welcome');
  await expect(player(page).getByTestId('lesson-player.position')).toHaveText('Step 1 of 5');
  // Reach the lesson pane from the keyboard, as a presenter without a mouse would.
  await player(page).focus();
  await page.keyboard.press('ArrowRight');
  await expect(player(page).getByTestId('lesson-player.position')).toHaveText('Step 2 of 5');
  await expect(page.getByTestId('lesson-question')).toContainText('Which sweep will be reclaimed first');
  // The step's selection is made without hiding the lesson.
  await expect.poll(async () => (await app.state())?.selectedJob).toBe('train-b');

  await page.keyboard.press('1');
  const choices = page.getByTestId('lesson-question.choice');
  await expect(choices.nth(0)).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('lesson-question.result')).toHaveText('You chose answer 1.');
  // Not revealed yet: no verdict on any choice.
  await expect(choices.nth(0)).toHaveAttribute('data-verdict', 'unknown');

  await page.keyboard.press('ArrowRight');
  await expect.poll(async () => (await app.state())?.cursor).toBe(3);
  await expect(page.getByTestId('lesson-question.result')).toHaveText(
    'Right: “sweep-1, at t=20s (session 3)”.',
  );
  await expect(choices.nth(0)).toHaveAttribute('data-verdict', 'right');
  await expect(choices.nth(0)).toContainText('✓ right');
  // The explanation is the session's trace: the eviction with the engine's reason.
  await expect(page.getByTestId('lesson-reveal')).toContainText(
    'What the scheduler did in session 3 (t=20s)',
  );
  await expect(page.getByTestId('lesson-reveal.decision').first()).toContainText('sweep-1-0 evicted');

  // Back hides the answer again; Forward twice moves on to the next step.
  await page.keyboard.press('ArrowLeft');
  await expect(choices.nth(0)).toHaveAttribute('data-verdict', 'unknown');
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageDown');
  await expect(player(page).getByTestId('lesson-player.position')).toHaveText('Step 3 of 5');
  await expect.poll(async () => (await app.state())?.cursor).toBe(3);

  // The help dialog lists the lesson's keys.
  await page.keyboard.press('?');
  await expect(page.getByTestId('help-dialog.lesson-next')).toContainText('Next step');
});

test('a wrong answer picked by click is marked wrong, with the right one shown', async ({ app, page }) => {
  await app.open('?scenario=welcome');
  const next = page.getByTestId('lesson-player.next');
  await next.click();
  await page.getByTestId('lesson-question.choice').nth(1).click();
  await expect(next).toHaveText('Reveal the answer');
  await next.click();
  await expect(page.getByTestId('lesson-question.result')).toHaveText(
    'Not this time: the answer is “sweep-1, at t=20s (session 3)”.',
  );
  const choices = page.getByTestId('lesson-question.choice');
  await expect(choices.nth(1)).toHaveAttribute('data-verdict', 'wrong');
  await expect(choices.nth(1)).toContainText('✗ wrong');
  await expect(choices.nth(0)).toHaveAttribute('data-verdict', 'right');

  // The next question: fair share, not protection, decides whether sweep-2 goes.
  await next.click();
  await next.click();
  await expect(page.getByTestId('lesson-question')).toContainText('Is it reclaimed?');
  await page.getByTestId('lesson-question.choice').nth(1).click();
  await next.click();
  await expect.poll(async () => (await app.state())?.cursor).toBe(5);
  await expect(page.getByTestId('lesson-question.result')).toHaveText(
    'Right: “No: research is back at its fair share”.',
  );
  await expect(page.getByTestId('lesson-reveal')).toContainText('session 5');
});

test('a glossary term in a lesson explains itself on hover and on focus', async ({ app, page }) => {
  await app.open('?scenario=welcome');
  const term = player(page).locator('[data-testid="glossary-term"][data-term="quota"]').first();
  await term.hover();
  const tip = page.getByRole('tooltip');
  await expect(tip).toContainText('quota');
  await expect(tip).toContainText('entitled to');
  await page.mouse.move(0, 0);
  await expect(tip).toBeHidden();
  await term.focus();
  await expect(page.getByRole('tooltip')).toContainText('entitled to');
  await expect(term).toHaveAttribute('aria-describedby', /.+/);
  // Shown on focus, it stays while the focus does, whatever the pointer does (WCAG 1.4.13).
  await term.hover();
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toContainText('entitled to');
  await expect(term).toHaveAttribute('aria-describedby', /.+/);
  // Escape dismisses it without moving the focus (WCAG 1.4.13); the app's own Escape waits for the next press.
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
  await expect(term).toBeFocused();
});

test('the credentials panel shows per-profile counts equal to the conformance files', async ({
  app,
  page,
}) => {
  const expected = { kai: 0, volcano: 0, 'kube-batch': 0 } as Record<string, number>;
  for (const suite of ['kai', 'volcano'])
    for (const file of readdirSync(`conformance/${suite}`).filter((f) => f.endsWith('.yaml'))) {
      const profile =
        /^profile:\s*(\S+)/m.exec(readFileSync(`conformance/${suite}/${file}`, 'utf8'))?.[1] ?? 'kai';
      expected[profile] = (expected[profile] ?? 0) + 1;
    }
  await app.open();
  await page.getByRole('button', { name: /Real scheduler\?/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Is this what the real scheduler does?' });
  await expect(dialog).toBeVisible();
  for (const [profile, count] of Object.entries(expected)) {
    const card = dialog.locator(`[data-testid="credentials.count"][data-profile="${profile}"]`);
    await expect(card).toContainText(String(count));
  }
  // Each profile says which upstream commit it follows, and how its cases split by upstream feature.
  const kaiCard = dialog.locator('[data-testid="credentials.count"][data-profile="kai"]');
  await expect(kaiCard.getByTestId('credentials.upstream')).toHaveText(
    /follows kai-scheduler\/KAI-Scheduler at [0-9a-f]{8} \(\d{4}-\d{2}-\d{2}\)/,
  );
  await expect(
    dialog.locator(
      '[data-testid="credentials.count"][data-profile="volcano"] [data-testid="credentials.upstream"]',
    ),
  ).toContainText('volcano-sh/volcano at ed72c7c8');
  const reclaim = kaiCard.locator('[data-testid="credentials.feature"][data-feature="reclaim"]');
  const reclaimFiles = readdirSync('conformance/kai').filter((f) =>
    /^x-source:.*actions\/reclaim\//m.test(readFileSync(`conformance/kai/${f}`, 'utf8')),
  ).length;
  await expect(reclaim).toHaveText(`reclaim ${reclaimFiles}`);
  let perFeature = 0;
  for (const n of await kaiCard
    .getByTestId('credentials.feature')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-count')))))
    perFeature += n;
  expect(perFeature).toBe(expected.kai);
  await expect(dialog.getByTestId('credentials.cases-kai-summary')).toContainText(
    `${expected.kai} upstream cases`,
  );
  await dialog.getByTestId('credentials.cases-kai-summary').click();
  await expect(dialog.getByTestId('credentials.case')).toHaveCount(expected.kai ?? 0);
  await expect(dialog.getByTestId('credentials.record')).toHaveCount(4);
  await expect(dialog).toContainText('Time is whole milliseconds');
  expect(await seriousViolations(page, '[data-testid="credentials"]')).toEqual([]);
  // Keys typed in the dialog stay there: ArrowRight does not step the run behind it.
  const cursor = (await app.state())?.cursor;
  await page.keyboard.press('ArrowRight');
  expect((await app.state())?.cursor).toBe(cursor);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('no serious or critical axe violations in the lesson pane, question open and revealed', async ({
  app,
  page,
}) => {
  await app.open('?scenario=welcome');
  await page.getByTestId('lesson-player.next').click();
  await page.getByTestId('lesson-question.choice').nth(0).click();
  expect(await seriousViolations(page, '[data-testid="lesson"]')).toEqual([]);
  await page.getByTestId('lesson-player.next').click();
  await expect(page.getByTestId('lesson-reveal')).toBeVisible();
  expect(await seriousViolations(page, '[data-testid="lesson"]')).toEqual([]);
  await page.keyboard.press('t');
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark');
  // Repeated until MUI's colour transitions have settled (a scan mid-way sees blended colours).
  await expect.poll(() => seriousViolations(page, '[data-testid="lesson"]'), { timeout: 20_000 }).toEqual([]);
});

test('the lesson follows the session on screen, and the clicker continues from there', async ({
  app,
  page,
  stage,
}) => {
  // A link at session 3 opens on the step about session 3, not on step 1.
  await app.open('?scenario=welcome&session=3');
  const position = player(page).getByTestId('lesson-player.position');
  await expect(position).toHaveText('Step 3 of 5');
  await expect(player(page)).toContainText('At t=20s sweep-1 has run 65s');
  // Stepping the timeline (a key heard anywhere but the lesson pane) moves the lesson along.
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText('Step 4 of 5');
  await expect(page.getByTestId('lesson-question')).toContainText('Is it reclaimed?');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect.poll(async () => (await app.state())?.cursor).toBe(2);
  // Between the script's sessions: the latest step before it (the question about session 3, still open).
  await expect(position).toHaveText('Step 2 of 5');
  await expect(page.getByTestId('lesson-question.choice').first()).toHaveAttribute('data-verdict', 'unknown');

  // Presenter mode opened at session 4: the clicker continues the script (reveals step 4's answer).
  await app.open('?scenario=welcome&session=4&present=1');
  await expect(stage.presenter).toBeVisible();
  await expect(stage.presenterLesson).toContainText('Step 4 of 5');
  await page.keyboard.press('2');
  await page.keyboard.press('PageDown');
  await expect(stage.presenterSession).toHaveText('Session 5 of 7');
  await expect(stage.presenterLesson.getByTestId('lesson-question.result')).toHaveText(
    'Right: “No: research is back at its fair share”.',
  );
  await page.keyboard.press('PageDown');
  await expect(stage.presenterLesson).toContainText('Step 5 of 5');
  await expect(stage.presenterLesson).toContainText('fair share decides whether');
});
