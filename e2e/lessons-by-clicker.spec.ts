/**
 * Issue 11's "done when": a teacher runs every built-in lesson from a projector with a clicker, never touching
 * the mouse. Each lesson is opened, presenter mode entered with F, and walked with Page Down and Space only
 * (the number keys key in the class's answer, as the clicker flow allows): every step's text appears, every
 * question is revealed with the engine's verdict, and the console stays free of errors.
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect, test } from './fixtures/fixtures';

interface Step {
  say?: string;
  ask?: { question: string; choices: { label: string }[] };
}

const LESSONS = [
  ...readFileSync('src/scenarios/builtinScenarios.ts', 'utf8').matchAll(
    /id: '([^']+)',[\s\S]*?fileName: '([^']+)'/g,
  ),
]
  .map((m) => {
    const doc = parse(readFileSync(`src/scenarios/${m[2]}`, 'utf8')) as { lesson?: Step[] };
    return { id: m[1] as string, steps: doc.lesson ?? [] };
  })
  .filter((l) => l.steps.length > 0);

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

test('every built-in scenario is a scripted lesson this spec walks', () => {
  // 16 since the time-aware pair became one scenario with a variant (issue 12).
  expect(LESSONS.length).toBeGreaterThanOrEqual(16);
  expect(LESSONS.map((l) => l.id)).toContain('time-aware');
});

for (const lesson of LESSONS) {
  test(`lesson "${lesson.id}" runs from start to end by clicker keys alone`, async ({ page, app, stage }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await app.open(`?scenario=${lesson.id}`);
    await page.keyboard.press('f');
    await expect(stage.presenter).toBeVisible();
    const pane = stage.presenterLesson;
    const total = lesson.steps.length;
    for (const [i, step] of lesson.steps.entries()) {
      await expect(pane.getByTestId('lesson-player.position')).toHaveText(`Step ${i + 1} of ${total}`);
      if (step.say !== undefined) await expect(pane).toContainText(shownStart(step.say));
      if (step.ask !== undefined) {
        const question = pane.getByTestId('lesson-question');
        await expect(question).toContainText(shownStart(step.ask.question));
        const choices = question.getByTestId('lesson-question.choice');
        await expect(choices).toHaveCount(step.ask.choices.length);
        // The class answers the first choice; the clicker reveals the engine's verdict.
        await page.keyboard.press('1');
        await expect(choices.first()).toHaveAttribute('aria-pressed', 'true');
        await page.keyboard.press(i % 2 === 0 ? 'PageDown' : 'Space');
        const result = question.getByTestId('lesson-question.result');
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
      }
      if (i + 1 < total) await page.keyboard.press(i % 2 === 0 ? 'Space' : 'PageDown');
    }
    // The script is over: the last step stays (the clicker now steps sessions), nothing was touched by mouse.
    await expect(pane.getByTestId('lesson-player.position')).toHaveText(`Step ${total} of ${total}`);
    expect(errors).toEqual([]);
  });
}
