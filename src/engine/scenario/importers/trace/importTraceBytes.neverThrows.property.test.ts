/**
 * `importTraceBytes` reads whatever file a person opens: for the samples of every format with cells
 * changed, rows cut and bytes dropped, under any options, it returns errors or a scenario that parses
 * without an issue, and never throws.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../parseScenario';
import { importTraceBytes } from './index';
import { TRACE_FORMATS, type TraceImportOptions } from './types';

const SAMPLES = [
  'helios-cluster_log.csv',
  'philly-cluster_job_log.json',
  'pai_task_table.csv',
  'openb_pod_list_default.csv',
  'spot_job_trace.csv',
].map((name) => readFileSync(join(__dirname, 'fixtures', name), 'utf8'));

const TOKENS = [
  '"',
  ',',
  '\n',
  '\r\n',
  '',
  '0',
  '-1',
  '1e308',
  'NaN',
  'None',
  '[',
  '{',
  '}',
  ']',
  ':',
  'ü',
  '\uFEFF',
  '2020-02-30 25:61:61',
  '999999999999',
];

const damaged = fc
  .tuple(
    fc.constantFrom(...SAMPLES),
    fc.array(fc.tuple(fc.nat(), fc.nat({ max: 12 }), fc.constantFrom(...TOKENS)), {
      minLength: 1,
      maxLength: 6,
    }),
    fc.option(fc.nat(), { nil: undefined }),
  )
  .map(([text, edits, cut]) => {
    const changed = edits.reduce((t, [at, len, token]) => {
      const i = at % (t.length + 1);
      return t.slice(0, i) + token + t.slice(i + len);
    }, text);
    const bytes = new TextEncoder().encode(changed);
    return cut === undefined ? bytes : bytes.subarray(0, cut % (bytes.length + 1));
  });

const options: fc.Arbitrary<TraceImportOptions> = fc
  .record(
    {
      format: fc.constantFrom(...TRACE_FORMATS),
      compress: fc.oneof(fc.double({ min: 0.5, max: 1e5, noNaN: true }), fc.constant(24)),
      window: fc.record(
        { fromMs: fc.nat({ max: 1_800_000 }), toMs: fc.integer({ min: 3_600_000, max: 1e9 }) },
        { requiredKeys: [] },
      ),
      firstJobs: fc.integer({ min: 1, max: 30 }),
      fraction: fc.double({ min: 0.01, max: 1, noNaN: true }),
      seed: fc.nat({ max: 1000 }),
      quotaRule: fc.constantFrom('peak-share' as const, 'mean-share' as const, 'none' as const),
      gpusPerNode: fc.integer({ min: 1, max: 128 }),
      nodes: fc.integer({ min: 1, max: 50 }),
    },
    { requiredKeys: [] },
  )
  .chain((o) =>
    // A named format is mostly left out: a wrong one only gives the missing-column error.
    fc.nat({ max: 4 }).map((n) => (n === 0 ? o : (({ format: _, ...rest }) => rest)(o))),
  );

describe('importTraceBytes on damaged traces', () => {
  it('returns errors or a scenario that parses, never an exception', () => {
    fc.assert(
      fc.property(damaged, options, (bytes, o) => {
        const result = importTraceBytes(bytes, o);
        if (!result.ok) {
          expect(result.errors.length).toBeGreaterThan(0);
          for (const e of result.errors) expect(typeof e.message).toBe('string');
          return;
        }
        const back = parseScenario(result.text);
        expect(back.ok ? [] : back.errors.map((e) => `${e.path}: ${e.message}`)).toEqual([]);
      }),
      { numRuns: 500, seed: 20_261_127 },
    );
  });
});
