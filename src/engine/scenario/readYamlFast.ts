/**
 * A fast path for block YAML, the style the `yaml` package writes, Kubernetes tools export and this app's
 * own export uses: a 7 MB, 33,000-job file took the yaml package about 4 s to turn into a located syntax
 * tree (its CST parser alone about 3 s); this one pass over the lines takes about a tenth of a second
 * (issue 13, decision 0090).
 *
 * It reads a deliberately small subset of YAML: block mappings whose keys are plain identifiers
 * (`[A-Za-z_][A-Za-z0-9_./-]*`), block sequences (`- `, also compact `- key: v` and `- - x`), one-line plain
 * scalars resolved by the yaml package's own core-schema tags, one-line quoted scalars (double-quote escapes
 * only where JSON means the same), one-line flow collections of those, literal `|` and `|-` block scalars,
 * comments and blank lines, with spaces for indentation. Anything else (anchors, aliases, tags, folded or
 * kept block scalars, anything spread over lines, directives, `---`, tabs, CR, control characters, Unicode
 * spaces, emoji, quoted or non-string keys, repeated keys, any nesting or indentation it is not sure of)
 * makes it answer null, and the caller reads the text the full YAML way. Like `readJsonFast`, it is only
 * used when the normalised result has nothing to report or locate: every issue, with its line, still comes
 * from the full reading.
 */
import { Document, type ScalarTag } from 'yaml';
import { MAX_NESTING } from './limits';

/** Thrown (one shared object, no stack) to leave the subset; caught by `readYamlFast`. */
const OUTSIDE = Object.freeze({ outside: true });

/** The yaml package's longest implicit key is 1024 characters; longer ones are its error, left to it. */
const MAX_KEY_LENGTH = 1000;

/** Plain keys the core schema would read as null or a boolean rather than a string (left to the yaml path). */
const NON_STRING_KEYS = new Set(['null', 'Null', 'NULL', 'true', 'True', 'TRUE', 'false', 'False', 'FALSE']);

/** True for the plain keys the core schema reads as null or a boolean (checked by first letter first). */
function mayNotBeString(key: string): boolean {
  const c = key.charCodeAt(0) | 0x20;
  return (c === 0x6e || c === 0x74 || c === 0x66) && NON_STRING_KEYS.has(key);
}

const TEMPLATE = new Document();
/** The tags `parseDocument` tries on a plain scalar, in its order (core schema, YAML 1.2). */
const SCALAR_TAGS: ScalarTag[] = TEMPLATE.schema.tags.filter(
  (t): t is ScalarTag => t.default === true && 'test' in t && t.test instanceof RegExp,
);

/** The characters after a backslash that mean the same in JSON and in YAML double quotes. */
const JSON_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74, 0x75]);

const SPACE = 0x20;
const HASH = 0x23;
const DASH = 0x2d;
const COLON = 0x3a;

/**
 * Where the collections that are items of block sequences begin: for each sequence read under a top-level key
 * of {@link RECORDED_KEYS}, the offset of each item's first key (a block mapping) or bracket (a flow
 * collection), or -1 for an item of another kind. It is the offset the yaml package's syntax tree gives the
 * same item (`range[0]`), so a line found here is the located reading's line (fastLocator.ts).
 */
export type ItemStarts = WeakMap<readonly unknown[], readonly number[]>;

/**
 * The top-level keys under which item starts are recorded: the lesson's steps and choices and the `expect`
 * checks, which keep their source line. Nowhere else, so a 33,000-job file is read at the same speed (recording
 * every sequence's items added a third to its 140-190 ms).
 */
const RECORDED_KEYS = new Set(['lesson', 'expect']);

/**
 * The data of a block YAML document in the subset above (a mapping at its root), or null. With `starts`,
 * records where the collection items of the sequences under `lesson` and `expect` begin (lesson steps and
 * checks keep their line: decision 0381).
 */
export function readYamlFast(text: string, starts?: ItemStarts): Record<string, unknown> | null {
  if (!startsLikeBlockMapping(text) || !plainCharacters(text)) return null;
  try {
    const reader = new BlockReader(text, starts);
    return reader.document();
  } catch (error) {
    // Leaving the subset, or a stack overflow on deep compact nesting: the full reader decides.
    if (error === OUTSIDE || error instanceof RangeError) return null;
    throw error;
  }
}

/** `{` or `[`: the first character of a flow collection. */
function isFlowStart(c: number): boolean {
  return c === 0x7b || c === 0x5b;
}

