import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '../../engine/version';
import { BUILTIN_SCENARIOS } from '../../scenarios/builtinScenarios';
import { fromBase64Url, toBase64Url } from './base64url';
import {
  decodeShareFragment,
  encodeShareFragment,
  findShareFragment,
  LINK_FORMAT,
  MAX_PAYLOAD_CHARS,
  type SharedScenario,
} from './shareLink';

const conformanceDir = join(process.cwd(), 'conformance');
const conformance = readdirSync(conformanceDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.yaml'))
  .sort()
  .map((f) => ({ name: f, text: readFileSync(join(conformanceDir, f), 'utf8') }));
const everyScenario = [...BUILTIN_SCENARIOS.map((s) => ({ name: s.id, text: s.text })), ...conformance];

const sample = {
  session: 4,
  selection: { kind: 'job' as const, name: 'train-b' },
  pair: { session: 4, attempt: 2, preemptor: 'inference-a', victim: 'train-b' },
};
const valueOf = (fragment: string) => fragment.slice('share='.length);

/** A seeded generator (mulberry32): the mangled links are the same on every run. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('share link round trip', () => {
  it('covers the built-in and conformance scenarios', () => {
    expect(conformance.length).toBeGreaterThan(40);
  });

  it.each(everyScenario)('$name decodes to exactly its text, session and selection', ({ text }) => {
    const fragment = encodeShareFragment({ text, ...sample });
    expect(fragment).toMatch(/^share=1\.[A-Za-z0-9_-]+$/);
    const decoded = decodeShareFragment(valueOf(fragment));
    expect(decoded).toEqual({
      ok: true,
      linkFormat: LINK_FORMAT,
      notes: [],
      shared: { text, engineVersion: ENGINE_VERSION, ...sample } satisfies SharedScenario,
    });
  });

  it('finds the share key among other fragment keys', () => {
    expect(findShareFragment('#embed&share=1.abc')).toBe('1.abc');
    expect(findShareFragment('#view=jobs')).toBeNull();
    expect(findShareFragment('')).toBeNull();
  });

  it('base64url round-trips every byte length', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
      const text = toBase64Url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64Url(text)).toEqual(bytes);
    }
  });
});

describe('a link from another version', () => {
  const withEngine = (engineVersion: string, linkFormat = LINK_FORMAT) =>
    valueOf(
      encodeShareFragment(
        { text: 'version: 1\nnodes: []\nqueues: []\n', session: null, selection: null, pair: null },
        { engineVersion, linkFormat },
      ),
    );

  it('an older engine opens with a note saying what may differ', () => {
    const decoded = decodeShareFragment(withEngine('0.0.9'));
    expect(decoded.ok).toBe(true);
    if (!decoded.ok) return;
    expect(decoded.notes).toHaveLength(1);
    expect(decoded.notes[0]).toContain('Made with engine 0.0.9');
    expect(decoded.notes[0]).toContain(`this is engine ${ENGINE_VERSION}`);
  });

  it('a newer link format is refused with a reason', () => {
    const decoded = decodeShareFragment(withEngine(ENGINE_VERSION, LINK_FORMAT + 1));
    expect(decoded).toEqual({ ok: false, error: expect.stringContaining('made by a newer Preemption Lab') });
  });

  it('a link format that never existed is damaged', () => {
    expect(decodeShareFragment(withEngine(ENGINE_VERSION, 0))).toEqual({
      ok: false,
      error: expect.stringContaining('link format 0 never existed'),
    });
  });
});

describe('10,000 mangled links each end in a clear error or the exact scenario', () => {
  const ERROR = /^(The link is damaged \(.+\)\.|This link was made by a newer|This link is too long to open)/;
  const originals = everyScenario
    .slice(0, 20)
    .map(({ text }) => ({ text, value: valueOf(encodeShareFragment({ text, ...sample })) }));
  const random = seeded(20261123);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

  const manglers: Record<string, (v: string) => string> = {
    truncated: (v) => v.slice(0, Math.floor(random() * v.length)),
    'one character changed': (v) => {
      const i = 2 + Math.floor(random() * (v.length - 2));
      return v.slice(0, i) + pick([...ALPHABET]) + v.slice(i + 1);
    },
    'bits flipped': (v) => {
      const dot = v.indexOf('.');
      const bytes = fromBase64Url(v.slice(dot + 1)) ?? new Uint8Array();
      const i = Math.floor(random() * bytes.length);
      bytes[i] = (bytes[i] ?? 0) ^ (1 << Math.floor(random() * 8));
      return `${v.slice(0, dot)}.${toBase64Url(bytes)}`;
    },
    'wrong version': (v) => `${pick(['0', '2', '99', 'v1', '-1', '', '1e3'])}${v.slice(v.indexOf('.'))}`,
    'characters inserted': (v) => {
      const i = Math.floor(random() * v.length);
      return v.slice(0, i) + pick(['%20', ' ', '+', '=', '$', '\n', '>', 'é']) + v.slice(i);
    },
    huge: (v) => v + 'A'.repeat(MAX_PAYLOAD_CHARS + Math.floor(random() * 100_000)),
    'random garbage': () =>
      `1.${Array.from({ length: 1 + Math.floor(random() * 300) }, () => pick([...ALPHABET])).join('')}`,
    'cut at the dot': (v) => v.slice(0, v.indexOf('.') + Math.floor(random() * 3)),
  };

  it('never throws and never loads a different scenario', () => {
    const counts: Record<string, { errors: number; loads: number }> = {};
    const names = Object.keys(manglers);
    for (let i = 0; i < 10_000; i++) {
      const name = names[i % names.length] as string;
      const original = pick(originals);
      const mangled = (manglers[name] as (v: string) => string)(original.value);
      const decoded = decodeShareFragment(mangled);
      const count = (counts[name] ??= { errors: 0, loads: 0 });
      if (decoded.ok) {
        // A change the checksum cannot see must still give the sender's exact scenario.
        expect(decoded.shared.text, `${name}: ${mangled.slice(0, 80)}`).toBe(original.text);
        count.loads++;
      } else {
        expect(decoded.error, `${name}: ${mangled.slice(0, 80)}`).toMatch(ERROR);
        count.errors++;
      }
    }
    for (const name of names) expect(counts[name]?.errors, name).toBeGreaterThan(0);
  });
});
