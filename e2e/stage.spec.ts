/**
 * The stage, presenter mode, stepping keys wherever focus is, the zoomable timeline and the decision log's
 * "Evictions only" filter, used as a teacher would: at 1280x720 and 1920x1080, with the keyboard and a
 * presentation clicker (Page Down), at the largest text size.
 */
import { seriousViolations } from './fixtures/axe';
import { expect, test } from './fixtures/fixtures';
import { manyQueuesScenario } from './fixtures/manyQueuesScenario';

/** Screenshots for review only with E2E_SHOTS=1 (as the other specs): CI reads none of them (decision 0255). */
const SHOTS = process.env['E2E_SHOTS'] === '1';

for (const size of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  test.describe(`at ${size.width}x${size.height}`, () => {
    test.use({ viewport: size });

    test('a lesson opens on the stage: both views and the key decision, no tab clicked', async ({
      page,
      app,
      stage,
    }) => {
      await page.goto('/?scenario=welcome&session=3');
      await app.waitForSession();
      await expect(app.stageTab).toHaveAttribute('aria-selected', 'true');
      await expect(stage.tree.getByRole('treeitem', { name: /^queue research/ })).toBeVisible();
      await expect(stage.map.getByRole('img')).toBeVisible();
      // Session 3 reclaims sweep-1 for train-b: the eviction is the key decision, explained below it.
      await expect(stage.headline).toContainText('Evicted sweep-1-0 from node-0 to make room for train-b');
      await expect(stage.explanation.getByTestId('victim').first()).toBeVisible();
      // Until something is selected the tree draws that eviction's min-runtime path.
      await expect(stage.tree.locator('[data-lca-overlay]').first()).toBeAttached();
      // Views fill their cells: the map uses most of its panel's width instead of a small square.
      const panel = await stage.map.boundingBox();
      const canvas = await stage.map.getByRole('img').boundingBox();
      expect(canvas!.width).toBeGreaterThan(panel!.width * 0.8);
      // Every panel is on screen: nothing below the fold.
      for (const box of [await stage.tree.boundingBox(), panel, await stage.decision.boundingBox()]) {
        expect(box!.y).toBeLessThan(size.height);
      }
      if (SHOTS) await page.screenshot({ path: test.info().outputPath(`stage-${size.width}.png`) });
    });

    test('presenter mode steps with Page Down and shows the decision as a caption', async ({
      page,
      app,
      stage,
      runControls,
    }) => {
      await page.goto('/?scenario=welcome&session=1');
      await app.waitForSession();
      await app.presentButton.click();
      await expect(stage.presenter).toBeVisible();
      await expect(stage.presenterSession).toHaveText('Session 1 of 7');
      await expect(stage.caption).toContainText('Nothing was placed or evicted in this session');
      // The clicker walks the lesson's script: the next step asks a question (still session 1)…
      await page.keyboard.press('PageDown');
      await expect(stage.presenterLesson).toContainText('Which sweep will be reclaimed first');
      await expect(stage.presenterSession).toHaveText('Session 1 of 7');
      // …the presenter keys in the class's answer, and the next click reveals it in the session that proves it.
      await page.keyboard.press('1');
      await page.keyboard.press('Space');
      await expect(stage.presenterSession).toHaveText('Session 3 of 7');
      await expect(stage.caption).toContainText('Evicted sweep-1-0 from node-0 to make room for train-b');
      await expect(stage.presenterLesson.getByTestId('lesson-question.result')).toHaveText(
        'Right: “sweep-1, at t=20s (session 3)”.',
      );
      await page.keyboard.press('PageDown');
      await page.keyboard.press('PageDown');
      await expect(stage.presenterSession).toHaveText('Session 4 of 7');
      await page.keyboard.press('PageUp');
      await expect(stage.presenterSession).toHaveText('Session 3 of 7');
      // Selecting on the map or tree never replaces the lesson text.
      await stage.tree.getByRole('treeitem', { name: /^queue product/ }).click();
      await expect(stage.presenterLesson).toContainText('Step 3 of 5');
      await expect(stage.presenterLesson).toContainText('At t=20s sweep-1 has run 65s');
      await expect.poll(async () => (await app.searchParams()).get('present')).toBe('1');
      if (SHOTS) await page.screenshot({ path: test.info().outputPath(`presenter-${size.width}.png`) });
      // Escape leaves (the browser may take the first Escape to leave full screen).
      await page.keyboard.press('Escape');
      if (await stage.presenter.isVisible()) await page.keyboard.press('Escape');
      await expect(stage.presenter).toBeHidden();
      await runControls.expectSession(3, 7);
    });
  });
}

