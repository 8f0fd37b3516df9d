/**
 * No shared file names a profile (issue 23, decision 0279): outside a profile's own folders
 * (`src/engine/profiles/<name>/`, `src/features/profiles/<name>/`) and the two registries, a profile's
 * name as a string literal ('kai', "volcano", 'kube-batch') means a shared file branches on it, and a
 * new profile would quietly behave like one of them there. Tests and e2e specs may name profiles (they
 * write scenarios).
 *
 * NOT_YET listed the files that still did, with how many lines, while issue 23's refactor went on; it is
 * empty now and may only stay so (a new file or a higher count fails). TEST_DATA lists the few non-test
 * files that hold test data only.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { profileNames } from './registry';

const ROOT = join(__dirname, '..', '..');
const SCANNED = ['src', 'scripts', 'cli'];
// Every registered profile's name (a new profile is scanned for as soon as it is registered).
const NAMES = profileNames().join('|');
const PROFILE_LITERAL = new RegExp(`'(${NAMES})'|"(${NAMES})"`);
const OWN_FOLDER = /^src\/(engine|features)\/profiles\/[a-z0-9-]+\//;
const REGISTRIES = new Set(['src/engine/registry.ts', 'src/features/profiles/uiRegistry.ts']);

/** Shared files that still name a profile, with their number of such lines (may only shrink). */
// Empty since the issue 23 round of 2026-11-27 (decisions 0309, 0311, 0314): keep it so.
const NOT_YET: Readonly<Record<string, number>> = {};

/**
 * Test data, not code that runs for a scenario: fixtures that build one profile's records for unit tests,
 * and the mapping that proves the golden traces kept their content when KAI's details moved (decision 0315).
 * Like a test file, they write a profile's name because the data is that profile's; nothing a new profile
 * runs goes through them.
 */
const TEST_DATA = new Set([
  'src/engine/testing/golden/legacyShape.ts',
  'src/features/jobs/testing/kaiJob.ts',
  'src/viz/testing/galleryScenes.ts',
  'src/viz/testing/vizFixtures.ts',
]);

function sourceFiles(dir: string): string[] {
  let out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out; // a scanned root that does not exist (cli lives in src/cli today)
  }
  for (const name of names.sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out = out.concat(sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

/** Shared files naming a profile, with the number of lines that do. */
function profileNamingFiles(): Record<string, number> {
  const found: Record<string, number> = {};
  for (const root of SCANNED) {
    for (const path of sourceFiles(join(ROOT, root))) {
      const file = relative(ROOT, path).split('\\').join('/');
      if (OWN_FOLDER.test(file) || REGISTRIES.has(file) || TEST_DATA.has(file)) continue;
      const lines = readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => PROFILE_LITERAL.test(l)).length;
      if (lines > 0) found[file] = lines;
    }
  }
  return found;
}

describe('shared files do not name a profile', () => {
  const found = profileNamingFiles();

  it('no file outside the list names a profile, and no listed file names one more often', () => {
    const worse = Object.entries(found)
      .filter(([file, n]) => n > (NOT_YET[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} line(s) (allowed ${NOT_YET[file] ?? 0})`);
    expect(worse).toEqual([]);
  });

  it('the list holds only files that still name a profile, at their true count', () => {
    const stale = Object.entries(NOT_YET)
      .filter(([file, n]) => found[file] !== n)
      .map(([file, n]) => `${file}: listed ${n}, found ${found[file] ?? 0}`);
    expect(stale).toEqual([]);
  });

  it('every test-data file exists and is in a testing folder (the exemption cannot grow by accident)', () => {
    for (const file of TEST_DATA) {
      expect(file).toMatch(/\/testing\//);
      expect(statSync(join(ROOT, file)).isFile()).toBe(true);
    }
  });

  it('finds a profile name written in a shared file (the scan works)', () => {
    expect(PROFILE_LITERAL.test("if (profile === 'kai') return;")).toBe(true);
    expect(OWN_FOLDER.test('src/engine/profiles/kai/module.ts')).toBe(true);
    expect(OWN_FOLDER.test('src/engine/simulation/Simulator.ts')).toBe(false);
    expect(sourceFiles(join(ROOT, 'src')).length).toBeGreaterThan(100);
  });
});
