/**
 * Mutations of scenario text for the parser fuzzer: line edits (delete, duplicate, swap), character flips,
 * huge numbers, deep nesting, wrong types, unicode, very long strings, parent cycles, unknown plugin and
 * action names, bad durations, and structural blow-ups (huge GPU counts, deep queue chains, thousands of
 * sibling queues or labels, enormous session counts). Each mutation is a plain record that fast-check
 * generates and shrinks; `applyMutations` is pure.
 */
import fc from 'fast-check';

export const MUTATION_KINDS = [
  'deleteLine',
  'duplicateLine',
  'swapLines',
  'flipChar',
  'hugeNumber',
  'deepNesting',
  'wrongType',
  'unicode',
  'longString',
  'parentCycle',
  'unknownName',
  'badDuration',
  'hugeGpu',
  'queueChain',
  'wideQueues',
  'manyLabels',
  'hugeSessions',
] as const;
export type MutationKind = (typeof MUTATION_KINDS)[number];

export interface Mutation {
  kind: MutationKind;
  /** Where (a line or character index, wrapped to the text) and which variant. */
  a: number;
  b: number;
  variant: number;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...MUTATION_KINDS),
  a: fc.nat(100_000),
  b: fc.nat(100_000),
  variant: fc.nat(50),
});

export const mutations = fc.array(mutation, { minLength: 1, maxLength: 4 });

const HUGE_NUMBERS = [
  '1e308',
  '4294967296',
  '99999999999999999999',
  '-1e400',
  '.nan',
  '.inf',
  '1e9',
  '-0',
  '0x7fffffff',
  '9007199254740993',
];
const WRONG_VALUES = [
  '[]',
  '{}',
  'true',
  'null',
  '"x"',
  '12',
  '[1, [2]]',
  '{a: 1}',
  '~',
  '!!binary aGVsbG8=',
  '&a [*a]',
];
const UNICODE = ['\u0000', '\uFEFF', 'é', '\u202E', '🚀', '\uD800', '\t', '\r', 'ℌ', '\u00A0'];
const BAD_DURATIONS = [
  '1x',
  '--5s',
  '1e400s',
  '9223372036854775807ns',
  '99999999999h',
  '1.5.5s',
  's',
  '" "',
  '5 s',
  '2562048h',
  '-9999999999999h',
  '1h-5m',
  '.s',
];
const UNKNOWN_NAMES = ['minruntyme', 'Allocate', 'gang', 'drf', '', 'proportion ', 'reclaim,,preempt'];
const HUGE_GPUS = [4294967296, 1e9, 1e8, 1e308, 2 ** 53, 1e6, 3.5];

function pick<T>(menu: readonly T[], i: number): T {
  return menu[i % menu.length] as T;
}

/** Replaces the `nth` match of `re` (wrapping) in `text` using `replace`. */
function replaceNth(text: string, re: RegExp, nth: number, replace: (m: RegExpExecArray) => string): string {
  const matches = [
    ...text.matchAll(new RegExp(re.source, re.flags.includes('g') ? re.flags : re.flags + 'g')),
  ];
  if (matches.length === 0) return text;
  const m = matches[nth % matches.length] as RegExpExecArray;
  return text.slice(0, m.index) + replace(m) + text.slice(m.index + m[0].length);
}

/**
 * Size of a blow-up: usually small, one case in ten medium and one in twenty huge, so that the huge inputs
 * (which the bounded-input rules must refuse quickly) are tried often without dominating the run time.
 */
function size(variant: number, small: number, medium: number, huge: number): number {
  const v = variant % 20;
  return v === 19 ? huge : v >= 17 ? medium : small;
}

function nested(depth: number, open: string, close: string, leaf: string): string {
  return open.repeat(depth) + leaf + close.repeat(depth);
}

