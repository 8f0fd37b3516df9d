/**
 * Issue 22, lesson flow, as a teacher meets it: a lesson opens with its first step applied, a question cannot
 * be skipped by accident (every forward move is held and the pane says why), the script never moves back in
 * time, and the editor shows the scenario on screen with only the current text's problems.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parse } from 'yaml';
import { galleryIds } from './fixtures/galleryIds';
import { expect, test } from './fixtures/fixtures';

const position = (page: Page) => page.getByTestId('lesson-player.position');
const held = (page: Page) => page.getByTestId('lesson-question.held');

test('LCA 1 opens on step 1 with queue d selected, in the details and on the stage', async ({
  app,
  page,
  stage,
}) => {
  await app.open('?scenario=lca-1&view=stage');
  await expect(position(page)).toHaveText('Step 1 of 4');
  await expect(app.detailsPane.getByTestId('inspector.queue')).toContainText('Queue d');
  await expect(stage.tree.getByRole('treeitem', { name: /^queue d;/ })).toBeVisible();
  await expect.poll(async () => (await app.searchParams()).get('queue')).toBe('d');
});

/** Each gallery lesson's first `select`, from the files the app builds from. */
function firstSelections(): { id: string; file: string; kind: string; name: string }[] {
  const source = readFileSync('src/scenarios/builtinScenarios.ts', 'utf8');
  return galleryIds().flatMap((id) => {
    const file = new RegExp(`id: '${id}',[^}]*?fileName: '([^']+)'`, 's').exec(source)?.[1];
    if (file === undefined) return [];
    const doc = parse(readFileSync(`src/scenarios/${file}`, 'utf8')) as {
      lesson?: { select?: Record<string, string | { victim: string }> }[];
    };
    const select = doc.lesson?.[0]?.select;
    if (select === undefined) return [];
    const [kind, value] = Object.entries(select)[0] ?? [];
    if (kind === undefined || value === undefined) return [];
    return [
      typeof value === 'string'
        ? { id, file, kind, name: value }
        : { id, file, kind: 'job', name: value.victim },
    ];
  });
}

// Every gallery lesson took 41-50 s on one worker (a load each, Volcano's the slowest): the ones issue 22
// named and one whose step 1 selects a queue. The opening rule is one store function for every lesson
// (lessonOpening, src/store/lessonSlice.test.ts).
const LOOPED = ['preempt-1', 'elastic', 'time-aware'];

// One test per lesson: the three in one test took 41-50 s of its 60 s and timed out once in CI.
for (const id of LOOPED) {
  test(`${id} opened from the gallery shows its first step’s selection`, async ({ app, page }) => {
    const lesson = firstSelections().find((l) => l.id === id);
    expect(lesson, id).toBeDefined();
    if (lesson === undefined) return;
    await app.open('?scenario=welcome');
    await page.keyboard.press('g');
    await page.getByTestId(`gallery.${lesson.id}`).click();
    await expect
      .poll(async () => (await app.state())?.scenario, { message: lesson.id, timeout: 30_000 })
      .toBe(lesson.id);
    await app.waitForSession(30_000);
    await expect(position(page), lesson.id).toHaveText(/^Step 1 of/);
    // The details show what step 1 selected (a job that arrives later is named as "not in the cluster yet").
    await expect(app.detailsPane.getByTestId('inspector.empty'), lesson.id).toHaveCount(0);
    await expect(app.detailsPane, lesson.id).toContainText(
      lesson.kind === 'job' ? lesson.name : `${lesson.kind === 'queue' ? 'Queue' : 'Node'} ${lesson.name}`,
    );
  });
}

test('presenter mode: E, Page Down past the script and the caption never skip an open question', async ({
  app,
  page,
  stage,
}) => {
  await app.open('?scenario=welcome&view=stage&present=1');
  await expect(stage.presenter).toBeVisible();
  // Step 2 asks which sweep goes first (answered at session 3).
  await page.keyboard.press('PageDown');
  await expect(position(page)).toHaveText('Step 2 of 5');
  await expect(page.getByTestId('lesson-question')).toBeVisible();
  // Nothing happens in session 1: the caption offers the answer's keys, not E.
  await expect(stage.caption).toContainText('Answer the lesson’s question first: pick with 1–3');
  await expect(stage.caption).not.toContainText('Press E');
  await page.keyboard.press('e');
  await expect(held(page)).toContainText('Answer or reveal first: session 3 is past this question');
  await expect(held(page)).toContainText('Page Down');
  await expect(stage.presenterSession).toHaveText(/^Session 1 of \d+$/);
  await page.keyboard.press('End');
  await expect(stage.presenterSession).toHaveText(/^Session 1 of \d+$/);
  // The class answers; Page Down reveals and records the engine's verdict at session 3.
  await page.keyboard.press('1');
  await expect(held(page)).toBeHidden();
  await page.keyboard.press('PageDown');
  await expect(stage.presenterSession).toHaveText(/^Session 3 of \d+$/);
  await expect(page.getByTestId('lesson-question.result')).toHaveText(
    'Right: “sweep-1, at t=20s (session 3)”.',
  );
});