/** Cheap refusal of JSON, flow and indicator-led text before the per-character pass. */
function startsLikeBlockMapping(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === SPACE || c === 0x0a) continue;
    if (c === HASH) {
      const nl = text.indexOf('\n', i);
      if (nl < 0) return false;
      i = nl;
      continue;
    }
    return isKeyStart(c);
  }
  return false;
}

/**
 * Line feeds, printable ASCII, and printable characters of the Basic Multilingual Plane that no reader takes
 * for white space: no tab, CR, control character, byte order mark, no-break or other Unicode space, line or
 * paragraph separator, lone or paired surrogate (emoji are left to the full reader), or non-character.
 */
const UNUSUAL_CHARACTER =
  /[^\n\x20-\x7e\u00a1-\ud7ff\ue000-\ufefe\uff00-\ufffd]|[\u1680\u180e\u2000-\u200b\u2028\u2029\u202f\u205f\u3000]/;

function plainCharacters(text: string): boolean {
  return !UNUSUAL_CHARACTER.test(text);
}

function isKeyStart(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

function isKeyChar(c: number): boolean {
  return isKeyStart(c) || (c >= 0x30 && c <= 0x39) || c === 0x2e || c === 0x2f || c === DASH;
}

/** Characters that may not start a plain scalar here (YAML indicators; `-` is checked apart). */
function isIndicator(c: number): boolean {
  // ? : , [ ] { } # & * ! | > ' " % @ `
  return (
    c === 0x3f ||
    c === COLON ||
    c === 0x2c ||
    c === 0x5b ||
    c === 0x5d ||
    c === 0x7b ||
    c === 0x7d ||
    c === HASH ||
    c === 0x26 ||
    c === 0x2a ||
    c === 0x21 ||
    c === 0x7c ||
    c === 0x3e ||
    c === 0x27 ||
    c === 0x22 ||
    c === 0x25 ||
    c === 0x40 ||
    c === 0x60
  );
}

/**
 * A cursor over the content lines of the text (blank and comment-only lines skipped) and a recursive descent
 * over them in which every block knows its column: a line indented more than its block expects, or a block
 * entry of the wrong kind, leaves the subset instead of guessing.
 */
class BlockReader {
  /** The current content line: offset of its first character, of its first non-space one, and past its end. */
  private begin = 0;
  private start = 0;
  private end = 0;
  /** Where the next line begins. */
  private next = 0;
  private done = false;
  /** Whether item starts are recorded: inside a top-level key of {@link RECORDED_KEYS}. */
  private recording = false;

  constructor(
    private readonly text: string,
    private readonly starts?: ItemStarts,
  ) {
    this.advance();
  }

  /** Moves to the next content line, or sets `done`. */
  private advance(): void {
    const text = this.text;
    const n = text.length;
    let i = this.next;
    while (i <= n) {
      let lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) lineEnd = n;
      let s = i;
      while (s < lineEnd && text.charCodeAt(s) === SPACE) s++;
      if (s < lineEnd && text.charCodeAt(s) !== HASH) {
        // Document markers and directives belong to the full reader.
        if (s === i && (text.startsWith('---', i) || text.startsWith('...', i))) throw OUTSIDE;
        let e = lineEnd;
        while (text.charCodeAt(e - 1) === SPACE) e--;
        this.begin = i;
        this.start = s;
        this.end = e;
        this.next = lineEnd + 1;
        return;
      }
      i = lineEnd + 1;
    }
    this.next = i;
    this.done = true;
  }

  document(): Record<string, unknown> {
    if (this.done || this.keyColon(this.start) < 0) throw OUTSIDE;
    const root = this.map(this.start, 1);
    // A line left over is indented less than the root: an error for the full reader to report.
    if (!this.done) throw OUTSIDE;
    return root;
  }

  private isSeqEntry(pos: number): boolean {
    return (
      this.text.charCodeAt(pos) === DASH && (pos + 1 === this.end || this.text.charCodeAt(pos + 1) === SPACE)
    );
  }

  /** The offset of the `:` ending a plain identifier key at `pos`, or -1 when the line is no such entry. */
  private keyColon(pos: number): number {
    const text = this.text;
    const end = this.end;
    if (!isKeyStart(text.charCodeAt(pos))) return -1;
    let i = pos + 1;
    while (i < end && isKeyChar(text.charCodeAt(i))) i++;
    if (i >= end || text.charCodeAt(i) !== COLON) return -1;
    if (i + 1 < end && text.charCodeAt(i + 1) !== SPACE) return -1;
    return i;
  }

  /**
   * A block node that starts at `pos` of the current line: after the `- ` of a sequence at column `seqCol`,
   * or on its own line (`seqCol` null).
   */
  private node(pos: number, depth: number, seqCol: number | null): unknown {
    if (depth > MAX_NESTING) throw OUTSIDE;
    if (this.isSeqEntry(pos)) return this.seq(pos, depth);
    if (this.keyColon(pos) >= 0) return this.map(pos, depth);
    // A scalar alone on its line below its key may go on over several lines: the full reader folds those.
    if (seqCol === null) throw OUTSIDE;
    const value = this.scalar(pos, seqCol, depth);
    this.advance();
    return value;
  }

  /** What follows an entry whose value is empty on its line: a block indented more than `col`, or null. */
  private child(col: number, depth: number, seqAtSameColumn: boolean): unknown {
    if (this.done) return null;
    const ind = this.start - this.begin;
    if (ind > col) return this.node(this.start, depth, null);
    // A mapping's value may be a sequence at the key's own column (`key:` then `- item`).
    if (seqAtSameColumn && ind === col && this.isSeqEntry(this.start)) return this.seq(this.start, depth);
    return null;
  }

  private map(firstPos: number, depth: number): Record<string, unknown> {
    if (depth > MAX_NESTING) throw OUTSIDE;
    const text = this.text;
    const col = firstPos - this.begin;
    const out: Record<string, unknown> = {};
    let pos = firstPos;
    for (;;) {
      const end = this.end;
      const colon = this.keyColon(pos);
      if (colon < 0 || colon - pos > MAX_KEY_LENGTH) throw OUTSIDE;
      const key = text.slice(pos, colon);
      // A repeated key is the full reader's error; `__proto__` would set the prototype of a plain object.
      if (Object.hasOwn(out, key) || key === '__proto__' || mayNotBeString(key)) throw OUTSIDE;
      let v = colon + 1;
      while (v < end && text.charCodeAt(v) === SPACE) v++;
      if (depth === 1) this.recording = this.starts !== undefined && RECORDED_KEYS.has(key);
      if (v === end || text.charCodeAt(v) === HASH) {
        this.advance();
        out[key] = this.child(col, depth + 1, true);
      } else {
        out[key] = this.scalar(v, col, depth + 1);
        this.advance();
      }
      if (this.done) return out;
      const ind = this.start - this.begin;
      if (ind < col) return out;
      if (ind > col) throw OUTSIDE;
      pos = this.start;
    }
  }

  private seq(firstPos: number, depth: number): unknown[] {
    if (depth > MAX_NESTING) throw OUTSIDE;
    const text = this.text;
    const col = firstPos - this.begin;
    const out: unknown[] = [];
    const starts: number[] | null = this.recording ? [] : null;
    if (starts !== null) this.starts?.set(out, starts);
    let pos = firstPos;
    for (;;) {
      const end = this.end;
      let v = pos + 1;
      while (v < end && text.charCodeAt(v) === SPACE) v++;
      // A block mapping item begins at its first key (on the dash's line, or on the next content line), a
      // flow collection at its bracket.
      let begins = -1;
      if (v === end || text.charCodeAt(v) === HASH) {
        this.advance();
        if (starts !== null && !this.done && this.start - this.begin > col && this.keyColon(this.start) >= 0)
          begins = this.start;
        out.push(this.child(col, depth + 1, false));
      } else {
        if (starts !== null && (this.keyColon(v) >= 0 || isFlowStart(text.charCodeAt(v)))) begins = v;
        out.push(this.node(v, depth + 1, col));
      }
      starts?.push(begins);
      if (this.done) return out;
      const ind = this.start - this.begin;
      if (ind < col) return out;
      if (ind > col) throw OUTSIDE;
      pos = this.start;
      // The same column but no `- `: the mapping this sequence is the value of goes on.
      if (!this.isSeqEntry(pos)) return out;
    }
  }

  /**
   * The value that starts at `pos` and ends with the line (less a trailing comment): a plain or quoted
   * scalar, a one-line flow collection, or a literal block scalar (`|`, `|-`) on the lines below, whose
   * content must be indented more than `col`.
   */
  private scalar(pos: number, col: number, depth: number): unknown {
    const text = this.text;
    const end = this.end;
    const c = text.charCodeAt(pos);
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      const close = this.closingQuote(pos, c);
      this.expectLineEnd(close + 1);
      return this.quotedValue(pos, close);
    }
    if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      this.at = pos;
      const value = this.flowNode(depth);
      this.expectLineEnd(this.at);
      return value;
    }
    if (c === 0x7c /* | */) return this.literal(pos, col);
    if (isIndicator(c)) throw OUTSIDE;
    if (c === DASH && (pos + 1 === end || text.charCodeAt(pos + 1) === SPACE)) throw OUTSIDE;
    let stop = end;
    for (let i = pos + 1; i < end; i++) {
      const d = text.charCodeAt(i);
      if (d === HASH && text.charCodeAt(i - 1) === SPACE) {
        stop = i - 1;
        while (text.charCodeAt(stop - 1) === SPACE) stop--;
        break;
      }
      // `a: b` nests a mapping in a compact one, `a:` at the end is a key: the full reader's errors.
      if (d === COLON && (i + 1 === end || text.charCodeAt(i + 1) === SPACE)) throw OUTSIDE;
      // Flow indicators are plain characters in block scalars, but nothing is gained by reading them here.
      if (d === 0x5b || d === 0x5d || d === 0x7b || d === 0x7d) throw OUTSIDE;
    }
    return resolvePlain(text.slice(pos, stop));
  }

  /** After a value: only spaces, then the end of the line or a comment (`#` after a space). */
  private expectLineEnd(from: number): void {
    const text = this.text;
    let i = from;
    while (i < this.end && text.charCodeAt(i) === SPACE) i++;
    if (i < this.end && !(text.charCodeAt(i) === HASH && i > from)) throw OUTSIDE;
  }

  /**
   * The offset of the quote closing the one-line quoted scalar at `pos`. Of the escapes of double quotes, those
   * JSON shares with YAML (a backslash before a quote, backslash, slash, b, f, n, r, t, or u and four hex
   * digits) are read here; YAML's others are the full reader's.
   */
  private closingQuote(pos: number, quote: number): number {
    const text = this.text;
    const end = this.end;
    this.escaped = false;
    for (let i = pos + 1; i < end; i++) {
      const d = text.charCodeAt(i);
      if (d === 0x5c /* \ */ && quote === 0x22) {
        if (!JSON_ESCAPES.has(text.charCodeAt(i + 1))) throw OUTSIDE;
        this.escaped = true;
        i++;
        continue;
      }
      if (d !== quote) continue;
      // '' is a quote inside a single-quoted scalar.
      if (quote === 0x27 && i + 1 < end && text.charCodeAt(i + 1) === quote) {
        i++;
        continue;
      }
      return i;
    }
    // No closing quote on this line: a multi-line scalar.
    throw OUTSIDE;
  }

  /** Whether the last quoted scalar `closingQuote` scanned had escapes. */
  private escaped = false;

  private quotedValue(pos: number, close: number): string {
    if (this.text.charCodeAt(pos) === 0x27) return this.text.slice(pos + 1, close).replaceAll("''", "'");
    if (!this.escaped) return this.text.slice(pos + 1, close);
    try {
      return JSON.parse(this.text.slice(pos, close + 1)) as string;
    } catch {
      // A malformed unicode escape.
      throw OUTSIDE;
    }
  }

  /** Position in a one-line flow collection. */
  private at = 0;

  private skipFlowSpaces(): void {
    while (this.at < this.end && this.text.charCodeAt(this.at) === SPACE) this.at++;
    // The collection goes on over the next line: the full reader's.
    if (this.at >= this.end) throw OUTSIDE;
  }

  /** A flow node at `this.at`, which it leaves just past the node. */
  private flowNode(depth: number): unknown {
    if (depth > MAX_NESTING) throw OUTSIDE;
    const text = this.text;
    const c = text.charCodeAt(this.at);
    if (c === 0x5b /* [ */) {
      const out: unknown[] = [];
      this.at++;
      this.skipFlowSpaces();
      if (text.charCodeAt(this.at) === 0x5d /* ] */) {
        this.at++;
        return out;
      }
      for (;;) {
        out.push(this.flowNode(depth + 1));
        this.skipFlowSpaces();
        const d = text.charCodeAt(this.at++);
        if (d === 0x5d /* ] */) return out;
        if (d !== 0x2c /* , */) throw OUTSIDE;
        this.skipFlowSpaces();
      }
    }
    if (c === 0x7b /* { */) {
      const out: Record<string, unknown> = {};
      this.at++;
      this.skipFlowSpaces();
      if (text.charCodeAt(this.at) === 0x7d /* } */) {
        this.at++;
        return out;
      }
      for (;;) {
        const colon = this.keyColon(this.at);
        // Only `key: value` entries (no `key:value`, `key`, `? key`, quoted keys) are read here.
        if (colon < 0 || colon + 1 >= this.end) throw OUTSIDE;
        const key = text.slice(this.at, colon);
        if (Object.hasOwn(out, key) || key === '__proto__' || mayNotBeString(key)) throw OUTSIDE;
        this.at = colon + 1;
        this.skipFlowSpaces();
        out[key] = this.flowNode(depth + 1);
        this.skipFlowSpaces();
        const d = text.charCodeAt(this.at++);
        if (d === 0x7d /* } */) return out;
        if (d !== 0x2c /* , */) throw OUTSIDE;
        this.skipFlowSpaces();
      }
    }
    if (c === 0x22 /* " */ || c === 0x27 /* ' */) {
      const close = this.closingQuote(this.at, c);
      const value = this.quotedValue(this.at, close);
      this.at = close + 1;
      return value;
    }
    // A plain scalar ends at `,`, `]` or `}`; `:`, `#` and nested brackets in it are left to the full reader.
    if (isIndicator(c)) throw OUTSIDE;
    const from = this.at;
    // `-1` is a plain scalar; `- x` and a lone `-` are not.
    const after = text.charCodeAt(from + 1);
    if (c === DASH && (after === SPACE || after === 0x2c || after === 0x5d || after === 0x7d)) throw OUTSIDE;
    let i = from + 1;
    for (; i < this.end; i++) {
      const d = text.charCodeAt(i);
      if (d === 0x2c || d === 0x5d || d === 0x7d) break;
      if (d === COLON || d === HASH || d === 0x5b || d === 0x7b) throw OUTSIDE;
    }
    if (i >= this.end) throw OUTSIDE;
    let stop = i;
    while (text.charCodeAt(stop - 1) === SPACE) stop--;
    this.at = i;
    return resolvePlain(text.slice(from, stop));
  }

  /**
   * A literal block scalar (`|` keeps one final line break, `|-` none) whose lines are indented alike, more
   * than `col`. Folded (`>`), keep (`|+`), indentation indicators, comments after the header, leading blank
   * lines and blank lines with more spaces than the content are the full reader's.
   */
  private literal(pos: number, col: number): string {
    const text = this.text;
    const header = this.end - pos;
    const strip = header === 2 && text.charCodeAt(pos + 1) === DASH;
    if (header !== 1 && !strip) throw OUTSIDE;
    const n = text.length;
    const lines: string[] = [];
    let indent = -1;
    let i = this.next;
    let blankTail = 0;
    while (i < n) {
      let lineEnd = text.indexOf('\n', i);
      if (lineEnd < 0) lineEnd = n;
      let s = i;
      while (s < lineEnd && text.charCodeAt(s) === SPACE) s++;
      if (s === lineEnd) {
        if (indent < 0 || s - i > indent) throw OUTSIDE;
        lines.push('');
        blankTail++;
      } else {
        if (indent < 0) {
          if (s - i <= col) throw OUTSIDE;
          indent = s - i;
        } else if (s - i < indent) break;
        lines.push(text.slice(i + indent, lineEnd));
        blankTail = 0;
      }
      i = lineEnd + 1;
    }
    if (indent < 0) throw OUTSIDE;
    // The caller moves on from the first line after the scalar.
    this.next = i;
    const content = lines.slice(0, lines.length - blankTail).join('\n');
    return strip ? content : `${content}\n`;
  }
}

/** A plain scalar as `parseDocument(...).toJS()` reads it: the first core-schema tag whose test matches. */
function resolvePlain(source: string): unknown {
  const c = source.charCodeAt(0);
  // Every non-string core scalar starts with one of ~ n N t T f F + - . or a digit; names rarely do.
  if (!(c === 0x7e || c === 0x6e || c === 0x4e || c === 0x74 || c === 0x54 || c === 0x66 || c === 0x46))
    if (!(c === 0x2b || c === DASH || c === 0x2e || (c >= 0x30 && c <= 0x39))) return source;
  for (const tag of SCALAR_TAGS) {
    if (!tag.test?.test(source)) continue;
    const resolved: unknown = tag.resolve(
      source,
      () => {
        throw OUTSIDE;
      },
      TEMPLATE.options,
    );
    // Floats come back as Scalar nodes (keeping their written precision); toJS takes the value.
    if (typeof resolved === 'object' && resolved !== null && 'value' in resolved)
      return (resolved as { value: unknown }).value;
    return resolved;
  }
  return source;
}
