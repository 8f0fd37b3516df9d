/**
 * Golden traces: a few small scenarios' decisions and full session traces, checked in as JSON. A refactor
 * that must change no decision (KAI's move into profiles/kai, decision 0029) keeps these byte for byte.
 * When a rule change alters a trace on purpose, regenerate with `UPDATE_GOLDEN=1 npx vitest run
 * src/engine/testing/golden` and review the diff like code.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { goldenDocument } from './goldenDocument';

const ROOT = join(__dirname, '../../../..');
const HERE = __dirname;

/** Small scenarios covering KAI reclaim (lca), preempt, fair share, and Volcano enqueue and preempt. */
const CASES: readonly string[] = [
  'conformance/kai/AP3-no-preempt-equal-priority.yaml',
  'conformance/kai/FS1e-single-queue-full-quota.yaml',
  'src/scenarios/preempt-1-leaf-overrides.yaml',
  'src/scenarios/lca-2-sibling-leaf.yaml',
  'conformance/volcano/E2-enqueue-pending-to-inqueue.yaml',
  'conformance/volcano/P2-no-preempt-when-job-pipelined.yaml',
];

describe('golden traces (no decision changes unnoticed)', () => {
  for (const file of CASES) {
    it(`${file} gives its checked-in trace`, () => {
      const path = join(
        HERE,
        `${file
          .split('/')
          .pop()
          ?.replace(/\.yaml$/, '')}.json`,
      );
      const actual = goldenDocument(file, readFileSync(join(ROOT, file), 'utf8'));
      if (process.env.UPDATE_GOLDEN === '1') writeFileSync(path, actual);
      expect(actual).toBe(readFileSync(path, 'utf8'));
    });
  }
});
