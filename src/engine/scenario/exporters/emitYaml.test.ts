import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { emitYaml } from './emitYaml';

const TRICKY_STRINGS = [
  '',
  ' ',
  'plain',
  'node-0',
  'nvidia.com/gpu',
  '8',
  '500m',
  '-1',
  '1e3',
  '0x1F',
  'true',
  'No',
  'null',
  '~',
  '.inf',
  'a: b',
  'a #b',
  '- item',
  '[x]',
  '{x}',
  '"quoted"',
  "it's",
  '&anchor',
  '*alias',
  '!tag',
  '%directive',
  '@at',
  '`tick`',
  '|',
  '>',
  '---',
  '...',
  'trailing ',
  ' leading',
  'tab\there',
  'carriage\rreturn',
  'line\nbreak',
  'ends with newline\n',
  'two newlines\n\n',
  '\nstarts with a newline',
  'first\n  indented second\n',
  '  indented first\nsecond\n',
  'blank line\n\nin the middle\n',
  'spaces only line\n   \nend',
  ' \n',
  '  \n\n',
  'a\n \nb',
  '-\nx',
  '?\nx',
  ':\nx',
  'x\r\ny',
  'Welcome · A reclaim waits',
  'emoji 🚀',
  'bell \u0007',
  'nbsp\u00a0here',
  'line sep \u2028 here',
  '__proto__',
];

/** A seeded generator, so that a failure repeats. */
function lcg(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function randomValue(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 5 : 7));
  const pickString = () => TRICKY_STRINGS[Math.floor(next() * TRICKY_STRINGS.length)] as string;
  switch (pick) {
    case 0:
      return pickString();
    case 1:
      return Math.round((next() - 0.5) * 1e6) / 100;
    case 2:
      return next() < 0.5;
    case 3:
      return null;
    case 4:
      return [1e21, -0.5, 0, 2 ** 53, 1 / 3][Math.floor(next() * 5)];
    case 5:
      return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(next, depth + 1));
    default: {
      const out: Record<string, unknown> = {};
      for (let i = Math.floor(next() * 4); i > 0; i--)
        Object.defineProperty(out, pickString() + String(i), {
          value: randomValue(next, depth + 1),
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return out;
    }
  }
}

describe('emitYaml', () => {
  it.each(TRICKY_STRINGS)('a string reads back unchanged, as a value and as a key: %j', (text) => {
    expect(parse(emitYaml({ value: text, list: [text] }))).toEqual({ value: text, list: [text] });
    expect(Object.keys(parse(emitYaml({ [text]: 1 })) as object)).toEqual([text]);
  });

  it('writes block style: names plain, numbers as strings quoted, text files as literal blocks', () => {
    expect(
      emitYaml({
        metadata: { name: 'gpu-node-0', labels: { zone: 'a' } },
        status: { allocatable: { 'nvidia.com/gpu': '8', cpu: '500m' } },
        spec: { containers: [{ name: 'main', args: [] }], empty: {} },
        data: { 'config.yaml': 'actions: allocate\ntiers: []\n' },
      }),
    ).toBe(`metadata:
  name: gpu-node-0
  labels:
    zone: a
status:
  allocatable:
    nvidia.com/gpu: "8"
    cpu: "500m"
spec:
  containers:
    - name: main
      args: []
  empty: {}
data:
  config.yaml: |
    actions: allocate
    tiers: []
`);
  });

  it('2,000 random documents read back as written', () => {
    const next = lcg(20261125);
    for (let i = 0; i < 2000; i++) {
      const value = { doc: randomValue(next, 0) };
      expect(parse(emitYaml(value))).toEqual(value);
    }
  });
});
