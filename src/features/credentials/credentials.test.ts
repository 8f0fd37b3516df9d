/**
 * The credentials panel lists exactly the cases the engine passes: every conformance file the panel counts
 * is run through the engine here and must meet its expectations, and the counts are the files per profile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExpectations, formatIssue, parseScenario, runScenario } from '../../engine/index';
import { CREDENTIALS } from './credentialsData';
import { markdownTables, profileOf, readDifferences } from './readCredentials';

const ROOT = resolve(__dirname, '../../../conformance');

describe('credentials', () => {
  it('counts every conformance file once, under the profile it declares', () => {
    const files = ['kai', 'volcano'].flatMap((suite) =>
      readdirSync(join(ROOT, suite))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `${suite}/${f}`),
    );
    expect(CREDENTIALS.cases.map((c) => c.file).sort()).toEqual(files.sort());
    const total = CREDENTIALS.counts.kai + CREDENTIALS.counts.volcano + CREDENTIALS.counts['kube-batch'];
    expect(total).toBe(files.length);
    for (const c of CREDENTIALS.cases) {
      const text = readFileSync(join(ROOT, c.file), 'utf8');
      const parsed = parseScenario(text, { fileName: c.file });
      if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
      expect(c.profile, c.file).toBe(parsed.scenario.profile);
      expect(c.checks, `${c.file} has a row in its INDEX.md`).not.toBe('');
    }
  });

  it('lists only cases the engine passes', () => {
    for (const c of CREDENTIALS.cases) {
      const parsed = parseScenario(readFileSync(join(ROOT, c.file), 'utf8'), { fileName: c.file });
      if (!parsed.ok) throw new Error(c.file);
      const failures = checkExpectations(runScenario(parsed.scenario), parsed.scenario.expect);
      expect(failures, c.file).toEqual([]);
    }
  });

  it('reads the known differences from the deviation records', () => {
    const files = CREDENTIALS.records.map((r) => r.file.slice(0, 4));
    expect(files).toEqual(['0001', '0002', '0016', '0017']);
    const kai = CREDENTIALS.records.find((r) => r.file.startsWith('0002'));
    expect(kai?.differences.length).toBeGreaterThanOrEqual(5);
    expect(kai?.differences.map((d) => d.title)).toContain('Time is whole milliseconds');
  });
});

describe('readers', () => {
  it('reads a profile, defaulting to kai', () => {
    expect(profileOf('version: 1\nprofile: kube-batch\n')).toBe('kube-batch');
    expect(profileOf('version: 1\nnodes: []\n')).toBe('kai');
  });

  it('reads markdown tables by their header', () => {
    expect(markdownTables('x\n\n| a | b |\n|---|---|\n| `1` | 2 |\n\nafter')).toEqual([
      { header: ['a', 'b'], rows: [['1', '2']] },
    ]);
  });

  it('reads a record without bullets as one difference', () => {
    const r = readDifferences('0099-x.md', '# 99. Title here\n\nFirst sentence. Second one.\n');
    expect(r).toEqual({
      file: '0099-x.md',
      title: 'Title here',
      differences: [{ title: 'Title here', text: 'First sentence.' }],
    });
  });
});
