/**
 * Issue 22, "Done when": a teacher can run every gallery lesson at 1280x720 with a clicker, never scrolling.
 * The lessons are the ones the app's gallery lists (read from its dialog, as a person sees them), each opened
 * from the gallery and walked with the clicker's keys alone (Page Down for next and reveal, a number key for
 * the class's answer) in the side panel beside the stage, at the default and at the largest text size. At
 * every step, after the class's pick and after the reveal:
 * - the step's text down to its last line, every choice and the Reveal/Next button are inside the window and
 *   the lesson pane, not covered by anything at their centre, and the lesson pane has nothing to scroll
 *   (decisions 0270, 0302);
 * - the stage's drawn min-runtime path (preemptor, LCA, step down, victim, role tags) and its band are wholly
 *   inside the tree's area, without panning (decision 0100);
 * and at the largest text the diagram text of step 1 is at least 14 px (issue 11). These checks were three
 * walks over the gallery in three specs; one walk per text size now makes them all (decision 0360).
 */
import type { Page } from '@playwright/test';
import type { AppPage } from './fixtures/AppPage';
import { pathOutOfViewInPage, STAGE_PARTS, type PathMark, type StagePage } from './fixtures/StagePage';
import { expect, test } from './fixtures/fixtures';
import { measureAtRest } from './fixtures/untilStill';

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
 * In the page: what of the step is not seen whole without scrolling: the page or the lesson pane scrolls, or the
 * step text's last line, a choice or the Reveal/Next button is outside the window or the lesson pane. Once the
 * answer is revealed (`revealed`), the engine's explanation follows the question and may be longer than the
 * pane (decision 0303): the player scrolls the question to the top, and its choices and verdict line must be
 * in view. Sent to the page as its source (measureAtRest): it uses nothing from outside its body.
 */
function unfitInPage(revealed: boolean): string[] {
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
    else if (name !== 'the step text') {
      // What a click at its centre would reach: the element itself, not a tooltip or a footer over it.
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (hit === null || !(el.contains(hit) || hit.contains(el)))
        problems.push(`${name} covered by ${hit?.getAttribute('data-testid') ?? hit?.tagName ?? 'nothing'}`);
    }
  }
  return problems;
}

/** In the page: the lesson player's Reveal/Next button text (what the clicker's next press does). */
function nextLabelInPage(): string {
  return document.querySelector('[data-testid="lesson-player.next"]')?.textContent ?? '';
}

/** What moves in the side panel when a pick, a reveal or a selection re-lays it out. */
const PANE_PARTS = [
  '[data-testid="side-panel.details"]',
  '[data-testid="lesson-player.say"]',
  '[data-testid="lesson-question.choice"]',
  '[data-testid="lesson-player.next"]',
];

/** What the walk found: steps walked, problems, and the most path marks (cards and band) drawn at one step. */
interface Walked {
  steps: number;
  problems: string[];
  pathCards: number;
}

/**
 * Opens lesson `id` from the gallery and walks it by clicker keys; returns what did not fit, step by step.
 * With `largest`, step 1's diagram text must also be at least 14 px.
 */
