/**
 * Issue 11's last gap: on a projector at 1280x720 on the largest text size, the whole min-runtime path of
 * the session's key eviction (preemptor, LCA, step down, victim, their role tags) and its headline are on
 * screen without panning, on the stage and in presenter mode (decision 0100), for every built-in scenario.
 */
import type { AppPage } from './fixtures/AppPage';
import { expect, test } from './fixtures/fixtures';
import type { StagePage } from './fixtures/StagePage';
import { galleryIds } from './fixtures/galleryIds';

const IDS = galleryIds();
/** Lessons whose point is the path: it must be drawn, not only fit when there is one. */
const PATH_LESSONS = ['welcome', 'lca-1', 'lca-2', 'lca-3', 'preempt-1', 'preempt-2', 'compare-lca'];

test.use({ viewport: { width: 1280, height: 720 } });

/**
 * Waits for the worker's answer (the shown session is the cursor's) and for the tree and its zoom to stop
 * moving, then requires every drawn path card and the band inside the tree's area; returns what was measured.
 */
async function expectPathInView(app: AppPage, stage: StagePage, where: string) {
  await expect(stage.tree.getByRole('treeitem').first()).toBeVisible();
  await app.waitForSession();
  await stage.untilStill(where);
  const measured = await stage.pathOutOfView();
  expect(
    measured.filter((c) => c.out > 0),
    where,
  ).toEqual([]);
  return measured;
}

test('the lessons this spec requires a path of are in the gallery', () => {
  for (const id of PATH_LESSONS) expect(IDS).toContain(id);
});

for (const id of IDS) {
  test(`"${id}": the key eviction's path is wholly in view on the stage and in presenter mode`, async ({
    page,
    app,
    stage,
  }) => {
    await app.open(`?scenario=${id}&view=stage`);
    await app.largestText();
    // E jumps to the next eviction (stays put when there is none).
    await page.keyboard.press('e');
    if (PATH_LESSONS.includes(id)) {
      await expect(stage.tree.locator('[data-lca-card]').first()).toBeAttached();
    }
    const onStage = await expectPathInView(app, stage, `${id} on the stage`);
    if (PATH_LESSONS.includes(id)) expect(onStage.length).toBeGreaterThan(1);

    await page.keyboard.press('f');
    await expect(stage.presenter).toBeVisible();
    const presenting = await expectPathInView(app, stage, `${id} in presenter mode`);
    if (PATH_LESSONS.includes(id)) expect(presenting.length).toBeGreaterThan(1);
  });
}

// Every built-in lesson, walked click by click: "a teacher can run every built-in lesson from a projector
// with a clicker, never touching the mouse, and the class can read every number on the screen".
for (const id of IDS) {
  test(`"${id}" by clicker in presenter mode: every step's path and open question in view`, async ({
    page,
    app,
    stage,
  }) => {
    await app.open(`?scenario=${id}&view=stage`);
    await app.largestText();
    await page.keyboard.press('f');
    await expect(stage.presenter).toBeVisible();
    const position = page.getByTestId('lesson-player.position');
    const question = page.getByTestId('lesson-question');
    for (let click = 0; click < 16; click++) {
      const where = `${id}, click ${click}, ${await position.textContent()}`;
      await expectPathInView(app, stage, `${where}: path out of view`);
      const isOpen = (await question.count()) > 0 && (await page.getByText('Pick an answer').count()) > 0;
      if (isOpen) {
        for (const choice of await question.getByTestId('lesson-question.choice').all()) {
          await expect(choice, `${where}: a choice below the lesson pane`).toBeInViewport({ ratio: 1 });
        }
      }
      const [step, of] = ((await position.textContent()) ?? '').match(/\d+/g)?.map(Number) ?? [0, 0];
      if (step === of && !isOpen) break;
      await page.keyboard.press('PageDown');
    }
    await expect(page.getByTestId('lesson-player.next')).toHaveText('End of lesson');
  });
}
