/**
 * Every built-in gallery lesson on a projector at 1280x720 on the largest text size, opened from the gallery
 * and walked by clicker in presenter mode, one page per shard of lessons: "a teacher can run every built-in lesson from a projector with a
 * clicker, never touching the mouse, and the class can read every number on the screen". Presenter mode is
 * entered with F and the lesson walked with Page Down and Space only (the number keys key in the class's
 * answer, as the clicker flow allows): every step's text appears, every question is revealed with the
 * engine's verdict, every step's min-runtime path (preemptor, LCA, step down, victim, their role tags) and its
 * headline are wholly in view without panning (decision 0100), every open question's choices are in view, the
 * lessons about the path draw it, and the console stays free of errors (the `consoleErrors` fixture).
 *
 * The same checks outside presenter mode (the stage beside the lesson pane, at the default and the largest
 * text, with step 1's diagram text at least 14 px) are made by the walk of e2e/fit-every-lesson.spec.ts; this
 * spec's other page load per lesson, which opened it on the stage and jumped to its first eviction, was
 * folded into that walk, and its one page load per lesson became a gallery pick (decision 0360).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { Page } from '@playwright/test';
import type { AppPage } from './fixtures/AppPage';
import { expect, test } from './fixtures/fixtures';
import type { StagePage } from './fixtures/StagePage';
import { galleryIds } from './fixtures/galleryIds';

interface Step {
  say?: string;
  ask?: { question: string; choices: { label: string }[] };
}

const IDS = galleryIds();
/** Lessons whose point is the path: it must be drawn, not only fit when there is one. */
const PATH_LESSONS = ['welcome', 'lca-1', 'lca-2', 'lca-3', 'preempt-1', 'preempt-2', 'compare-lca'];

/**
 * Each built-in scenario's lesson steps, read from the YAML the app builds from (empty when it has none). Read
 * when a test first asks, not as the file loads: Playwright's runner loads every spec to list the tests, and
 * parsing the 24 files there cost it 0.3 s before any test started (issue 22, CI time).
 */
let lessonsRead: Map<string, Step[]> | undefined;
function lessons(): Map<string, Step[]> {
  lessonsRead ??= new Map(
    [
      ...readFileSync('src/scenarios/builtinScenarios.ts', 'utf8').matchAll(
        /id: '([^']+)',[\s\S]*?fileName: '([^']+)'/g,
      ),
    ].map((m) => {
      const doc = parse(readFileSync(`src/scenarios/${m[2]}`, 'utf8')) as { lesson?: Step[] };
      return [m[1] as string, doc.lesson ?? []] as const;
    }),
  );
  return lessonsRead;
}

// With motion, unlike the other specs (playwright.config.ts): this walk sees a lesson as a projected class does,
// the tree's zoom and the path's march included, and every check waits for them to end.
test.use({ viewport: { width: 1280, height: 720 }, reducedMotion: 'no-preference' });

