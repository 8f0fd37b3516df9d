import { describe, expect, it } from 'vitest';
import { deepestLine } from './deepestLine';
import { parseScenario } from './parseScenario';

describe('deepestLine', () => {
  it('finds the line where flow brackets pass the limit', () => {
    const text = ['version: 1', 'queues: [{name: q}]', `x-deep: ${'['.repeat(100)}${']'.repeat(100)}`].join(
      '\n',
    );
    expect(deepestLine(text, 64)).toBe(3);
  });

  it('counts block levels and sequence markers', () => {
    const lines = ['version: 1', 'a:'];
    for (let d = 1; d <= 70; d++) lines.push(`${' '.repeat(d)}k${d}:`);
    expect(deepestLine(lines.join('\n'), 64)).toBe(2 + 64);
    expect(deepestLine(`x:\n  - ${'- '.repeat(80)}1`, 64)).toBe(2);
  });

  it('ignores brackets in quotes and comments', () => {
    expect(deepestLine(`a: "${'['.repeat(100)}"\nb: 1 # ${'['.repeat(100)}\nc: [[1]]`, 64)).toBe(3);
  });
});

describe('nesting the reader cannot follow', () => {
  it('is one too-large error at the line where it happens', () => {
    const text = ['version: 1', 'queues: [{name: q}]', 'nodes: []', `x-deep: ${'['.repeat(20000)}`].join(
      '\n',
    );
    const r = parseScenario(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatchObject({ code: 'too-large', line: 4 });
  });
});

describe('an alias with no anchor', () => {
  it('is reported at the line of the alias', () => {
    const r = parseScenario(['version: 1', 'nodes: []', 'queues:', '  - name: *1'].join('\n'));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]?.line).toBe(4);
  });
});
