/**
 * The block-YAML fast path must read exactly what the yaml package reads, or decline: on hand-written cases,
 * on every YAML file of the project (scenarios, lessons, conformance, regressions, fixtures), on the same files
 * rewritten without their `expect` checks (so that the fast path is taken), and on mutated files from the
 * parser fuzzer. `parseScenario` is compared with the located reading it replaced (`parseScenarioLocated`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import { applyMutations, mutations } from '../testing/mutation/mutations';
import { rawScenario } from '../testing/arbitraries/rawScenario';
import { buildScenarioDocument } from '../testing/arbitraries/scenarioDocument';
import { findDuplicateKeys } from './duplicateKeys';
import type { ParseResult } from './issues';
import { normaliseLineBreaks } from './lineBreaks';
import { parseScenario, parseScenarioFast, parseScenarioLocated } from './parseScenario';
import { readYamlFast } from './readYamlFast';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : yamlFiles(p);
    return /\.ya?ml$/.test(e.name) ? [p] : [];
  });
}

/** Every YAML file of the project's scenarios, tests and conformance suite. */
const FILES = [...yamlFiles(join(ROOT, 'src')), ...yamlFiles(join(ROOT, 'conformance'))]
  .sort()
  .map((f) => ({ name: relative(ROOT, f), text: readFileSync(f, 'utf8') }));

/** What `parseScenario` read before the fast path: the yaml package's data, and whether it had anything to say. */
function yamlReading(text: string): { data: unknown; clean: boolean } {
  const doc = parseDocument(text, { uniqueKeys: false, prettyErrors: false });
  const clean = doc.errors.length === 0 && doc.warnings.length === 0 && findDuplicateKeys(doc).length === 0;
  return { data: clean ? doc.toJS({ maxAliasCount: 100 }) : null, clean };
}

/** The fast path declines, or reads what the yaml package reads from a document without any issue. */
function expectSameOrDeclined(text: string): boolean {
  const fast = readYamlFast(text);
  if (fast === null) return false;
  const slow = yamlReading(text);
  expect(slow.clean, text).toBe(true);
  expect(fast, text).toEqual(slow.data);
  return true;
}

/**
 * `parseScenario(text)` equals the located reading of `text`, checked without reading the text the located way
 * twice: `parseScenario` is the fast reading of the text with LF line breaks, or when that declines the located
 * reading of it (parseScenario.ts), and the located reading is most of these tests' time. Returns that reading.
 */
function expectParsesAsLocated(text: string, name?: string): ParseResult {
  const located = parseScenarioLocated(text);
  const lf = normaliseLineBreaks(text);
  const read = parseScenarioFast(lf) ?? (lf === text ? located : parseScenarioLocated(lf));
  expect(read, name ?? text).toEqual(located);
  return located;
}

