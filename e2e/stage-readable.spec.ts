/**
 * Issue 11: text on the stage and in presenter mode is readable on a projector. The "at least 14 px at
 * 1280x720 on the largest setting" measure of every gallery scenario is made in stage-path-in-view.spec.ts,
 * on the same page load as that lesson's path check (decision 0255); here are the text-size button itself and
 * presenter mode's own sizes.
 */
import { expect, test } from './fixtures/fixtures';

test.use({ viewport: { width: 1280, height: 720 } });

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
  // The lesson title is an h2; in a window up to 800 px high (this 1280x720) it takes the theme's h3 size,
  // 1.1rem × 1.3 = 22.9 px (decision 0302: less chrome at 720 px, the step's text keeps its size).
  expect(await sizeOf('lesson.title')).toBeCloseTo(22.88, 0);
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
  await app.largestTextBeforeLoad();
  await page.goto('/?scenario=lca-1&session=2');
  await app.waitForSession();
  await app.expectLargestText();
  await page.keyboard.press('f');
  await expect(stage.presenter).toBeVisible();
  await expect(stage.presenterExit).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId('presenter.next')).toBeInViewport({ ratio: 1 });
  const overflow = await stage.presenter.evaluate((el) => el.scrollWidth - el.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const lessonRight = (await stage.presenterLesson.boundingBox())!;
  expect(lessonRight.x + lessonRight.width).toBeLessThanOrEqual(1280);
});
