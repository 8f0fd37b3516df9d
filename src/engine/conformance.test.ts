/**
 * Upstream conformance: every scenario under `conformance/` (copied from shared/conformance: KAI,
 * Volcano and kube-batch unit-test cases translated to the scenario format) runs through the engine and
 * must meet its `expect` list and its `x-resolve` entries. Scenarios the engine cannot run yet would be
 * listed in PENDING below — the only place to do so — with what will enable them (none are: the Volcano and
 * kube-batch profiles run). Expectations are never edited.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkExpectations, formatIssue, parseScenario, resolveMinRuntime, runScenario } from './index';

const ROOT = resolve(__dirname, '../../conformance');

/** file (relative to conformance/) → why it cannot pass yet. Empty: every suite runs. */
const PENDING: Record<string, string> = {};

interface ResolveEntry {
  victimQueue: string;
  preemptorQueue?: string;
  method?: 'lca' | 'queue';
  preemptMs?: number;
  reclaimMs?: number;
}

for (const suite of ['kai', 'volcano']) {
  describe(`conformance/${suite}`, () => {
    const files = readdirSync(join(ROOT, suite))
      .filter((f) => f.endsWith('.yaml'))
      .sort();
    it('has scenarios', () => {
      expect(files.length).toBeGreaterThan(0);
    });
    for (const file of files) {
      const key = `${suite}/${file}`;
      const text = readFileSync(join(ROOT, suite, file), 'utf8');
      if (PENDING[key]) {
        it.skip(`${file} — pending: ${PENDING[key]}`, () => {});
        continue;
      }
      it(file, () => {
        const parsed = parseScenario(text, { fileName: file });
        if (!parsed.ok) throw new Error(parsed.errors.map(formatIssue).join('\n'));
        const scenario = parsed.scenario;
        const failures = checkExpectations(runScenario(scenario), scenario.expect);
        expect(failures.map((f) => `${f.path}: ${f.message}`)).toEqual([]);
        const entries = (scenario.extensions['x-resolve'] ?? []) as ResolveEntry[];
        for (const e of entries) {
          const r = resolveMinRuntime(scenario, {
            victimQueue: e.victimQueue,
            ...(e.preemptorQueue !== undefined ? { preemptorQueue: e.preemptorQueue } : {}),
            ...(e.method !== undefined ? { method: e.method } : {}),
          });
          if (e.preemptMs !== undefined)
            expect(r.preempt.durationMs, `${file} preempt ${e.victimQueue}`).toBe(e.preemptMs);
          if (e.reclaimMs !== undefined)
            expect(r.reclaim.durationMs, `${file} reclaim ${e.victimQueue}`).toBe(e.reclaimMs);
        }
      });
    }
  });
}

describe('conformance/volcano parses', () => {
  // The Volcano scenarios must also be valid input on their own (a parse error would hide behind a run).
  for (const file of readdirSync(join(ROOT, 'volcano')).filter((f) => f.endsWith('.yaml'))) {
    it(file, () => {
      const parsed = parseScenario(readFileSync(join(ROOT, 'volcano', file), 'utf8'), { fileName: file });
      expect(parsed.ok ? [] : parsed.errors.map(formatIssue)).toEqual([]);
    });
  }
});
