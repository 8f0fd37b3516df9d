/**
 * A key that is a list, a mapping or null is reported at its own line as "keys must be plain text", and the
 * yaml package writes nothing to stderr (issue 18: such a key was reported at line 2 as an unknown field
 * "[ a ]", with a Node warning "Keys with collection values will be stringified").
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseScenario, type ScenarioIssue } from './parseScenario';

const HEAD = ['version: 1', 'nodes: []', 'queues:', '  - name: q'];

function errorsOf(...lines: string[]): ScenarioIssue[] {
  const r = parseScenario(`${[...HEAD, ...lines].join('\n')}\n`);
  if (r.ok) throw new Error('expected the scenario to be rejected');
  return r.errors;
}

describe('keys that are not plain text', () => {
  let emitted: unknown[] = [];
  beforeEach(() => {
    emitted = [];
    vi.spyOn(process, 'emitWarning').mockImplementation((w: unknown) => void emitted.push(w));
    vi.spyOn(console, 'warn').mockImplementation((w: unknown) => void emitted.push(w));
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const cases: [string, string[], number, string][] = [
    ['a complex key (? [a]) at the top level', ['? [a]', ': 1'], 5, 'this key is a list'],
    ['a flow list key', ['[a]: 1'], 5, 'this key is a list'],
    ['a mapping key', ['? {a: 1}', ': 2'], 5, 'this key is a mapping'],
    ['a null key (~)', ['~: 1'], 5, 'this key is null'],
    ['a null key (null)', ['null: 1'], 5, 'this key is null'],
    ['a null key inside a queue', ['  - name: r', '    ~: 3'], 6, 'this key is null'],
    ['a list key inside a queue', ['  - name: r', '    ? [x]', '    : 1'], 6, 'this key is a list'],
    [
      'an alias to a list used as a key',
      ['x-a: &k [a]', '*k : 1'],
      6,
      'this key is a list (through the alias *k)',
    ],
  ];
  for (const [name, lines, line, what] of cases) {
    it(`${name} is reported at its own line (${line}) and nothing is written to stderr`, () => {
      const errors = errorsOf(...lines);
      expect(errors.map((e) => [e.code, e.line])).toEqual([['yaml-syntax', line]]);
      expect(errors[0]?.message).toContain('keys must be plain text');
      expect(errors[0]?.message).toContain(what);
      expect(emitted).toEqual([]);
    });
  }

  it('number and boolean keys still read as text (an unknown field named "1")', () => {
    const errors = errorsOf('1: 2');
    expect(errors.map((e) => [e.code, e.path, e.line])).toEqual([['unknown-field', '["1"]', 5]]);
  });

  it('a quoted "~" key is text', () => {
    const errors = errorsOf('"~": 2');
    expect(errors.map((e) => [e.code, e.line])).toEqual([['unknown-field', 5]]);
  });
});
