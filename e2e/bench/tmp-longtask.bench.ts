import { writeFileSync } from 'node:fs';
import { expect, test } from '../fixtures/fixtures';
import { podsDocument } from '../../scripts/benchWorkloads';

test('tmp: long tasks while applying 140k pods', async ({ app, editor, page, browser }) => {
  test.setTimeout(600_000);
  const text = JSON.stringify({ ...podsDocument(), run: { sessions: 1 } });
  await app.open();
  await app.editButton.click();
  await editor.replaceText(text);
  await page.waitForTimeout(5000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await browser.startTracing(page, { path: '/tmp/lt-trace.json', categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await cdp.send('Profiler.start');
  await editor.apply.click();
  await expect.poll(async () => { const s = await app.state(); return s !== null && s.loadState === 'loaded' && s.cursor > 0 && s.shownSession === s.cursor; }, { timeout: 560_000 }).toBe(true);
  await page.waitForTimeout(1500);
  const { profile } = await cdp.send('Profiler.stop');
  await browser.stopTracing();
  writeFileSync('/tmp/lt-profile.json', JSON.stringify(profile));
});