describe('readYamlFast', () => {
  it('reads block mappings, sequences, comments and one-line scalars as the yaml package does', () => {
    const cases: [string, unknown][] = [
      ['a: 1\nb: x\n', { a: 1, b: 'x' }],
      ['a:\n  b:\n    c: true\n  d: ~\n', { a: { b: { c: true }, d: null } }],
      ["list:\n  - 1\n  - two\n  -\n  - x: 1\n    y: '['\n", { list: [1, 'two', null, { x: 1, y: '[' }] }],
      ['list:\n- a\n- b\nnext: 1\n', { list: ['a', 'b'], next: 1 }],
      ['m:\n  - - a\n    - b\n  - - c\n', { m: [['a', 'b'], ['c']] }],
      [
        '# top\na: 1 # one\n\n  # indented comment\nb: "q # not a comment" # c\n',
        { a: 1, b: 'q # not a comment' },
      ],
      ["s: 'it''s'\nt: \"\"\nu: ''\n", { s: "it's", t: '', u: '' }],
      ['n: -5\no: -x\n', { n: -5, o: '-x' }],
      [
        'f: 1.50\ng: .inf\nh: -.inf\ni: 0x1F\nj: 0o17\nk: 1e3\nl: +12\nm: 012\n',
        { f: 1.5, g: Infinity, h: -Infinity, i: 31, j: 15, k: 1000, l: 12, m: 12 },
      ],
      [
        'u: http://example.com/a:b#c\nv: a,b\nw: null\nx: Null\ny: FALSE\nz: 45s\n',
        { u: 'http://example.com/a:b#c', v: 'a,b', w: null, x: null, y: false, z: '45s' },
      ],
      [
        'nvidia.com/gpu: 8\nkai.scheduler/node-pool: a-b\n_x: 1\n',
        { 'nvidia.com/gpu': 8, 'kai.scheduler/node-pool': 'a-b', _x: 1 },
      ],
      ['  a: 1\n  b:\n  - 2\n', { a: 1, b: [2] }],
      ['a: .nan\n', { a: NaN }],
      ['a: {b: 1, c: [x, -1, 2.5], d: {}}\nl: []\n', { a: { b: 1, c: ['x', -1, 2.5], d: {} }, l: [] }],
      ['- {name: n, r: {gpu: 8}}\n'.replace('- ', 'n:\n  - '), { n: [{ name: 'n', r: { gpu: 8 } }] }],
      ['a: [ \'x, y\', "z" , w v ] # c\n', { a: ['x, y', 'z', 'w v'] }],
      [
        'a: |\n  one\n    two # not a comment\n\n  three\n\nb: 1\n',
        { a: 'one\n  two # not a comment\n\nthree\n', b: 1 },
      ],
      ['a: |-\n  one\n  two\n', { a: 'one\ntwo' }],
      ['l:\n  - |\n    x\n  - y\n', { l: ['x\n', 'y'] }],
      ['a: "q\\"\\\\\\/\\n\\u00e9"\nb: "#x" #y\n', { a: 'q"\\/\né', b: '#x' }],
      ['a: caf\u00e9 \u2014 \u4e2d\n', { a: 'caf\u00e9 \u2014 \u4e2d' }],
    ];
    for (const [text, data] of cases) {
      expect(readYamlFast(text), text).toEqual(data);
      expect(expectSameOrDeclined(text), text).toBe(true);
    }
  });

  it('declines what it does not read itself, so the yaml package reads (and locates) it', () => {
    const declined = [
      '{"a": 1}',
      'a: [1,\n  2]\n',
      'a: {b}\n',
      'a: {b:1}\n',
      'a: [b: 1]\n',
      'a: {"b": 1}\n',
      'a: [1, 2]]\n',
      'a: [1, 2,]\n',
      'a: [- 1]\n',
      'a: {b: 1, b: 2}\n',
      'a: >\n  folded\n',
      'a: |+\n  keep\n',
      'a: |2\n   x\n',
      'a: | # c\n  x\n',
      'a: |\n\n  x\n',
      'a: |\n  x\n      \n',
      'a: |\nb: 1\n',
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      'a: >\n  text\n',
      'a: b: c\n',
      'a: b:\n',
      'a: 1\na: 2\n',
      '"a": 1\n',
      '1: a\n',
      'true: 1\n',
      '__proto__: 1\n',
      '---\na: 1\n',
      'a: 1\n---\nb: 2\n',
      '%YAML 1.2\n---\na: 1\n',
      'a:\n\tb: 1\n',
      'a: 1\r\nb: 2\r\n',
      '\uFEFFa: 1\n',
      'a: \u00a0x\n',
      'a: \ud83d\ude80\n',
      'a: x\u2028y\n',
      'a: "x\\ey"\n',
      'a: "x\\u00"\n',
      'a: "open\n  close"\n',
      'a: plain\n  continued\n',
      'a:\n  own line\n',
      '- a\n- b\n',
      'a: 1\n b: 2\n',
      'a:\n    b: 1\n  c: 2\n',
      'a: - b\n',
      'a: "x"y\n',
      'a: "x"#c\n',
      'a: @x\n',
      'a: `x\n',
      'a: ? x\n',
      `${'k'.repeat(1001)}: 1\n`,
      `a:\n  ${'- '.repeat(200)}x\n`,
      '',
      '# only a comment\n',
    ];
    for (const text of declined) expect(readYamlFast(text), JSON.stringify(text)).toBeNull();
  });

  it('agrees with the yaml package, or declines, on edge cases of indentation, flow, quotes and numbers', () => {
    const edges = [
      'a: |\n  x',
      'a: |-\n  x',
      'a: |\n  x\n\n',
      'a: |\n  x  \n  y\n',
      '- a: |\n   x\n  b: 1\n',
      'l:\n- a: |\n    x\n  b: 1\n',
      'a: |\n    x\n  # c\nb: 1\n',
      'a: |\n  x\n# c\nb: 1\n',
      'l:\n  - |\n   x\n',
      'l:\n- |\n x\n',
      'a:\n  b: |\n  x\n',
      'a: |\n  x\n   \n  y\n',
      'a: |\n  x\n \n',
      'a: [a b, c]\n',
      'a: {b: c d}\n',
      'a: [x]  # c\n',
      'a: [x]#c\n',
      'a: [x] y\n',
      "a: ['x'y]\n",
      'a: ["x",y]\n',
      'a: [x,y]\n',
      'a: {b: [1,2], c: {d: e}}\n',
      'a: [[1], [2, [3]]]\n',
      'a: { }\n',
      'a: [ ]\n',
      'a: -\n',
      'a: -x\n',
      'a: --x\n',
      'a: x-\n',
      'a: 1:2\n',
      'a: x:y\n',
      "a: 'a''b'''\n",
      "a: ''''\n",
      'a: x y  # c\n',
      'a: x#y\n',
      'a:\n  - x\n  -  y\n',
      '-  a: 1\n',
      'a:\n  -   b: 1\n      c: 2\n',
      'a:\n  - b: 1\n     c: 2\n',
      'k.e-y/z: 1\n',
      'K_1: 2\n',
      'a: ...\n',
      'a: ---\n',
      'a:\n  ---: 1\n',
      'a: "\\u00e9\\ud83d"\n',
      'a: "\\/"\n',
      'a: "a\\\\b"\n',
      'a: !x\n',
      'a: %x\n',
      'a: <<\n',
      'a: x\n\n\n',
      '\n\na: 1\n',
      'a: 1 #\nb: 2\n',
      'a: "x" \n',
      "a: 'x'   # c\n",
      'a: 0.0\nb: -0\nc: +0.5e-3\nd: 1.\n',
      'a: 0o8\nb: 0xG\nc: 08\nd: .5.\ne: 1e\n',
      'a: .Inf\nb: .NAN\nc: +.inf\n',
      'a: |\n  x\nb: |-\n\n',
      'a: |\n  a\n\n\n  b\n',
      'a:\n- |\n  x\n- y\n',
      'a:\n  - [1, 2]\n  - {b: 1}\n',
      'a: [1, {b: [2, {c: 3}]}]\n',
      'a: {b: -1, c: -.5, d: -x}\n',
      'a: {b: c, }\n',
      'a: [1,]\n',
      'a: [,1]\n',
      'a: {,}\n',
    ];
    const read = edges.filter((text) => expectSameOrDeclined(text)).length;
    expect(read).toBeGreaterThan(edges.length / 2);
  });

  it('leaves an invalid file it reads to the located reading: the error keeps its field path and line', () => {
    const text = 'version: 1\nnodes:\n  - name: n0\n    resources: {gpu: 999}\nqueues:\n  - name: q\n';
    expect(readYamlFast(text)).not.toBeNull();
    const result = parseScenario(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors[0]).toMatchObject({ path: 'nodes[0].resources.gpu', line: 4 });
    expect(result).toEqual(parseScenarioLocated(text));
  });

  it('keeps the source lines of lesson steps, from YAML and from JSON alike', () => {
    const file = FILES.find((f) => f.name.endsWith('workshop-lca-or-queue.yaml'));
    if (file === undefined) throw new Error('the workshop scenario with a lesson is missing');
    const json = JSON.stringify(parseDocument(file.text).toJS(), null, 1);
    for (const text of [file.text, json]) {
      const result = parseScenario(text);
      expect(result.ok && result.scenario.lesson.every((step) => typeof step.line === 'number')).toBe(true);
      expect(result).toEqual(parseScenarioLocated(text));
    }
  });

  it('reads gallery lessons on the fast path, each step, choice and check at the line the located reading gives', () => {
    const lessons = FILES.filter((f) => f.name.startsWith('src/scenarios/') && /^lesson:/m.test(f.text));
    let fastLessons = 0;
    for (const { name, text } of lessons) {
      const fast = parseScenarioFast(text);
      if (readYamlFast(text) !== null) expect(fast, `${name} takes the fast path`).not.toBeNull();
      if (fast === null) continue;
      fastLessons++;
      expect(fast, name).toEqual(parseScenarioLocated(text));
    }
    // Welcome, the LCA and preempt lessons, the comparisons, thrash and the workshops (decision 0381).
    expect(fastLessons).toBeGreaterThanOrEqual(14);
  });

  it('finds a lesson step and its choices where the located reading does, however the item is written', () => {
    const head = [
      'version: 1',
      'nodes: [{ name: n, resources: { gpu: 1 } }]',
      'queues: [{ name: q, resources: { gpu: { quota: 1 } } }]',
      'jobs: [{ name: j, queue: q, resources: { gpu: 1 } }]',
      'lesson:',
    ];
    const layouts = [
      // On the dash's line, with one space or several.
      ['  - say: one', '  -    say: two', '       session: 1'],
      // Below the dash, after a comment, a blank line and a comment on the dash's line.
      ['  -', '    say: one', '  - # the second', '', '    # its text', '    say: two'],
      // A sequence at its key's column, and a question whose choices are flow and block mappings.
      [
        '- say: "one"',
        '- say: two',
        '  ask:',
        '    question: which?',
        '    reveal: 1',
        '    choices:',
        '      - { label: a, evicted: [] }',
        '      -   label: b',
        '          evicted: []',
      ],
    ];
    for (const layout of layouts) {
      const text = [...head, ...layout, ''].join('\n');
      const fast = parseScenarioFast(text);
      expect(fast, text).not.toBeNull();
      expect(fast, text).toEqual(parseScenarioLocated(text));
      expect(fast?.ok && fast.scenario.lesson.map((s) => s.say), text).toEqual(['one', 'two']);
    }
  });

  it('reads every YAML file of the project as the yaml package does, or declines it', () => {
    let read = 0;
    for (const { name, text } of FILES) {
      const fast = readYamlFast(text);
      if (fast === null) continue;
      read++;
      const slow = yamlReading(text);
      expect(slow.clean, name).toBe(true);
      expect(fast, name).toEqual(slow.data);
    }
    // Many hand-written files use multi-line flow collections or folded scalars (left to the full reader),
    // but the fast path must be exercised by the rest.
    expect(read).toBeGreaterThan(FILES.length / 2);
  });

  it('gives parseScenario the same result as the located reading on every YAML file of the project', () => {
    for (const { name, text } of FILES) expectParsesAsLocated(text, name);
  });

  it('takes the fast path on every scenario rewritten without its checks, with the same result', () => {
    let fastAndValid = 0;
    for (const { name, text } of FILES) {
      const data: unknown = parseDocument(text).toJS();
      if (typeof data !== 'object' || data === null || Array.isArray(data) || !('version' in data)) continue;
      const { expect: _checks, ...rest } = data as Record<string, unknown>;
      const rewritten = stringify(rest, { lineWidth: 0 });
      expect(expectSameOrDeclined(rewritten), name).toBe(true);
      if (expectParsesAsLocated(rewritten, name).ok) fastAndValid++;
    }
    expect(fastAndValid).toBeGreaterThan(40);
  });

  it('reads generated scenarios (as the yaml package writes them) exactly as the yaml package reads them', () => {
    fc.assert(
      fc.property(rawScenario, (raw) => {
        const text = stringify(buildScenarioDocument(raw));
        expect(expectSameOrDeclined(text)).toBe(true);
        expectParsesAsLocated(text);
      }),
      { numRuns: 150, seed: 20_261_125 },
    );
  });

  it('reads mutated scenario files exactly as the yaml package reads them, or declines them', () => {
    const seeds = FILES.filter((f) => f.text.length < 20_000).map((f) => f.text);
    let read = 0;
    fc.assert(
      fc.property(fc.nat(seeds.length - 1), mutations, (i, ms) => {
        const text = applyMutations(seeds[i] as string, ms);
        // The structural blow-ups make texts of megabytes; the yaml package takes seconds on those.
        fc.pre(text.length < 100_000);
        if (expectSameOrDeclined(text)) read++;
        expectParsesAsLocated(text);
      }),
      { numRuns: 800, seed: 20_261_125 },
    );
    // Line edits and wrong values keep many mutated files inside the subset: both sides are exercised.
    expect(read).toBeGreaterThan(100);
  }, 120_000);
});