async function walk(
  page: Page,
  app: AppPage,
  stage: StagePage,
  id: string,
  largest: boolean,
): Promise<Walked> {
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
  let pathCards = 0;
  /** The drawn path's marks outside the tree's area, once the session is shown and the stage keeps still. */
  const notePath = (path: PathMark[], where: string) => {
    problems.push(
      ...path
        .filter((c) => c.out > 0)
        .map((c) => `${where}: ${c.name} ${c.out} px out of view (${c.margins})`),
    );
    pathCards = Math.max(pathCards, path.length);
  };
  const noteUnfit = (found: string[], where: string) => problems.push(...found.map((p) => `${where}: ${p}`));
  // Each measure waits, in the page, for the session and for the side panel and the stage to stop moving (a
  // pick, a reveal or a selection re-lays them out), then reads everything at once (measureAtRest).
  const atRest = [...PANE_PARTS, ...STAGE_PARTS];
  for (let i = 1; i <= total; i++) {
    const where = `${id} step ${i} of ${total}`;
    await expect(position).toHaveText(`Step ${i} of ${total}`);
    const step = await measureAtRest(
      page,
      atRest,
      where,
      { unfit: [unfitInPage, false], path: [pathOutOfViewInPage, null], next: [nextLabelInPage, null] },
      { session: 30_000 },
    );
    noteUnfit(step.unfit, where);
    notePath(step.path, where);
    if (largest && i === 1) {
      // The tree and map as the lesson's first step shows them (with its selection, decision 0268).
      await expect
        .poll(async () => (await stage.diagramTextSizes()).length, { message: where })
        .toBeGreaterThan(0);
      const small = (await stage.diagramTextSizes()).filter((t) => t.px < 14);
      problems.push(
        ...small.map((t) => `${where}: diagram text "${t.text}" ${t.px.toFixed(1)} px, under 14 px`),
      );
    }
    if (step.next === 'Reveal the answer') {
      await page.keyboard.press('1');
      const result = app.lessonPane.getByTestId('lesson-question.result');
      await expect(result).toHaveText(/^You chose/);
      const picked = await measureAtRest(page, PANE_PARTS, `${where}, picked`, {
        unfit: [unfitInPage, false],
      });
      noteUnfit(picked.unfit, `${where}, picked`);
      await page.keyboard.press('PageDown');
      await expect(result).toHaveText(/^(Right: “.+”\.|Not this time: .+)$/, { timeout: 20_000 });
      // The revealed answer may move the session on: its path is in view too.
      const revealed = await measureAtRest(
        page,
        atRest,
        `${where}, revealed`,
        { unfit: [unfitInPage, true], path: [pathOutOfViewInPage, null] },
        { session: 30_000 },
      );
      noteUnfit(revealed.unfit, `${where}, revealed`);
      notePath(revealed.path, `${where}, revealed`);
    }
    if (i < total) await page.keyboard.press('PageDown');
  }
  await expect(next).toHaveText('End of lesson');
  return { steps: total, problems, pathCards };
}

/** Opens the app (at the largest text size when asked) and returns the gallery's lesson ids. */
async function openGallery(page: Page, app: AppPage, largest: boolean): Promise<string[]> {
  if (largest) await app.largestTextBeforeLoad();
  await app.open('?view=stage');
  if (largest) await app.expectLargestText();
  return galleryLessonIds(page);
}

/** Lessons whose point is the path: the walk must see it drawn (its cards and band: two marks or more). */
const PATH_LESSONS = ['welcome', 'lca-1', 'lca-2', 'lca-3', 'preempt-1', 'preempt-2', 'compare-lca'];

/** Walks `ids` in one page and requires every step to fit. */
async function expectAllFit(
  page: Page,
  app: AppPage,
  stage: StagePage,
  ids: readonly string[],
  what: string,
  largest: boolean,
): Promise<void> {
  expect(ids.length, what).toBeGreaterThan(0);
  const problems: string[] = [];
  let steps = 0;
  for (const id of ids) {
    const walked = await walk(page, app, stage, id, largest);
    steps += walked.steps;
    problems.push(...walked.problems);
    if (PATH_LESSONS.includes(id) && walked.pathCards < 2) problems.push(`${id}: no step drew the path`);
  }
  if (process.env.E2E_FIT_REPORT) console.log(`${what}: ${steps} steps\n${problems.join('\n')}`);
  expect(problems, what).toEqual([]);
}

for (const largest of [false, true]) {
  const size = largest ? 'the largest text size (x1.3)' : 'the default text size';
  for (let shard = 0; shard < SHARDS; shard++) {
    test(`gallery lessons ${shard + 1}/${SHARDS} by clicker at 1280x720, ${size}: every step fits the lesson pane, its path the stage`, async ({
      page,
      app,
      stage,
    }) => {
      test.setTimeout(180_000);
      const gallery = await openGallery(page, app, largest);
      if (shard === 0)
        for (const id of PATH_LESSONS) expect(gallery, 'the gallery lists the path lessons').toContain(id);
      const ids = gallery.filter((_, i) => i % SHARDS === shard);
      await expectAllFit(page, app, stage, ids, `${size}, lessons ${shard + 1}/${SHARDS}`, largest);
    });
  }
}
