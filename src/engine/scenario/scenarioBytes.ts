/**
 * From the bytes of a scenario file to its text: the one reading both the runner (`sim`, cli/readScenarioFile)
 * and the app (Open file, drop) use, so that every file one accepts the other accepts and reads the same
 * way (issue 18, decision 0121). The app read files with `Blob.text()` (no size bound, byte order mark
 * dropped, bad UTF-8 replaced by U+FFFD); the runner with Node's `toString('utf8')` (16 MiB bound, byte order
 * mark kept). Now both: at most {@link MAX_SCENARIO_BYTES} bytes; UTF-8, or UTF-16 when the file starts with
 * its byte order mark (YAML 1.2 §5.2 asks a reader for both); a byte order mark is not part of the text;
 * bytes that are not valid in that encoding are an error naming their line and column rather than a text
 * silently changed. Line breaks are left as they are: `parseScenario` reads CR, CR LF and LF alike.
 */
import { MAX_TEXT_LENGTH } from './limits';

/** Bytes of a scenario file at most: 16 MiB (docs/scenario-format.md §10). */
export const MAX_SCENARIO_BYTES = MAX_TEXT_LENGTH;

/** The text of a scenario file, or a one-line reason it is not one. */
export type ScenarioBytesResult = { ok: true; text: string } | { ok: false; error: string };

/**
 * The platform's decoder (browsers, Node 11+). Declared here because the engine's type environment has
 * neither the DOM nor Node's types; it is deterministic, a pure function of its input.
 */
declare const TextDecoder: new (
  label: string,
  options?: { fatal?: boolean; ignoreBOM?: boolean },
) => { decode(input: Uint8Array): string };

/** The text of the file whose bytes are `bytes`, or why it cannot be read as a scenario. */
export function decodeScenarioBytes(bytes: Uint8Array): ScenarioBytesResult {
  if (bytes.length > MAX_SCENARIO_BYTES) return { ok: false, error: tooLarge(bytes.length) };
  const encoding = encodingOf(bytes);
  try {
    // `fatal`: a byte that is not valid text is an error, not U+FFFD; the byte order mark is dropped.
    return { ok: true, text: new TextDecoder(encoding, { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, error: notText(bytes, encoding) };
  }
}

/** A one-line refusal for a file of `size` bytes (`size` may be a lower bound, when reading stopped early). */
export function tooLarge(size: number, exact = true): string {
  const got = exact ? `this one has ${size}` : 'this one has more';
  return `a scenario file is at most ${MAX_SCENARIO_BYTES} bytes (16 MiB), ${got}`;
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function encodingOf(bytes: Uint8Array): Encoding {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** Names the first byte that is not valid text, with its line and column (counted as parseScenario counts). */
function notText(bytes: Uint8Array, encoding: Encoding): string {
  if (encoding !== 'utf-8') {
    return `the file starts with a UTF-16 byte order mark but is not valid UTF-16 text (an odd length or a lone surrogate); save it as UTF-8`;
  }
  const at = firstInvalidUtf8(bytes);
  const { line, column } = positionOf(bytes, at);
  const byte = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
  return `the file is not UTF-8 text: byte 0x${byte} at line ${line}, column ${column} (byte ${at}) is not valid UTF-8; save the file as UTF-8`;
}

/** Offset of the first byte that does not start or continue a valid UTF-8 sequence (RFC 3629). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    let max = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      // No overlong forms (E0 A0..) and no surrogates (ED ..9F).
      min = b === 0xe0 ? 0xa0 : 0x80;
      if (b === 0xed) max = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = b === 0xf0 ? 0x90 : 0x80;
      if (b === 0xf4) max = 0x8f;
    } else {
      return i;
    }
    const second = bytes[i + 1];
    if (second === undefined || second < min || second > max) return i;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return i;
    }
    i += need + 1;
  }
  return n;
}

/** 1-based line and column (in characters) of byte `at`; CR, CR LF and LF each end a line. */
function positionOf(bytes: Uint8Array, at: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < at; i++) {
    const b = bytes[i] as number;
    if (b === 0x0a || (b === 0x0d && bytes[i + 1] !== 0x0a)) {
      line++;
      column = 1;
    } else if (b === 0x0d) {
      // The CR of a CR LF: the LF ends the line.
    } else if ((b & 0xc0) !== 0x80 && !(i === 0 && b === 0xef)) {
      // A character starts here (continuation bytes do not; a leading byte order mark is not shown).
      column++;
    }
  }
  return { line, column };
}