test('diagram text is at least 14 px at 1280x720 on the largest text size', async ({ page, app, stage }) => {
  await app.largestTextBeforeLoad();
  await page.goto('/?scenario=welcome&session=3');
  await app.waitForSession();
  await app.expectLargestText();
  await expect(app.fontSizeButton.locator('..')).toBeVisible();
  await expect(stage.map.getByTestId('cluster-map.node-label').first()).toBeVisible();
  // On the stage the tree's legend is one click away; measure it too.
  await stage.tree.getByTestId('queue-tree.legend-toggle').click();
  await expect(stage.tree.getByTestId('queue-tree.legend-toggle')).toHaveAttribute('aria-pressed', 'true');
  await expect
    .poll(async () => Math.min(...(await stage.diagramTextSizes()).map((t) => t.px)))
    .toBeGreaterThanOrEqual(14);
  const sizes = await stage.diagramTextSizes();
  // The measurement covers the tree's cards, its legend and the map's labels and legend.
  expect(sizes.map((s) => s.text)).toEqual(
    expect.arrayContaining(['org', 'research', 'fair share', 'node-0', 'running']),
  );
  for (const s of sizes) expect(s.px, `"${s.text}"`).toBeGreaterThanOrEqual(14);

  // The same holds in presenter mode, whose type is larger again.
  await page.keyboard.press('f');
  await expect(stage.presenter).toBeVisible();
  await expect(stage.tree.getByRole('treeitem', { name: /^queue research/ })).toBeVisible();
  for (const s of await stage.diagramTextSizes()) expect(s.px, `"${s.text}"`).toBeGreaterThanOrEqual(14);
});

