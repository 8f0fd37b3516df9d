/**
 * Bytes of a scenario file to text (scenarioBytes.ts): the size bound, UTF-8 and UTF-16 with a byte order
 * mark, and bytes that are not text refused at their line and column.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeScenarioBytes, firstInvalidUtf8, MAX_SCENARIO_BYTES } from './scenarioBytes';
import { parseScenarioBytes } from './parseScenarioBytes';
import { parseScenario } from './parseScenario';

const TEXT = 'version: 1\nname: é-team\nnodes: []\nqueues: [{name: q}]\n';
const utf8 = (s: string) => new TextEncoder().encode(s);

function utf16(s: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + s.length * 2);
  out[0] = littleEndian ? 0xff : 0xfe;
  out[1] = littleEndian ? 0xfe : 0xff;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    out[2 + 2 * i] = littleEndian ? c & 0xff : c >> 8;
    out[3 + 2 * i] = littleEndian ? c >> 8 : c & 0xff;
  }
  return out;
}

describe('decodeScenarioBytes', () => {
  it('reads UTF-8, UTF-8 with a byte order mark and UTF-16 (either order) with one to the same text', () => {
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(TEXT)]);
    for (const bytes of [utf8(TEXT), bom, utf16(TEXT, true), utf16(TEXT, false)])
      expect(decodeScenarioBytes(bytes)).toEqual({ ok: true, text: TEXT });
    expect(parseScenarioBytes(utf16(TEXT, true))).toEqual(parseScenario(TEXT));
  });

  it('refuses a Latin-1 byte, naming its line and column', () => {
    const bytes = new Uint8Array([...utf8('version: 1\r\nname: '), 0xe9, ...utf8('quipe\n')]);
    expect(decodeScenarioBytes(bytes)).toEqual({
      ok: false,
      error:
        'the file is not UTF-8 text: byte 0xE9 at line 2, column 7 (byte 18) is not valid UTF-8; save the file as UTF-8',
    });
    const parsed = parseScenarioBytes(bytes);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.code)).toEqual(['not-text']);
  });

  it('counts a lone CR as a line break and a multi-byte character as one column', () => {
    const bytes = new Uint8Array([...utf8('a\rb\r\né: '), 0xc0]);
    const r = decodeScenarioBytes(bytes);
    expect(r.ok ? '' : r.error).toContain('at line 3, column 4');
  });

  it('refuses more than 16 MiB before decoding, and takes exactly 16 MiB', () => {
    const big = new Uint8Array(MAX_SCENARIO_BYTES + 1).fill(0x20);
    expect(decodeScenarioBytes(big)).toEqual({
      ok: false,
      error: `a scenario file is at most ${MAX_SCENARIO_BYTES} bytes (16 MiB), this one has ${MAX_SCENARIO_BYTES + 1}`,
    });
    const r = decodeScenarioBytes(big.subarray(0, MAX_SCENARIO_BYTES));
    expect(r.ok && r.text.length).toBe(MAX_SCENARIO_BYTES);
    const parsed = parseScenarioBytes(big);
    expect(parsed.ok ? [] : parsed.errors.map((e) => e.code)).toEqual(['too-large']);
  });

  it('firstInvalidUtf8 agrees with the platform decoder on random bytes', () => {
    const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
    const valid = (b: Uint8Array) => {
      try {
        fatal.decode(b);
        return true;
      } catch {
        return false;
      }
    };
    const bytes = fc.array(
      fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xf0, 0xf4)),
      { maxLength: 12 },
    );
    const text = fc.string({ unit: 'binary', maxLength: 8 }).map(utf8);
    fc.assert(
      fc.property(
        fc.oneof(
          bytes.map((a) => new Uint8Array(a)),
          text,
        ),
        (b) => {
          expect(firstInvalidUtf8(b) === b.length).toBe(valid(b));
        },
      ),
      { numRuns: 1000 },
    );
  });
});