/** The first words of a step's Markdown as the page shows them (emphasis, code and link marks removed). */
function shownStart(markdown: string): string {
  const plain = (markdown.split(/\n\s*\n/)[0] ?? '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const cut = plain.slice(0, 40);
  return plain.length > 40 ? cut.slice(0, cut.lastIndexOf(' ')) : cut;
}

/**
 * Waits for the worker's answer (the shown session is the cursor's) and for the tree and its zoom to stop
 * moving, then requires every drawn path card and the band inside the tree's area; returns what was measured.
 */
async function expectPathInView(stage: StagePage, where: string) {
  await expect(stage.tree.getByRole('treeitem').first()).toBeVisible();
  const measured = await stage.pathAtRest(where);
  expect(
    measured.filter((c) => c.out > 0),
    where,
  ).toEqual([]);
  return measured;
}

test('the gallery lists every scenario this spec measures, each a scripted lesson', () => {
  // 16 since the time-aware pair became one scenario with a variant (issue 12).
  expect(IDS.length).toBeGreaterThanOrEqual(16);
  expect(IDS).toContain('time-aware');
  expect(IDS).toContain('workshop-lca-or-queue');
  for (const id of PATH_LESSONS) expect(IDS).toContain(id);
  expect([...lessons().keys()].sort()).toEqual([...IDS].sort());
  expect(IDS.filter((id) => (lessons().get(id) ?? []).length === 0)).toEqual([]);
});

/** The lessons are walked in this many tests, so both workers share them (CI time, e2e/README.md). */
const SHARDS = 4;

/**
 * Opens lesson `id` from the gallery, as a teacher moving to the next lesson would, enters presenter mode with
 * F and walks it by clicker keys alone.
 */
async function walkInPresenter(page: Page, app: AppPage, stage: StagePage, id: string): Promise<void> {
  const steps = lessons().get(id) ?? [];
  expect(steps.length, `${id} has lesson steps`).toBeGreaterThan(0);
  if (await stage.presenter.isVisible()) {
    await page.keyboard.press('f');
    await expect(stage.presenter).toBeHidden();
  }
  await page.keyboard.press('g');
  await page.getByTestId(`gallery.${id}`).click();
  await expect.poll(async () => (await app.state())?.scenario, { message: id, timeout: 30_000 }).toBe(id);
  await app.waitForSession(30_000);
  await page.keyboard.press('f');
  await expect(stage.presenter).toBeVisible();
  const pane = stage.presenterLesson;
  const position = pane.getByTestId('lesson-player.position');
  const total = steps.length;
  /** The most path marks (cards and band) drawn at one step: a lesson about the path must draw it. */
  let pathMarks = 0;
  for (const [i, step] of steps.entries()) {
    const where = `${id}, step ${i + 1} of ${total}`;
    await expect(position).toHaveText(`Step ${i + 1} of ${total}`);
    if (step.say !== undefined) await expect(pane).toContainText(shownStart(step.say));
    pathMarks = Math.max(pathMarks, (await expectPathInView(stage, `${where}: path out of view`)).length);
    if (step.ask !== undefined) {
      const question = pane.getByTestId('lesson-question');
      await expect(question).toContainText(shownStart(step.ask.question));
      const choices = question.getByTestId('lesson-question.choice');
      await expect(choices).toHaveCount(step.ask.choices.length);
      // The open question: every choice is on screen, none below the lesson pane.
      const result = question.getByTestId('lesson-question.result');
      await expect(result).toHaveText('Pick an answer, then reveal it.');
      for (const choice of await choices.all()) {
        await expect(choice, `${where}: a choice below the lesson pane`).toBeInViewport({ ratio: 1 });
      }
      // The class answers the first choice; the clicker reveals the engine's verdict.
      await page.keyboard.press('1');
      await expect(choices.first()).toHaveAttribute('aria-pressed', 'true');
      await page.keyboard.press(i % 2 === 0 ? 'PageDown' : 'Space');
      await expect(result).toHaveText(/^(Right: “.+”\.|Not this time: the answer is “.+”\.)$/, {
        timeout: 20_000,
      });
      // Exactly one choice is right (lessons.test.ts keeps it so), and the text names that one.
      await expect(question.locator('[data-verdict="right"]')).toHaveCount(1);
      const right = (await question.locator('[data-verdict="right"]').innerText()).replace(/✓ right$/, '');
      const label = step.ask.choices.find((c) => right.includes(c.label))?.label;
      expect(label, `the right choice of step ${i + 1}`).toBeDefined();
      await expect(result).toContainText(label!);
      await expect(pane.getByTestId('lesson-reveal')).toBeVisible();
      // The revealed answer may move the session on: its path is in view too.
      const revealed = await expectPathInView(stage, `${where}, revealed: path out of view`);
      pathMarks = Math.max(pathMarks, revealed.length);
    }
    if (i + 1 < total) await page.keyboard.press(i % 2 === 0 ? 'Space' : 'PageDown');
  }
  // The script is over: the last step stays (the clicker now steps sessions), nothing was touched by mouse.
  await expect(position).toHaveText(`Step ${total} of ${total}`);
  await expect(page.getByTestId('lesson-player.next')).toHaveText('End of lesson');
  if (PATH_LESSONS.includes(id)) expect(pathMarks, `${id}: a step draws the path`).toBeGreaterThan(1);
}

for (let shard = 0; shard < SHARDS; shard++) {
  test(`lessons ${shard + 1}/${SHARDS} by clicker keys alone in presenter mode: every step's text, verdict, path and open question in view`, async ({
    page,
    app,
    stage,
  }) => {
    test.setTimeout(180_000);
    await app.largestTextBeforeLoad();
    await app.open('?view=stage');
    await app.expectLargestText();
    for (const id of IDS.filter((_, i) => i % SHARDS === shard)) await walkInPresenter(page, app, stage, id);
  });
}