test('a 31-queue tree opens folded on the stage, readable, and unfolds along a selection', async ({
  page,
  app,
  editor,
  stage,
  jobsTable,
}) => {
  await app.open('?scenario=welcome');
  await app.editButton.click();
  await editor.replaceText(manyQueuesScenario(3, 9));
  await editor.apply.click();
  await app.waitForSession();
  await page.keyboard.press('s');
  const cards = stage.tree.getByRole('treeitem');
  // org and its three teams; each team's nine leaves are folded.
  await expect(cards).toHaveCount(4);
  await expect(stage.tree.getByRole('treeitem', { name: /^queue team-1;/ })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
  // Every card's text is at least the default readable size (11 px).
  for (const s of await stage.diagramTextSizes()) expect(s.px, `"${s.text}"`).toBeGreaterThanOrEqual(11);
  // Selecting a job unfolds its team and frames its queue.
  await page.keyboard.press('j');
  await jobsTable.row('job-1-0').click();
  await page.keyboard.press('s');
  await expect(stage.tree.getByRole('treeitem', { name: /^queue team-1;/ })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  await expect(stage.tree.locator('[role="treeitem"][data-highlighted]')).toBeInViewport();
});

test('the stage is one toggle away elsewhere and kept in the URL', async ({ page, app, stage }) => {
  await app.open('?scenario=welcome&session=3');
  await expect(app.jobsTab).toHaveAttribute('aria-selected', 'true');
  await expect(app.stageButton).toHaveAttribute('aria-pressed', 'false');
  await app.stageButton.click();
  await expect(stage.stage).toBeVisible();
  await expect.poll(async () => (await app.searchParams()).get('view')).toBe('stage');
  await page.reload();
  await app.waitForSession();
  await expect(stage.stage).toBeVisible();
  await app.stageButton.click();
  await expect(app.jobsTab).toHaveAttribute('aria-selected', 'true');
});

test('selecting a job shows its details beside the lesson, never instead of it', async ({
  app,
  jobsTable,
  inspector,
}) => {
  await app.open('?scenario=welcome&session=2');
  // At session 2 the lesson shows its step about it (the question asked at session 1, answered at 3).
  await expect(app.lessonPane).toContainText('At t=0 product submits train-b');
  // The lesson opens with that step's selection (decision 0268); the person then selects another job.
  await expect(inspector.job).toHaveAttribute('data-job', 'train-b');
  await jobsTable.row('sweep-1').click();
  await expect(inspector.job).toHaveAttribute('data-job', 'sweep-1');
  await expect(app.lessonPane).toBeVisible();
  await expect(app.lessonPane).toContainText('At t=0 product submits train-b');
});

test('stepping keys work after clicking a tab, and every view has a key', async ({
  page,
  app,
  runControls,
  stage,
}) => {
  await app.open('?scenario=welcome&session=1');
  await app.decisionsTab.click();
  await page.keyboard.press('ArrowRight');
  await runControls.expectSession(2);
  // The tab did not move: the arrow stepped instead.
  await expect(app.decisionsTab).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('PageDown');
  await runControls.expectSession(3);
  await page.keyboard.press('ArrowLeft');
  await runControls.expectSession(2);

  await page.keyboard.press('s');
  await expect(stage.stage).toBeVisible();
  await page.keyboard.press('q');
  await expect(page.getByTestId('main-view.queues-tab')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('c');
  await expect(page.getByTestId('main-view.cluster-tab')).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('j');
  await expect(app.jobsTab).toHaveAttribute('aria-selected', 'true');

  // The help dialog lists the new keys from the same table.
  await page.keyboard.press('?');
  const help = page.getByTestId('help-dialog');
  await expect(help.getByTestId('help-dialog.view-stage')).toContainText('Show the stage');
  await expect(help.getByTestId('help-dialog.step-forward')).toContainText('Page Down');
  await expect(help.getByTestId('help-dialog.presenter')).toContainText('Presenter mode');
});

test('the pointer ring follows the mouse and never takes a click', async ({ page, app, stage }) => {
  await page.goto('/?scenario=welcome&session=3&present=1');
  await app.waitForSession();
  await expect(stage.presenter).toBeVisible();
  await stage.pointerButton.click();
  await expect(stage.pointerButton).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(400, 300);
  await expect.poll(async () => (await stage.pointerRing.boundingBox())?.x).toBeCloseTo(400 - 48, 0);
  await expect(stage.pointerRing).toHaveCSS('pointer-events', 'none');
  // A click through the ring still reaches the page.
  const next = page.getByTestId('presenter.next');
  const box = (await next.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(stage.presenterSession).toHaveText('Session 4 of 7');
  await page.keyboard.press('o');
  await expect(stage.pointerRing).toBeHidden();
});

test('the timeline zooms and pans over thousands of sessions', async ({ page, app, editor, runControls }) => {
  await app.open('?scenario=welcome');
  await app.editButton.click();
  await editor.replaceText(LONG_RUN);
  await editor.apply.click();
  await app.waitForSession();
  await expect.poll(async () => (await app.state())?.sessionCount, { timeout: 30_000 }).toBe(3000);
  const timeline = runControls.timeline;
  await expect(timeline).toHaveAttribute('data-zoom', '1.00');
  await page.getByTestId('timeline.zoom-in').click();
  await page.getByTestId('timeline.zoom-in').click();
  await expect(timeline).toHaveAttribute('data-zoom', '4.00');
  await expect(page.getByTestId('timeline.range')).toContainText('of 3000');

  // The wheel zooms in further around the pointer.
  const box = (await timeline.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, -300);
  await expect.poll(async () => Number(await timeline.getAttribute('data-zoom'))).toBeGreaterThan(8);
  const first = Number(await timeline.getAttribute('data-first-visible'));
  const last = Number(await timeline.getAttribute('data-last-visible'));
  expect(last - first).toBeLessThan(400);

  // Dragging pans to later sessions.
  await page.mouse.move(box.x + box.width * 0.8, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height / 2, { steps: 8 });
  await page.mouse.up();
  await expect
    .poll(async () => Number(await timeline.getAttribute('data-first-visible')))
    .toBeGreaterThan(first);
  // d3-zoom ends a pan by swallowing the next click until a zero-delay timer runs (d3-drag's yesdrag). Chromium
  // runs input before timers, so on a busy renderer a click sent right away was swallowed (CI, 2026-11-29): a
  // person's click comes far later. A zero-delay timer of the page's own runs after d3's.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));

  // A click jumps to the session under it, which is on screen.
  const cursorBefore = (await app.state())!.cursor;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect.poll(async () => (await app.state())?.cursor).not.toBe(cursorBefore);
  const cursor = (await app.state())!.cursor;
  expect(cursor).toBeGreaterThanOrEqual(Number(await timeline.getAttribute('data-first-visible')));
  expect(cursor).toBeLessThanOrEqual(Number(await timeline.getAttribute('data-last-visible')));
  await expect(timeline.getByTestId('timeline.cursor')).toBeVisible();

  await page.getByTestId('timeline.zoom-reset').click();
  await expect(timeline).toHaveAttribute('data-zoom', '1.00');
});

test('the decision log lists evictions first and can show evictions only', async ({
  page,
  app,
  decisionLog,
}) => {
  await app.open('?scenario=welcome&session=3');
  await app.decisionsTab.click();
  // One eviction (sweep-1) and one pipeline (train-b's two tasks).
  await expect(decisionLog.items()).toHaveCount(2);
  await expect(decisionLog.items().first()).toHaveAttribute('data-kind', 'evict');
  await decisionLog.evictionsOnly.click();
  await expect(decisionLog.evictionsOnly).toBeChecked();
  await expect(decisionLog.items()).toHaveCount(1);
  await expect(decisionLog.items('evict')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('decision-log.empty')).toContainText('Nobody was evicted in this session');
  await page.keyboard.press('x');
  await expect(decisionLog.evictionsOnly).not.toBeChecked();
  await expect(decisionLog.items().first()).toBeVisible();
});

test('no serious or critical axe violations on the stage and in presenter mode', async ({
  page,
  app,
  stage,
}) => {
  await page.goto('/?scenario=welcome&session=3');
  await app.waitForSession();
  await expect(stage.explanation.getByTestId('victim').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // After a theme switch, MUI's colour transitions run for a moment: a scan mid-way sees blended colours
  // (a failure seen once under load), so the scan is repeated until the page has settled. One scan took over
  // expect.poll's default 5 s under load (load average 26–30, before and after decision 0255), so 20 s.
  await page.keyboard.press('t');
  await expect.poll(() => seriousViolations(page), { timeout: 20_000 }).toEqual([]);
  await app.presentButton.click();
  await expect(stage.caption).toContainText('Evicted');
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('t');
  await expect.poll(() => seriousViolations(page), { timeout: 20_000 }).toEqual([]);
});

const LONG_RUN = `version: 1
name: A long run
description: One job that runs for a long time, for the timeline.
profile: kai
scheduler:
  schedulePeriod: 10s
nodes:
  - { name: node, count: 1, resources: { gpu: 4 } }
queues:
  - name: team
    resources: { gpu: { quota: 4, limit: -1, overQuotaWeight: 1 } }
jobs:
  - name: long
    queue: team
    submitAt: 0s
    resources: { gpu: 1 }
run: { sessions: 3000 }
`;
