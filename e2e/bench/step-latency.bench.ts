/**
 * Step latency as a person sees it (issue 22, "Speed"), run with E2E_BENCH=1, not by `npm test`: a real key
 * press (through the browser's input pipeline) to the next session fully drawn, i.e. every view on screen that
 * names its session (the main panel, the jobs table, the decision log) shows the new one and the frame after
 * has been painted. Measured on Welcome (its stage), 100 nodes / 1,000 jobs and 500 nodes / 4,000 jobs (the
 * jobs table and the cluster map). Prints median and worst with met / not met (target: median under 100 ms);
 * it does not fail on time, since timings depend on the machine and its load.
 */
import { loadavg } from 'node:os';
import type { Page } from '@playwright/test';
import { bigScenario } from '../fixtures/bigScenario';
import { expect, test } from '../fixtures/fixtures';
import type { AppPage } from '../fixtures/AppPage';
import type { EditorDialog } from '../fixtures/EditorDialog';
import { observeLongTasks } from '../fixtures/longTasks';

const KEYS = ['ArrowRight', 'ArrowRight', 'ArrowRight', 'ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight'];

/** Records, in the page, when the next key went down (capture phase on the window, before any handler). */
async function armKeyClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __keyAt?: number };
    delete w.__keyAt;
    window.addEventListener('keydown', () => (w.__keyAt = performance.now()), { capture: true, once: true });
  });
}

/** Time from the armed key press to the new session shown by every view that names one, plus a painted frame. */
function drawnAfterKey(page: Page, target: number): Promise<number> {
  return page.evaluate(async (session) => {
    const w = window as unknown as { __keyAt?: number };
    const isDrawn = () => {
      const panel = document.getElementById('main-panel');
      if (panel === null || panel.dataset.session !== String(session)) return false;
      for (const el of document.querySelectorAll<HTMLElement>('[data-shown-session]'))
        if (el.dataset.shownSession !== String(session)) return false;
      return true;
    };
    await new Promise<void>((resolve) => {
      const check = () => (isDrawn() ? resolve() : requestAnimationFrame(check));
      check();
    });
    // The frame that shows it: the next animation frame, then the task after its paint.
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return performance.now() - (w.__keyAt ?? performance.now());
  }, target);
}

async function stepLatencies(page: Page, app: AppPage): Promise<number[]> {
  const out: number[] = [];
  for (const key of KEYS) {
    const from = (await app.state())!.cursor;
    await armKeyClock(page);
    await page.keyboard.press(key);
    out.push(await drawnAfterKey(page, key === 'ArrowRight' ? from + 1 : from - 1));
    // A person's pace: the neighbours of the cursor arrive between two presses.
    await page.waitForTimeout(400);
  }
  return out;
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? 0
    : s.length % 2 === 1
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function report(label: string, steps: readonly number[], longTasks: readonly number[]): void {
  const m = median(steps);
  const over = longTasks.filter((d) => d > 50);
  console.log(
    `${label}: key to session drawn (ms) ${steps.map((d) => d.toFixed(0)).join(', ')}; median ${m.toFixed(0)}, ` +
      `max ${Math.max(...steps).toFixed(0)} (target median < 100 ms; load ${loadavg()[0]?.toFixed(1)}): ${m < 100 ? 'met' : 'not met'}`,
  );
  console.log(
    `  main-thread tasks over 50 ms while stepping: ${over.map((d) => d.toFixed(0)).join(', ') || 'none'} ` +
      `(target none): ${over.length === 0 ? 'met' : 'not met'}`,
  );
}

async function loadBig(app: AppPage, editor: EditorDialog, nodes: number, jobs: number): Promise<void> {
  await app.open();
  await app.editButton.click();
  // E2E_BENCH_SESSIONS=n runs n sessions instead of 20 minutes: the steps measured (sessions 1-4) are the same
  // sessions (the engine is deterministic), and a loaded machine computes the big run in time.
  const sessions = Number(process.env.E2E_BENCH_SESSIONS ?? 0);
  const text = bigScenario(nodes, jobs);
  await editor.replaceText(
    sessions > 0 ? text.replace('run: {until: 20m}', `run: {sessions: ${sessions}}`) : text,
  );
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 60_000 });
  await expect.poll(async () => (await app.state())?.runState, { timeout: 560_000 }).toBe('finished');
  await app.waitForSession();
  await app.page.keyboard.press('Home');
  await app.waitForSession();
}

test('step latency: Welcome on its stage', async ({ app, page }) => {
  const takeLongTasks = await observeLongTasks(page);
  await page.goto('/?scenario=welcome');
  await app.waitForSession(60_000);
  await expect(page.locator('#main-panel')).toBeVisible();
  await takeLongTasks();
  report('Welcome (stage)', await stepLatencies(page, app), await takeLongTasks());
});

for (const [nodes, jobs] of [
  [100, 1000],
  [500, 4000],
] as const) {
  test(`step latency: ${nodes} nodes / ${jobs} jobs, jobs table and cluster map`, async ({
    app,
    editor,
    page,
  }) => {
    test.setTimeout(600_000);
    const takeLongTasks = await observeLongTasks(page);
    await loadBig(app, editor, nodes, jobs);
    await takeLongTasks();
    report(
      `${nodes} nodes / ${jobs} jobs (jobs table)`,
      await stepLatencies(page, app),
      await takeLongTasks(),
    );
    await page.getByTestId('main-view.cluster-tab').click();
    await expect(page.getByTestId('cluster-map')).toBeVisible();
    await page.waitForTimeout(500);
    await takeLongTasks();
    report(
      `${nodes} nodes / ${jobs} jobs (cluster map)`,
      await stepLatencies(page, app),
      await takeLongTasks(),
    );
  });
}
