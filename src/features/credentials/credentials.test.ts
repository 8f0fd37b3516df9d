/**
 * The credentials panel lists exactly the cases the engine passes: the panel counts every conformance file of
 * every suite folder, each once under the profile it declares (below), and src/engine/conformance.test.ts runs
 * every file of every suite folder through the engine against its expectations (it ran them a second time here,
 * 6.5 s of CI, until decision 0370). The counts are the files per profile.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssue, parseScenario } from '../../engine/index';
import { PROFILE_MODULES } from '../../engine/registry';
import { CREDENTIALS } from './credentialsData';
import {
  countByFeature,
  featureOf,
  markdownTables,
  profileOf,
  readDifferences,
  sourceOf,
} from './readCredentials';

const ROOT = resolve(__dirname, '../../../conformance');

describe('credentials', () => {
  it('counts every conformance file once, under the profile it declares', () => {
    // Every suite folder: a new profile's suite (kueue, issue 23) is counted like the first two.
    const suites = readdirSync(ROOT, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    const files = suites.flatMap((suite) =>
      readdirSync(join(ROOT, suite))
        .filter((f) => f.endsWith('.yaml'))
        .map((f) => `${suite}/${f}`),
    );
    expect(CREDENTIALS.cases.map((c) => c.file).sort()).toEqual(files.sort());
    const total = Object.values(CREDENTIALS.counts).reduce((a, b) => a + b, 0);
    expect(total).toBe(files.length);
    for (const c of CREDENTIALS.cases) {
      const text = readFileSync(join(ROOT, c.file), 'utf8');
      const parsed = parseScenario(text, { fileName: c.file });
      if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
      expect(c.profile, c.file).toBe(parsed.scenario.profile);
      expect(c.checks, `${c.file} has a row in its INDEX.md`).not.toBe('');
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

describe('upstream and features', () => {
  it("takes each profile's commit from its module, the same record the engine's module carries", () => {
    expect(Object.keys(CREDENTIALS.upstream)).toEqual(PROFILE_MODULES.map((m) => m.name));
    for (const m of PROFILE_MODULES) {
      expect(CREDENTIALS.upstream[m.name], m.name).toBe(m.upstream);
      expect(m.upstream.commit, m.name).toMatch(/^[0-9a-f]{8}$/);
      expect(m.upstream.date, m.name).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(CREDENTIALS.upstream['kube-batch'].repository).toBe('kubernetes-sigs/kube-batch');
  });

  it('names the commit each profile follows, the one its project-added cases cite', () => {
    expect(CREDENTIALS.upstream.kai.commit).toMatch(/^[0-9a-f]{8}$/);
    const head = readFileSync(join(ROOT, 'kai', 'INDEX-head.md'), 'utf8');
    for (const c of CREDENTIALS.cases.filter(
      (x) => x.profile === 'kai' && head.includes(`\`${x.file.slice(4)}\``),
    ))
      expect(readFileSync(join(ROOT, c.file), 'utf8'), c.file).toContain(
        CREDENTIALS.upstream.kai.commit.slice(0, 7),
      );
  });

  it('counts every case under one feature, read from its upstream test path', () => {
    const total = countByFeature(CREDENTIALS.cases).reduce((n, [, k]) => n + k, 0);
    expect(total).toBe(CREDENTIALS.cases.length);
    const kai = new Map(countByFeature(CREDENTIALS.cases.filter((c) => c.profile === 'kai')));
    expect(kai.get('reclaim')).toBeGreaterThan(0);
    expect(kai.get('minruntime')).toBeGreaterThan(0);
    expect(kai.get('design doc')).toBe(5);
  });

  it('reads a feature from a source', () => {
    expect(featureOf('KAI pkg/scheduler/actions/reclaim/reclaim_test.go #0 x')).toBe('reclaim');
    expect(
      featureOf('KAI pkg/scheduler/plugins/proportion/resource_division/resource_division_test.go'),
    ).toBe('proportion');
    expect(featureOf('KAI pkg/scheduler/api/podgroup_info/subgroup_info/subgroup_info_test.go x')).toBe(
      'subgroup_info',
    );
    expect(featureOf('KAI docs/developer/designs/min-runtime/README.md Reclaims example 1')).toBe(
      'design doc',
    );
    expect(featureOf('KAI test/e2e/suites/reclaim/reclaim_test.go x')).toBe('e2e');
    expect(featureOf('derived')).toBe('derived');
    expect(sourceOf('x-source: \'Volcano pkg/a/b_test.go T "c"\'\n')).toBe('Volcano pkg/a/b_test.go T "c"');
    expect(sourceOf('version: 1\n')).toBe('');
  });
});

describe('readers', () => {
  it('reads a profile, defaulting to the first known one', () => {
    const known = ['kai', 'volcano', 'kube-batch', 'kueue'] as const;
    expect(profileOf('version: 1\nprofile: kube-batch\n', known)).toBe('kube-batch');
    expect(profileOf('version: 1\nprofile: kueue\n', known)).toBe('kueue');
    expect(profileOf('version: 1\nnodes: []\n', known)).toBe('kai');
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
