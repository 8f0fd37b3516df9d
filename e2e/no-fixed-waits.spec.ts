/**
 * Issue 22 item 6 (CI under 12 minutes on the 2-core machine): fixed 800–900 ms pauses before each measure
 * were a third of the e2e time. A spec waits for the condition it needs (`stage.untilStill`, `untilStill`,
 * auto-retrying assertions, `app.waitForSession`); a short fixed wait is allowed only to assert that nothing
 * happens during it or for a library's own delay. This reads the spec files, so it covers specs added later.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from './fixtures/fixtures';

const LONGEST_FIXED_WAIT_MS = 600;

test('no spec pauses for a fixed time longer than 600 ms', () => {
  const files = readdirSync('e2e').filter((f) => f.endsWith('.spec.ts'));
  expect(files.length).toBeGreaterThan(10);
  const long: string[] = [];
  for (const file of files) {
    const lines = readFileSync(`e2e/${file}`, 'utf8').split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(/waitForTimeout\(\s*([^)]*)\)/g)) {
        const ms = Number((m[1] ?? '').replace(/_/g, ''));
        // A computed duration cannot be checked here, so it counts as too long.
        if (!(ms <= LONGEST_FIXED_WAIT_MS)) long.push(`${file}:${i + 1}: ${m[0]}`);
      }
    });
  }
  expect(long, 'wait for a condition instead (e2e/README.md)').toEqual([]);
});
