/**
 * Issue 22, "Done when": a teacher can run every gallery lesson at 1280x720 with a clicker, never scrolling.
 * The lessons are the ones the app's gallery lists (read from its dialog, as a person sees them), each opened
 * from the gallery and walked with the clicker's keys alone (Page Down for next and reveal, a number key for
 * the class's answer) in the side panel. At every step, after the class's pick and after the reveal, the
 * step's text down to its last line, every choice and the Reveal/Next button are inside the window and the
 * lesson pane, and the lesson pane has nothing to scroll (decision 0302).
 */
import type { Page } from '@playwright/test';
import type { AppPage } from './fixtures/AppPage';
import { expect, test } from './fixtures/fixtures';
import { untilStill } from './fixtures/untilStill';

test.use({ viewport: { width: 1280, height: 720 } });

/** The gallery's lessons are walked in this many tests, so both workers share them (CI time, e2e/README.md). */
const SHARDS = 4;

/** The ids of the scenarios the app's gallery lists, in its order, read from the open dialog. */
async function galleryLessonIds(page: Page): Promise<string[]> {
  await page.keyboard.press('g');
  const dialog = page.getByTestId('gallery-dialog');
  await expect(dialog).toBeVisible();
  const ids = await dialog
    .locator('[data-testid^="gallery."]')
    .evaluateAll((els) =>
      els
        .map((el) => el.getAttribute('data-testid')?.slice('gallery.'.length) ?? '')
        .filter((id) => id !== '' && !id.startsWith('your-cluster')),
    );
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return ids;
}

/**
 * What of the step is not seen whole without scrolling: the page or the lesson pane scrolls, or the step
 * text's last line, a choice or the Reveal/Next button is outside the window or the lesson pane. Once the
 * answer is revealed (`revealed`), the engine's explanation follows the question and may be longer than the
 * pane (decision 0303): the player scrolls the question to the top, and its choices and verdict line must be
 * in view.
 */
async function unfit(page: Page, where: string, revealed = false): Promise<string[]> {
  const found = await page.evaluate((revealed) => {
    const pane = document.querySelector('[data-testid="side-panel.lesson"]');
    if (pane === null) return ['no lesson pane'];
    const problems: string[] = [];
    const scrolled = document.scrollingElement?.scrollTop ?? 0;
    if (scrolled > 0) problems.push(`the page scrolled by ${scrolled} px`);
    const hidden = pane.scrollHeight - pane.clientHeight;
    if (hidden > 1 && !revealed)
      problems.push(`the lesson pane scrolls (${hidden} px more than its ${pane.clientHeight} px)`);
    const box = pane.getBoundingClientRect();
    const bottom = Math.min(box.bottom, window.innerHeight);
    const choices = [...pane.querySelectorAll('[data-testid="lesson-question.choice"]')].map(
      (el, i) => [`choice ${i + 1}`, el] as [string, Element],
    );
    const targets: [string, Element | null][] = revealed
      ? [...choices, ['the verdict', pane.querySelector('[data-testid="lesson-question.result"]')]]
      : [
          ['the step text', pane.querySelector('[data-testid="lesson-player.say"]')],
          ...choices,
          ['Reveal/Next', pane.querySelector('[data-testid="lesson-player.next"]')],
        ];
    for (const [name, el] of targets) {
      if (el === null) continue;
      const r = el.getBoundingClientRect();
      if (r.height === 0) problems.push(`${name} not drawn`);
      else if (r.bottom > bottom + 1 || r.top < Math.max(box.top, 0) - 1)
        problems.push(
          `${name} at ${Math.round(r.top)}-${Math.round(r.bottom)}, the pane shows to ${Math.round(bottom)}`,
        );
    }
    return problems;
  }, revealed);
  return found.map((p) => `${where}: ${p}`);
}

/** Waits until the side panel stops moving (a pick, a reveal or a selection re-lays it out). */
async function settle(page: Page, where: string): Promise<void> {
  await untilStill(
    page,
    [
      '[data-testid="side-panel.details"]',
      '[data-testid="lesson-player.say"]',
      '[data-testid="lesson-question.choice"]',
      '[data-testid="lesson-player.next"]',
    ],
    where,
  );
}