test('the transport and the timeline hold at an open question; going back stays free', async ({
  app,
  page,
  runControls,
}) => {
  await app.open('?scenario=welcome');
  await page.getByTestId('lesson-player.next').click();
  await expect(position(page)).toHaveText('Step 2 of 5');
  // The question is about session 1: the next session is already past it.
  await runControls.stepForward.click();
  await expect(held(page)).toContainText('Answer or reveal first: session 2 is past this question');
  await expect(held(page)).toContainText('Reveal the answer');
  await expect(runControls.session).toHaveText(/^Session 1 of \d+$/);
  await runControls.nextEviction.click();
  await expect(held(page)).toContainText('session 3 is past this question');
  const box = await runControls.timeline.boundingBox();
  if (box === null) throw new Error('the timeline is not on screen');
  await runControls.timeline.click({ position: { x: box.width - 8, y: box.height / 2 } });
  await expect(runControls.session).toHaveText(/^Session 1 of \d+$/);
  // Back on step 1 (no question) the run steps on, and the lesson follows it to the question; stepping back
  // from there is free.
  await page.getByTestId('lesson-player.back').click();
  await expect(position(page)).toHaveText('Step 1 of 5');
  await runControls.stepForward.click();
  await expect(runControls.session).toHaveText(/^Session 2 of \d+$/);
  await expect(position(page)).toHaveText('Step 2 of 5');
  await runControls.stepBack.click();
  await expect(runControls.session).toHaveText(/^Session 1 of \d+$/);
  // Revealed, the question lets the run go on.
  await page.getByTestId('lesson-player.next').click();
  await expect(runControls.session).toHaveText(/^Session 3 of \d+$/);
  await runControls.stepForward.click();
  await expect(runControls.session).toHaveText(/^Session 4 of \d+$/);
});

test('a glossary term that lands under a resting pointer opens no tooltip until the pointer moves', async ({
  app,
  page,
}) => {
  // The teacher clicks the step line once, then drives the lesson with a clicker; the mouse rests where it
  // was. At x1.3 Welcome's step 2 put "reclaim" under it and its tooltip covered the step's text.
  await app.open('?scenario=welcome&view=stage');
  const tooltip = page.getByRole('tooltip');
  await position(page).click();
  await page.keyboard.press('PageDown');
  await expect(position(page)).toHaveText('Step 2 of 5');
  const term = app.lessonPane.getByTestId('glossary-term').first();
  const box = await term.boundingBox();
  if (box === null) throw new Error('no glossary term on step 2');
  const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Back on step 1, the pointer is put where step 2's term will be, and left there.
  await page.keyboard.press('PageUp');
  await expect(position(page)).toHaveText('Step 1 of 5');
  await page.mouse.move(at.x, at.y, { steps: 4 });
  await expect(tooltip).toHaveCount(0);
  await page.keyboard.press('PageDown');
  await expect(position(page)).toHaveText('Step 2 of 5');
  await expect(term).toBeVisible();
  // The term is under the pointer now (MUI opens after 150 ms): nothing opens while the pointer rests.
  await page.waitForTimeout(600);
  await expect(tooltip).toHaveCount(0);
  // A real move over the term opens its definition.
  await page.mouse.move(at.x + 2, at.y, { steps: 2 });
  await expect(tooltip).toContainText((await term.getAttribute('data-term')) ?? '');
});

test('Welcome’s last step stays at the answer’s session, and Page Up goes back without moving forward', async ({
  app,
  page,
  stage,
}) => {
  await app.open('?scenario=welcome&session=4&view=stage&present=1');
  await expect(position(page)).toHaveText('Step 4 of 5');
  await page.keyboard.press('2');
  await page.keyboard.press('PageDown');
  await expect(stage.presenterSession).toHaveText(/^Session 5 of \d+$/);
  await page.keyboard.press('PageDown');
  await expect(position(page)).toHaveText('Step 5 of 5');
  await expect(stage.presenterSession).toHaveText(/^Session 5 of \d+$/);
  await page.keyboard.press('PageUp');
  await expect(position(page)).toHaveText('Step 4 of 5');
  await expect(stage.presenterSession).toHaveText(/^Session 5 of \d+$/);
  await page.keyboard.press('PageUp');
  await expect(stage.presenterSession).toHaveText(/^Session 4 of \d+$/);
});

test('after Back to another scenario, Edit YAML shows that scenario; a replaced text’s errors go', async ({
  app,
  page,
  editor,
}) => {
  await app.open('?scenario=lca-1');
  await app.editButton.click();
  await editor.replaceText('version: 1\nname: broken\nnodez: 3\n');
  await editor.apply.click();
  await expect(editor.issues.filter({ hasText: 'nodez' })).toHaveCount(1);
  // A whole new text (a paste): the old problems are not listed for it; its own are, once validated.
  await editor.replaceText('version: 1\nname: other\nqueuez: 7\n');
  await expect(editor.issues.filter({ hasText: 'queuez' })).toHaveCount(1);
  await expect(editor.dialog.getByTestId('editor.issues')).toContainText('not applied yet');
  await expect(editor.issues.filter({ hasText: 'nodez' })).toHaveCount(0);
  await editor.close.click();

  // Navigating by URL: open Welcome, then Back to LCA 1. The unsaved text is kept in My scenarios.
  await page.goto('/?scenario=welcome&view=jobs');
  await app.waitForSession();
  await app.editButton.click();
  await expect.poll(() => editor.value()).toContain("name: 'Welcome");
  await editor.close.click();
  await page.goBack();
  await expect.poll(async () => (await app.state())?.scenario).toBe('lca-1');
  await app.waitForSession();
  await app.editButton.click();
  await expect.poll(() => editor.value()).toContain("name: 'LCA 1");
});
