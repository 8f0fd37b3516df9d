/**
 * Where a session change of the cluster map at 4,000 nodes (32,000 GPU cells) spends its main-thread time
 * (issue 22, decision 0276), run with E2E_BENCH=1, not by `npm test`: the V8 profiler's functions by self
 * time over four steps, and the long tasks of those steps (target: none over 50 ms).
 */
import { parse } from 'yaml';
import { bigScenario } from '../fixtures/bigScenario';
import { startCpuProfile } from '../fixtures/cpuProfile';
import { expect, test } from '../fixtures/fixtures';
import { observeLongTasks } from '../fixtures/longTasks';
import type { TraceEvent } from '../fixtures/traceEvent';

/**
 * What each main-thread task over 50 ms of a Chromium trace is made of: its outermost inner events by name
 * (a script's function and file, an event's type), largest first (decision 0334: the sampling profile's self
 * times do not say which task they belong to).
 */
function longTaskParts(trace: Buffer): string[] {
  const events = (JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  if (main === undefined) return ['no renderer main thread in the trace'];
  const onMain = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const out: string[] = [];
  for (const task of onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000)) {
    const end = task.ts + (task.dur ?? 0);
    const parts = new Map<string, number>();
    let coveredTo = task.ts;
    for (const e of onMain) {
      if (e === task || e.ts < coveredTo || e.ts >= end) continue;
      const d = e.args?.data;
      const what =
        d?.functionName !== undefined
          ? `${d.functionName || '(anonymous)'} ${d.url?.split('/').pop() ?? ''}`
          : (d?.type ?? '');
      const key = `${e.name}${what === '' ? '' : ` ${what}`}`;
      parts.set(key, (parts.get(key) ?? 0) + (e.dur ?? 0) / 1000);
      coveredTo = e.ts + (e.dur ?? 0);
    }
    const top = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 6);
    out.push(
      `${((task.dur ?? 0) / 1000).toFixed(0)} ms: ${top.map(([k, ms]) => `${k} ${ms.toFixed(0)}`).join('; ')}`,
    );
  }
  return out;
}

test('cluster map at 4,000 nodes: profile of a session change', async ({ app, editor, page, browser }) => {
  test.setTimeout(600_000);
  const takeLongTasks = await observeLongTasks(page);
  await app.open();
  await app.editButton.click();
  // One line of JSON: typing thousands of YAML lines into the editor is slow in itself.
  const doc = parse(bigScenario(4000, 6000)) as Record<string, unknown>;
  await editor.replaceText(JSON.stringify({ ...doc, run: { sessions: 12 } }));
  await editor.apply.click();
  await expect(editor.dialog).toBeHidden({ timeout: 120_000 });
  await expect.poll(async () => (await app.state())?.runState, { timeout: 560_000 }).toBe('finished');
  await app.waitForSession();
  await page.getByTestId('main-view.cluster-tab').click();
  await expect(page.getByTestId('cluster-map')).toBeVisible();
  // The busiest part of the run (jobs keep arriving): its last sessions.
  await page.keyboard.press('End');
  await app.waitForSession();
  await page.waitForTimeout(1000);
  await takeLongTasks();
  const stop = await startCpuProfile(page);
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight']) {
    await page.keyboard.press(key);
    await app.waitForSession();
    await page.waitForTimeout(700);
  }
  const top = await stop(30);
  const tasks = await takeLongTasks();
  const over = tasks.filter((d) => d > 50);
  console.log(
    `cluster map (${await page.getByTestId('cluster-map').locator('canvas').getAttribute('aria-label')})`,
  );
  console.log(
    `  main-thread tasks while stepping (ms): ${tasks.map((d) => d.toFixed(0)).join(', ') || 'none'}; over 50 ms: ` +
      `${over.length} (target 0): ${over.length === 0 ? 'met' : 'not met'}`,
  );
  console.log(`  self time by function:\n${top.join('\n')}`);
  // The same steps again under a trace (without the profiler): what each long task is made of.
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  for (const key of ['ArrowLeft', 'ArrowLeft', 'ArrowRight', 'ArrowRight']) {
    await page.keyboard.press(key);
    await app.waitForSession();
    await page.waitForTimeout(700);
  }
  const parts = longTaskParts(await browser.stopTracing());
  console.log(
    `  traced steps, tasks over 50 ms and their parts (ms):\n    ${parts.join('\n    ') || 'none'}`,
  );
  expect(top.length).toBeGreaterThan(0);
});
