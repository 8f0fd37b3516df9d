/**
 * CR, CR LF and LF are the same line break to every reader of scenario text (YAML 1.2 §5.4; issue 18: a
 * JSON document with lone CRs ran through `JSON.parse` but failed as soon as `expect` sent it to the YAML
 * reading, with `unknown field "\r\"nodes\""`).
 */
import { describe, expect, it } from 'vitest';
import { normaliseLineBreaks } from './lineBreaks';
import { parseScenario, parseScenarioLocated, type ScenarioIssue } from './parseScenario';

const JSON_LINES = [
  '{',
  '"version": 1,',
  '"nodes": [{"name": "n1", "resources": {"gpu": 2}}],',
  '"queues": [{"name": "q"}],',
  '"jobs": [{"name": "a", "queue": "q", "resources": {"gpu": 1}}],',
  '"expect": [{"session": 1, "jobs": {"a": {"phase": "Running"}}}]',
  '}',
];

const YAML_LINES = [
  'version: 1',
  'nodes:',
  '  - name: n1',
  '    resources: {gpu: 2}',
  'queues:',
  '  - name: q',
  'jobs:',
  '  - name: a',
  '    queue: q',
  '    resources: {gpu: 1}',
  '    annotations:',
  '      note: |',
  '        first',
  '        second',
  'expect:',
  '  - session: 1',
  '    jobs: {a: {phase: Running}}',
];

const BREAKS = { LF: '\n', CRLF: '\r\n', CR: '\r' } as const;

function issuesOf(text: string): ScenarioIssue[] {
  const r = parseScenario(text);
  return r.ok ? r.warnings : r.errors;
}

describe('line breaks', () => {
  it('normaliseLineBreaks turns CR LF and lone CR into LF and drops a byte order mark', () => {
    expect(normaliseLineBreaks('\ufeffa\r\nb\rc\nd\r\r\ne')).toBe('a\nb\nc\nd\n\ne');
    expect(normaliseLineBreaks('plain\n')).toBe('plain\n');
  });

  for (const [name, br] of Object.entries(BREAKS)) {
    it(`a JSON document with ${name} line breaks and an expect block reads as with LF`, () => {
      const lf = parseScenario(JSON_LINES.join('\n'));
      expect(lf.ok).toBe(true);
      expect(parseScenario(JSON_LINES.join(br))).toEqual(lf);
      expect(parseScenarioLocated(JSON_LINES.join(br))).toEqual(lf);
    });

    it(`a YAML document with ${name} line breaks (a literal block included) reads as with LF`, () => {
      const lf = parseScenario(YAML_LINES.join('\n'));
      expect(lf.ok).toBe(true);
      if (!lf.ok) return;
      expect(lf.scenario.jobs[0]?.annotations['note']).toBe('first\nsecond\n');
      expect(parseScenario(YAML_LINES.join(br))).toEqual(lf);
    });
  }

  it('the lone-CR JSON of issue 18, with "expect": [], parses (it failed with unknown field "\\r\\"nodes\\"")', () => {
    const text = [...JSON_LINES.slice(0, 5), '"expect": []', '}'].join('\r');
    const r = parseScenario(text);
    expect(r.ok ? [] : r.errors).toEqual([]);
  });

  it('an error is reported at the same line whichever line breaks the file uses, mixed included', () => {
    const bad = [...YAML_LINES.slice(0, 9), '    priority: high', ...YAML_LINES.slice(9)];
    const lf = issuesOf(bad.join('\n'));
    expect(lf.map((i) => [i.path, i.line])).toEqual([['jobs[0].priority', 10]]);
    const mixed = bad.map((line, i) => line + (['\r', '\r\n', '\n'][i % 3] as string)).join('');
    for (const text of [bad.join('\r'), bad.join('\r\n'), mixed]) expect(issuesOf(text)).toEqual(lf);
  });

  it('a syntax error after lone CRs is at its own line, not line 1', () => {
    const text = ['version: 1', 'nodes: []', 'queues: [{name: q}', 'jobs: []'].join('\r');
    const lines = issuesOf(text).map((i) => i.line);
    expect(lines.length).toBeGreaterThan(0);
    expect(issuesOf(text)).toEqual(issuesOf(text.replaceAll('\r', '\n')));
    expect(Math.min(...lines.map((l) => l ?? 0))).toBeGreaterThan(1);
  });

  it('a byte order mark before JSON or YAML changes nothing', () => {
    for (const lines of [JSON_LINES, YAML_LINES]) {
      expect(parseScenario(`\ufeff${lines.join('\r\n')}`)).toEqual(parseScenario(lines.join('\n')));
    }
  });
});
