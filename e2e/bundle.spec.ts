import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { expect, test } from './fixtures/fixtures';

test('the first screen loads under 500 KB of gzipped JavaScript, in one or two files', async ({ app, page }) => {
  await app.open();
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => e.name)
      .filter((name) => name.endsWith('.js')),
  );
  const pageScripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
  const urls = [...new Set([...scripts, ...pageScripts])].filter((u) => !u.includes('/worker-'));
  let total = 0;
  for (const url of urls) {
    const file = `dist${new URL(url).pathname}`;
    expect(existsSync(file), file).toBe(true);
    total += gzipSync(readFileSync(file)).length;
  }
  console.log(`first screen JS: ${urls.length} files, ${(total / 1024).toFixed(1)} KB gzipped`);
  expect(total).toBeLessThan(500 * 1024);
  // The first screen's modules are one chunk (scripts/firstScreenChunk.ts): 40 requests had cost each page load
  // 0.15 CPU-s of the browser's and network service's handling (decision 0372).
  expect(urls.length, 'files the first screen loads').toBeLessThanOrEqual(2);
});