export function applyMutation(text: string, m: Mutation): string {
  const lines = text.split('\n');
  const li = m.a % Math.max(lines.length, 1);
  const lj = m.b % Math.max(lines.length, 1);
  switch (m.kind) {
    case 'deleteLine':
      lines.splice(li, 1);
      return lines.join('\n');
    case 'duplicateLine':
      lines.splice(li, 0, lines[li] ?? '');
      return lines.join('\n');
    case 'swapLines': {
      const x = lines[li] ?? '';
      lines[li] = lines[lj] ?? '';
      lines[lj] = x;
      return lines.join('\n');
    }
    case 'flipChar': {
      const i = m.a % Math.max(text.length, 1);
      const c = String.fromCharCode(32 + ((m.variant * 7 + m.b) % 95));
      return text.slice(0, i) + c + text.slice(i + 1);
    }
    case 'hugeNumber':
      return replaceNth(text, /(?<=[:\s[,-])-?\d+(\.\d+)?(?=[\s,}\]\n]|$)/m, m.a, () =>
        pick(HUGE_NUMBERS, m.variant),
      );
    case 'deepNesting': {
      const depth = size(m.variant, 50, 1000, m.b % 2 === 0 ? 5000 : 20_000);
      const value = m.b % 2 === 0 ? nested(depth, '[', ']', '1') : nested(depth, '{a: ', '}', '1');
      return replaceNth(text, /(?<=: ).+$/m, m.a, () => value);
    }
    case 'wrongType':
      return replaceNth(text, /(?<=^\s*-?\s*[A-Za-z]+: ).+$/m, m.a, () => pick(WRONG_VALUES, m.variant));
    case 'unicode': {
      const i = m.a % Math.max(text.length, 1);
      return text.slice(0, i) + pick(UNICODE, m.variant) + text.slice(i);
    }
    case 'longString': {
      const s = 'x'.repeat(size(m.variant, 1000, 100_000, 1_000_000));
      return replaceNth(text, /(?<=name: ).+$/m, m.a, () => s);
    }
    case 'parentCycle': {
      const names = [...text.matchAll(/name: "?([A-Za-z0-9_.-]+)"?/g)].map((x) => x[1] as string);
      if (names.length === 0) return text;
      return replaceNth(text, /(?<=parent: ).+$/m, m.a, () => pick(names, m.b));
    }
    case 'unknownName':
      return replaceNth(
        text,
        /\b(allocate|consolidation|reclaim|preempt|stalegangeviction|predicates|proportion|priority|elastic|nodeplacement|minruntime)\b/,
        m.a,
        () => pick(UNKNOWN_NAMES, m.variant),
      );
    case 'badDuration':
      return replaceNth(text, /-?\d+(\.\d+)?(ms|s|m|h)\b/, m.a, () => pick(BAD_DURATIONS, m.variant));
    case 'hugeGpu':
      return replaceNth(text, /(?<=gpu: ?)\d+(\.\d+)?/, m.a, () => String(pick(HUGE_GPUS, m.variant)));
    case 'queueChain':
      return appendQueues(text, size(m.variant, 10, 500, m.b % 2 === 0 ? 3000 : 20_000), true);
    case 'wideQueues':
      return appendQueues(text, size(m.variant, 10, 500, m.b % 2 === 0 ? 4000 : 20_000), false);
    case 'manyLabels': {
      const n = size(m.variant, 10, 2000, 20_000);
      const labels = Array.from({ length: n }, (_, i) => `l${i}: v`).join(', ');
      return (
        `${text}\nx-labels: {${labels}}\n` +
        (m.b % 2 === 0 ? `nodes: [{name: wide, labels: {${labels}}}]\n` : '')
      );
    }
    case 'hugeSessions':
      return replaceNth(text, /(?<=(sessions|maxSessions): ?)\d+/, m.a, () =>
        pick(['1000000000', '1e9', '-1', '0', '2.5'], m.variant),
      );
  }
}

/**
 * Adds `n` queues to the document's queue list (a chain `c0 <- c1 <- …`, or `n` siblings under `root`),
 * keeping the original queues so the jobs still refer to existing ones and the run gets to fair share.
 */
function appendQueues(text: string, n: number, chain: boolean): string {
  const qs = Array.from({ length: n }, (_, i) =>
    chain && i > 0
      ? `{name: c${i}, parent: c${i - 1}}`
      : chain
        ? `{name: c0}`
        : `{name: w${i}, parent: root}`,
  );
  if (!chain) qs.unshift('{name: root}');
  const block = /^queues:\n(\s*)- /m.exec(text);
  if (block) {
    const indent = block[1] ?? '';
    return text.replace(/^queues:\n/m, `queues:\n${qs.map((q) => `${indent}- ${q}`).join('\n')}\n`);
  }
  if (/"queues": ?\[/.test(text))
    return text.replace(
      /"queues": ?\[/,
      `"queues": [${qs.map((q) => q.replace(/(\w+): (\w+)/g, '"$1": "$2"')).join(', ')}, `,
    );
  return `${text}\nqueues: [${qs.join(', ')}]\n`;
}

export function applyMutations(text: string, ms: readonly Mutation[]): string {
  return ms.reduce(applyMutation, text);
}
