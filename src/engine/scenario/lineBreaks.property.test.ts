/**
 * Property: the line breaks of a scenario's text never change what it reads as. For a random valid scenario
 * (and the same with a mistake in it), rendered as YAML or as JSON, with or without `expect` (which sends
 * the text to the located YAML reading) and with a multi-line description (a literal block in YAML),
 * writing its line breaks as CR, CR LF or a mix gives the result of the LF text: the same normalised
 * scenario, or the same issues at the same lines (issue 18, lineBreaks.ts).
 */
import fc from 'fast-check';
import { stringify } from 'yaml';
import { describe, expect, it } from 'vitest';
import { buildScenarioDocument } from '../testing/arbitraries/scenarioDocument';
import { rawScenario } from '../testing/arbitraries/rawScenario';
import { parseScenario } from './parseScenario';

const BREAK = ['\n', '\r', '\r\n'] as const;

const rendering = fc.record({
  json: fc.boolean(),
  withExpect: fc.boolean(),
  description: fc.constantFrom(null, 'one line', 'two\nlines\n', 'a\n\nblank line between\n'),
  /** A mistake to make: none, an unknown field in the first queue, or a wrong value for `version`. */
  mistake: fc.constantFrom('none', 'unknown-field', 'bad-version'),
  /** How the line breaks are written: all CR, all CR LF, or one of the three per line. */
  breaks: fc.oneof(
    fc.constant<'CR' | 'CRLF'>('CR'),
    fc.constant<'CR' | 'CRLF'>('CRLF'),
    fc.array(fc.constantFrom(0, 1, 2), { minLength: 1, maxLength: 64 }),
  ),
});

function render(
  doc: Record<string, unknown>,
  r: { json: boolean; withExpect: boolean; description: string | null; mistake: string },
): string {
  const out: Record<string, unknown> = { ...doc };
  if (r.description !== null) out['description'] = r.description;
  if (r.withExpect) out['expect'] = [{ session: 1, evicted: [] }];
  if (r.mistake === 'bad-version') out['version'] = 2;
  if (r.mistake === 'unknown-field') {
    const queues = out['queues'] as Record<string, unknown>[];
    out['queues'] = [{ ...queues[0], bogus: 1 }, ...queues.slice(1)];
  }
  return r.json ? JSON.stringify(out, null, 2) : stringify(out);
}

function withBreaks(lf: string, breaks: 'CR' | 'CRLF' | number[]): string {
  if (breaks === 'CR') return lf.replaceAll('\n', '\r');
  if (breaks === 'CRLF') return lf.replaceAll('\n', '\r\n');
  let i = 0;
  return lf.replace(/\n/g, (_, at: number) => {
    const br = BREAK[breaks[i++ % breaks.length] as number] as string;
    // A lone CR then an LF would be one CR LF: after an empty line that joins two breaks into one.
    return br === '\n' &&
      lf[at - 1] === '\n' &&
      i > 1 &&
      BREAK[breaks[(i - 2) % breaks.length] as number] === '\r'
      ? '\r\n'
      : br;
  });
}

describe('line breaks never change what a scenario reads as', () => {
  it('CR, CR LF and mixed give the result of LF, for YAML and JSON, with and without expect', () => {
    fc.assert(
      fc.property(rawScenario, rendering, (raw, r) => {
        const lf = render(buildScenarioDocument(raw), r);
        const expected = parseScenario(lf);
        // The generator makes valid scenarios: only the mistake makes one invalid.
        expect(expected.ok).toBe(r.mistake === 'none');
        if (!expected.ok) expect(expected.errors.every((e) => e.line !== null)).toBe(true);
        expect(parseScenario(withBreaks(lf, r.breaks))).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });
});
