/**
 * Issue 11's last gap: on a projector at 1280x720 on the largest text size, the whole min-runtime path of
 * the session's key eviction (preemptor, LCA, step down, victim, their role tags) and its headline are on
 * screen without panning, on the stage and in presenter mode (decision 0100), for every built-in scenario.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures/fixtures';

const IDS = [
  ...readFileSync('src/scenarios/builtinScenarios.ts', 'utf8').matchAll(/^\s+id: '([^']+)',$/gm),
].map((m) => m[1] as string);
/** Lessons whose point is the path: it must be drawn, not only fit when there is one. */
const PATH_LESSONS = ['welcome', 'lca-1', 'lca-2', 'lca-3', 'preempt-1', 'preempt-2', 'compare-lca'];

test.use({ viewport: { width: 1280, height: 720 } });

test('the lessons this spec requires a path of are in the gallery', () => {
  for (const id of PATH_LESSONS) expect(IDS).toContain(id);
});

for (const id of IDS) {
  test(`"${id}": the key eviction's path is wholly in view on the stage and in presenter mode`, async ({
    page,
    app,
    stage,
  }) => {
    await page.goto(`/?scenario=${id}&view=stage`);
    await app.waitForSession();
    await app.largestText();
    // E jumps to the next eviction (stays put when there is none).
    await page.keyboard.press('e');
    await expect(stage.tree.getByRole('treeitem').first()).toBeVisible();
    if (PATH_LESSONS.includes(id)) {
      await expect(stage.tree.locator('[data-lca-card]').first()).toBeAttached();
    }
    // Let the tree's zoom settle (it animates to its fit unless motion is reduced).
    await page.waitForTimeout(800);
    const onStage = await stage.pathOutOfView();
    expect(
      onStage.filter((c) => c.out > 0),
      `${id} on the stage`,
    ).toEqual([]);

    await page.keyboard.press('f');
    await expect(stage.presenter).toBeVisible();
    await expect(stage.tree.getByRole('treeitem').first()).toBeVisible();
    await page.waitForTimeout(800);
    const presenting = await stage.pathOutOfView();
    expect(
      presenting.filter((c) => c.out > 0),
      `${id} in presenter mode`,
    ).toEqual([]);
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
    await page.goto(`/?scenario=${id}&view=stage`);
    await app.waitForSession();
    await app.largestText();
    await page.keyboard.press('f');
    await expect(stage.presenter).toBeVisible();
    const position = page.getByTestId('lesson-player.position');
    const question = page.getByTestId('lesson-question');
    for (let click = 0; click < 16; click++) {
      // Let the worker answer and the tree's zoom and the lesson's scroll settle.
      await page.waitForTimeout(900);
      const where = `${id}, click ${click}, ${await position.textContent()}`;
      const out = (await stage.pathOutOfView()).filter((c) => c.out > 0);
      expect(out, `${where}: path out of view`).toEqual([]);
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
