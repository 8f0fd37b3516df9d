/**
 * Issue 11: "diagram text at least 14 px at 1280x720 on the largest setting", measured for every built-in
 * gallery scenario on the stage (the queue tree's and cluster map's text, SVG font size times its screen
 * scale), with nothing selected (the tree as a lesson first shows it) and with the key decision's path drawn.
 */
import { expect, test } from './fixtures/fixtures';
import { galleryIds } from './fixtures/galleryIds';

const IDS = galleryIds();

test.use({ viewport: { width: 1280, height: 720 } });

test('the gallery lists every scenario this spec measures', () => {
  // 16 since the time-aware pair became one scenario with a variant (issue 12).
  expect(IDS.length).toBeGreaterThanOrEqual(16);
  expect(IDS).toContain('time-aware');
  expect(IDS).toContain('workshop-lca-or-queue');
});

for (const id of IDS) {
  test(`stage text of "${id}" is at least 14 px at 1280x720 on the largest text size`, async ({
    app,
    stage,
  }) => {
    await app.open(`?scenario=${id}&view=stage`);
    await expect(stage.stage).toBeVisible();
    await app.largestText();
    await expect(stage.tree.getByRole('treeitem').first()).toBeVisible();
    await expect
      .poll(async () => (await stage.diagramTextSizes()).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    // Let the tree's zoom settle (it animates to its fit unless motion is reduced).
    await stage.untilStill(id);
    const sizes = await stage.diagramTextSizes();
    const small = sizes.filter((s) => s.px < 14).map((s) => `"${s.text}" ${s.px.toFixed(1)} px`);
    expect(small, `${id}: text under 14 px`).toEqual([]);
    // Queue names are among what is measured (the tree is on screen, not only the map).
    const queueCards = await stage.tree.getByRole('treeitem').count();
    expect(queueCards).toBeGreaterThan(0);
  });
}

test('headings and the lesson text grow with the text-size button', async ({ page, app }) => {
  await page.goto('/?scenario=welcome');
  await app.waitForSession();
  const sizeOf = (testId: string) =>
    page.getByTestId(testId).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const title = await sizeOf('lesson.title');
  const position = await sizeOf('lesson-player.position');
  await app.largestText();
  await expect.poll(() => sizeOf('lesson.title')).toBeCloseTo(title * 1.3, 0);
  await expect.poll(() => sizeOf('lesson-player.position')).toBeCloseTo(position * 1.3, 0);
  // The lesson title is an h2 in the theme's h2 style: 1.25rem × 1.3 = 26 px.
  expect(await sizeOf('lesson.title')).toBeCloseTo(26, 0);
});

test('presenter mode draws diagram text at 14 px or more even at the default text size', async ({
  page,
  app,
  stage,
}) => {
  await page.goto('/?scenario=welcome&session=3');
  await app.waitForSession();
  await page.keyboard.press('f');
  await expect(stage.presenter).toBeVisible();
  await expect(stage.tree.getByRole('treeitem').first()).toBeVisible();
  await stage.untilStill('presenter mode');
  const sizes = await stage.diagramTextSizes();
  expect(sizes.map((s) => s.text)).toEqual(expect.arrayContaining(['org', 'node-0']));
  for (const s of sizes) expect(s.px, `"${s.text}"`).toBeGreaterThanOrEqual(14);
});

test('presenter mode fits a 1280 px window with a long title at the largest text size', async ({
  page,
  app,
  stage,
}) => {
  await page.goto('/?scenario=lca-1&session=2');
  await app.waitForSession();
  await app.largestText();
  await page.keyboard.press('f');
  await expect(stage.presenter).toBeVisible();
  await expect(stage.presenterExit).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('presenter.next')).toBeInViewport({ ratio: 1 });
  const overflow = await stage.presenter.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const lessonRight = (await stage.presenterLesson.boundingBox())!;
  expect(lessonRight.x + lessonRight.width).toBeLessThanOrEqual(1280);
});
