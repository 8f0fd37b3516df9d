import { describe, expect, it } from 'vitest';
import { formatYaml } from './formatYaml';

describe('Format', () => {
  it('re-indents, keeping comments and inline collections', () => {
    const text =
      'version: 1\n# the cluster\nnodes:\n-   {name: n0, resources: {gpu: 1}}\nqueues:\n    - name: a # team\n';
    expect(formatYaml(text)).toEqual({
      ok: true,
      text: 'version: 1\n# the cluster\nnodes:\n  - {name: n0, resources: {gpu: 1}}\nqueues:\n  - name: a # team\n',
    });
  });

  it('leaves a text that does not parse alone, saying why', () => {
    expect(formatYaml('a: [1, 2\n')).toEqual({
      ok: false,
      error: expect.stringContaining('Fix the YAML syntax first'),
    });
  });
});