/** Opens lesson `id` from the gallery and walks it by clicker keys; returns what did not fit, step by step. */
async function walk(page: Page, app: AppPage, id: string): Promise<{ steps: number; problems: string[] }> {
  await page.keyboard.press('g');
  await page.getByTestId(`gallery.${id}`).click();
  await expect.poll(async () => (await app.state())?.scenario, { message: id, timeout: 30_000 }).toBe(id);
  await app.waitForSession(30_000);
  const position = app.lessonPane.getByTestId('lesson-player.position');
  const next = app.lessonPane.getByTestId('lesson-player.next');
  const total = Number(/of (\d+)$/.exec((await position.textContent()) ?? '')?.[1] ?? 0);
  expect(total, `${id} has lesson steps`).toBeGreaterThan(0);
  // The teacher puts the clicker's keys on the lesson once (a click on its step line); from here on, keys only.
  await position.click();
  const problems: string[] = [];
  for (let i = 1; i <= total; i++) {
    const where = `${id} step ${i} of ${total}`;
    await expect(position).toHaveText(`Step ${i} of ${total}`);
    await settle(page, where);
    problems.push(...(await unfit(page, where)));
    if ((await next.textContent()) === 'Reveal the answer') {
      await page.keyboard.press('1');
      const result = app.lessonPane.getByTestId('lesson-question.result');
      await expect(result).toHaveText(/^You chose/);
      await settle(page, `${where}, picked`);
      problems.push(...(await unfit(page, `${where}, picked`)));
      await page.keyboard.press('PageDown');
      await expect(result).toHaveText(/^(Right: “.+”\.|Not this time: .+)$/, { timeout: 20_000 });
      await settle(page, `${where}, revealed`);
      problems.push(...(await unfit(page, `${where}, revealed`, true)));
    }
    if (i < total) await page.keyboard.press('PageDown');
  }
  await expect(next).toHaveText('End of lesson');
  return { steps: total, problems };
}

/** Opens the app (at the largest text size when asked) and returns the gallery's lesson ids. */
async function openGallery(page: Page, app: AppPage, largest: boolean): Promise<string[]> {
  if (largest) await app.largestTextBeforeLoad();
  await app.open('?view=stage');
  if (largest) await app.expectLargestText();
  return galleryLessonIds(page);
}

/** Walks `ids` in one page and requires every step to fit. */
async function expectAllFit(page: Page, app: AppPage, ids: readonly string[], what: string): Promise<void> {
  expect(ids.length, what).toBeGreaterThan(0);
  const problems: string[] = [];
  let steps = 0;
  for (const id of ids) {
    const walked = await walk(page, app, id);
    steps += walked.steps;
    problems.push(...walked.problems);
  }
  if (process.env.E2E_FIT_REPORT) console.log(`${what}: ${steps} steps\n${problems.join('\n')}`);
  expect(problems, what).toEqual([]);
}

for (let shard = 0; shard < SHARDS; shard++) {
  test(`gallery lessons ${shard + 1}/${SHARDS} by clicker at 1280x720: every step fits the lesson pane`, async ({
    page,
    app,
  }) => {
    test.setTimeout(120_000);
    const ids = (await openGallery(page, app, false)).filter((_, i) => i % SHARDS === shard);
    await expectAllFit(page, app, ids, `default text, lessons ${shard + 1}/${SHARDS}`);
  });
}

/**
 * At the largest text (x1.3) a subset, for CI time: LCA 3 (its step 1 was the case decision 0270 left open),
 * Elastic, Time-aware and SLA 2 (KAI's three features and Volcano), which fit with an open question's wider
 * pane (decision 0317), and Volcano roles 1, whose step 2 has no question and takes the room by measure, and
 * whose questions fold the stage's map (decision 0332). Every step of every lesson fits at x1.3 since 0332
 * (90 of 90); `E2E_FIT_ALL_LARGEST=1` walks them all (4-5 min).
 */
const LARGEST = ['lca-3', 'elastic', 'time-aware', 'sla-2', 'volcano-roles-1'];

test('lessons at the largest text size by clicker at 1280x720: every step fits the lesson pane', async ({
  page,
  app,
}) => {
  test.setTimeout(process.env.E2E_FIT_ALL_LARGEST ? 600_000 : 120_000);
  const gallery = await openGallery(page, app, true);
  for (const id of LARGEST) expect(gallery, 'the gallery lists the lessons walked at x1.3').toContain(id);
  await expectAllFit(page, app, process.env.E2E_FIT_ALL_LARGEST ? gallery : LARGEST, 'largest text');
});
