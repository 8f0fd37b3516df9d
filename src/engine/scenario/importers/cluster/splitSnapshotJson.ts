/**
 * A streaming split of KAI's `snapshot.json` (upstream pkg/scheduler/plugins/snapshot/snapshot.go:63-68:
 * `{config, schedulerParams, rawObjects: {pods: [...], nodes: [...], …}, discovery}`): bytes go in as they
 * come out of the zip, and each top-level value (`config`, `schedulerParams`, …) and each object of a
 * `rawObjects` list is handed on as soon as its last byte arrives, parsed on its own with `JSON.parse`.
 * A 140,000-pod snapshot is hundreds of MB of JSON, past V8's longest string: it is never one string, and
 * only one object is held at a time (issue 19, decision 0151).
 */
import { utf8Decoder } from './textDecoder';

/** What the split hands on. `path` is where the value sits, e.g. `rawObjects.pods[12]`. */
export interface SnapshotJsonSink {
  /** A top-level value other than `rawObjects` (`config`, `schedulerParams`, `discovery`, …). */
  topLevel(key: string, value: unknown, path: string): void;
  /** One object of the list `rawObjects.<list>`; `index` counts from 0. */
  item(list: string, index: number, value: unknown, path: string): void;
  /** `rawObjects.<list>` that is not a list (Go writes `null` for an empty one). */
  listValue(list: string, value: unknown, path: string): void;
  /** `rawObjects` is an object: its lists follow. */
  rawObjects(): void;
}

const enum S {
  RootStart,
  RootKeyOrEnd,
  RootKey,
  RootColon,
  RootValue,
  RootAfter,
  RawKeyOrEnd,
  RawKey,
  RawColon,
  RawValue,
  RawAfter,
  ItemOrEnd,
  Item,
  ItemAfter,
  Done,
}

/** Where a captured value goes once complete. */
const enum Target {
  Key,
  TopLevel,
  ListValue,
  Item,
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** Thrown by the split (and caught by its caller) with a message naming the byte and the path. */
export class SnapshotJsonError extends Error {}

export class SnapshotJsonSplitter {
  private state = S.RootStart;
  /** Bytes of the value being captured (pieces of chunks, copied when the chunk will be reused). */
  private pieces: Uint8Array[] = [];
  private piecesLength = 0;
  private capturing = false;
  private captureKind: 'container' | 'string' | 'scalar' = 'container';
  private depth = 0;
  private inString = false;
  private escape = false;
  private target = Target.Key;
  private rootKey = '';
  private rawKey = '';
  private index = 0;
  /** Bytes consumed before the current chunk (for messages). */
  private offset = 0;
  private readonly decoder = utf8Decoder(true);

  constructor(
    private readonly sink: SnapshotJsonSink,
    private readonly maxValueBytes: number,
  ) {}

  /** Feeds the next bytes. Throws {@link SnapshotJsonError} (or what the sink throws). */
  push(chunk: Uint8Array): void {
    let i = 0;
    const n = chunk.length;
    while (i < n) {
      if (this.capturing) {
        i = this.capture(chunk, i);
        continue;
      }
      const c = chunk[i] as number;
      if (isSpace(c)) {
        i++;
        continue;
      }
      switch (this.state) {
        case S.RootStart:
          if (c !== OPEN_BRACE)
            this.fail(i, 'a KAI snapshot is a JSON object ({"config": …, "rawObjects": …})');
          this.state = S.RootKeyOrEnd;
          i++;
          break;
        case S.RootKeyOrEnd:
        case S.RootKey:
          i = this.keyOrEnd(c, i, S.RootKeyOrEnd, S.Done, 'the snapshot object');
          break;
        case S.RootColon:
          i = this.colon(c, i, S.RootValue, `"${this.rootKey}"`);
          break;
        case S.RootValue:
          if (this.rootKey === 'rawObjects' && c === OPEN_BRACE) {
            this.sink.rawObjects();
            this.state = S.RawKeyOrEnd;
            i++;
          } else this.start(Target.TopLevel, kindOf(c));
          break;
        case S.RootAfter:
          i = this.after(c, i, CLOSE_BRACE, S.RootKey, S.Done, `the value of "${this.rootKey}"`);
          break;
        case S.RawKeyOrEnd:
        case S.RawKey:
          i = this.keyOrEnd(c, i, S.RawKeyOrEnd, S.RootAfter, 'rawObjects');
          break;
        case S.RawColon:
          i = this.colon(c, i, S.RawValue, `"rawObjects.${this.rawKey}"`);
          break;
        case S.RawValue:
          if (c === OPEN_BRACKET) {
            this.state = S.ItemOrEnd;
            this.index = 0;
            i++;
          } else this.start(Target.ListValue, kindOf(c));
          break;
        case S.RawAfter:
          i = this.after(c, i, CLOSE_BRACE, S.RawKey, S.RootAfter, `rawObjects.${this.rawKey}`);
          break;
        case S.ItemOrEnd:
        case S.Item:
          if (c === CLOSE_BRACKET && this.state === S.ItemOrEnd) {
            this.state = S.RawAfter;
            i++;
          } else this.start(Target.Item, kindOf(c));
          break;
        case S.ItemAfter:
          i = this.after(c, i, CLOSE_BRACKET, S.Item, S.RawAfter, this.itemPath());
          break;
        case S.Done:
          this.fail(i, 'unexpected text after the end of the snapshot object');
      }
    }
    this.offset += n;
    // The chunk may be reused by its producer: keep a copy of the part of it still being captured.
    if (this.capturing && this.pieces.length > 0) {
      const last = this.pieces[this.pieces.length - 1] as Uint8Array;
      if (last.buffer === chunk.buffer) this.pieces[this.pieces.length - 1] = last.slice();
    }
  }

  /** A key (its capture starts) or, in state `orEnd`, the object's end (then `ended`); returns where it went on. */
  private keyOrEnd(c: number, i: number, orEnd: S, ended: S, what: string): number {
    if (c === CLOSE_BRACE && this.state === orEnd) {
      this.state = ended;
      return i + 1;
    }
    if (c !== QUOTE) this.fail(i, `expected a key of ${what}`);
    this.start(Target.Key, 'string');
    return i;
  }

  private colon(c: number, i: number, next: S, key: string): number {
    if (c !== COLON) this.fail(i, `expected ":" after ${key}`);
    this.state = next;
    return i + 1;
  }

  /** After a value: a comma (`again`) or the container's `close` (`ended`). */
  private after(c: number, i: number, close: number, again: S, ended: S, what: string): number {
    if (c === COMMA) this.state = again;
    else if (c === close) this.state = ended;
    else this.fail(i, `expected "," or "${String.fromCharCode(close)}" after ${what}`);
    return i + 1;
  }

  /** Called after the last chunk: the snapshot object must be complete. */
  end(): void {
    if (this.capturing && this.captureKind === 'scalar') this.finish();
    if (this.state !== S.Done)
      throw new SnapshotJsonError(
        `snapshot.json ends early (after ${this.offset} bytes, inside ${this.where()}): the file is cut`,
      );
  }

  private where(): string {
    if (this.state >= S.ItemOrEnd && this.state <= S.ItemAfter) return this.itemPath();
    if (this.state >= S.RawKeyOrEnd) return this.rawKey === '' ? 'rawObjects' : `rawObjects.${this.rawKey}`;
    return this.rootKey === '' ? 'the snapshot object' : this.rootKey;
  }

  private itemPath(): string {
    return `rawObjects.${this.rawKey}[${this.index}]`;
  }

  private fail(i: number, message: string): never {
    throw new SnapshotJsonError(`snapshot.json byte ${this.offset + i} (at ${this.where()}): ${message}`);
  }

  private start(target: Target, kind: 'container' | 'string' | 'scalar'): void {
    this.capturing = true;
    this.target = target;
    this.captureKind = kind;
    this.depth = 0;
    this.inString = false;
    this.escape = false;
    this.pieces = [];
    this.piecesLength = 0;
  }

  /** Scans from `from` until the captured value ends (or the chunk does); returns where it stopped. */
  private capture(chunk: Uint8Array, from: number): number {
    const n = chunk.length;
    let i = from;
    let ended = false;
    if (this.captureKind === 'scalar') {
      while (i < n) {
        const c = chunk[i] as number;
        if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isSpace(c)) {
          ended = true;
          break;
        }
        i++;
      }
      this.keep(chunk, from, i);
    } else {
      let depth = this.depth;
      let inString = this.inString;
      let escape = this.escape;
      const isString = this.captureKind === 'string';
      while (i < n) {
        const c = chunk[i++] as number;
        if (inString) {
          if (escape) escape = false;
          else if (c === BACKSLASH) escape = true;
          else if (c === QUOTE) {
            inString = false;
            if (isString) {
              ended = true;
              break;
            }
          }
          continue;
        }
        if (c === QUOTE) inString = true;
        else if (c === OPEN_BRACE || c === OPEN_BRACKET) depth++;
        else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
          depth--;
          if (depth === 0) {
            ended = true;
            break;
          }
        }
      }
      this.depth = depth;
      this.inString = inString;
      this.escape = escape;
      this.keep(chunk, from, i);
    }
    if (ended) this.finish();
    return i;
  }

  private keep(chunk: Uint8Array, from: number, to: number): void {
    if (to <= from) return;
    this.piecesLength += to - from;
    if (this.piecesLength > this.maxValueBytes)
      throw new SnapshotJsonError(
        `${this.targetPath()}: one object is at most ${this.maxValueBytes} bytes of JSON (docs/scenario-format.md §17), this one has more`,
      );
    this.pieces.push(chunk.subarray(from, to));
  }

  private targetPath(): string {
    if (this.target === Target.Item) return this.itemPath();
    if (this.target === Target.ListValue) return `rawObjects.${this.rawKey}`;
    if (this.target === Target.TopLevel) return this.rootKey;
    return 'a key';
  }

  private finish(): void {
    this.capturing = false;
    const bytes = joinPieces(this.pieces, this.piecesLength);
    this.pieces = [];
    this.piecesLength = 0;
    const path = this.targetPath();
    let value: unknown;
    try {
      value = JSON.parse(this.decoder.decode(bytes));
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      throw new SnapshotJsonError(`${path}: not valid JSON (${why.split('\n')[0] ?? ''})`);
    }
    switch (this.target) {
      case Target.Key:
        if (typeof value !== 'string') throw new SnapshotJsonError(`${path}: not a JSON string`);
        if (this.state === S.RootKey || this.state === S.RootKeyOrEnd) {
          this.rootKey = value;
          this.state = S.RootColon;
        } else {
          this.rawKey = value;
          this.state = S.RawColon;
        }
        return;
      case Target.TopLevel:
        this.state = S.RootAfter;
        this.sink.topLevel(this.rootKey, value, path);
        return;
      case Target.ListValue:
        this.state = S.RawAfter;
        this.sink.listValue(this.rawKey, value, path);
        return;
      case Target.Item:
        this.state = S.ItemAfter;
        this.sink.item(this.rawKey, this.index, value, path);
        this.index++;
        return;
    }
  }
}

function kindOf(c: number): 'container' | 'string' | 'scalar' {
  if (c === OPEN_BRACE || c === OPEN_BRACKET) return 'container';
  if (c === QUOTE) return 'string';
  return 'scalar';
}

function joinPieces(pieces: Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1) return pieces[0] as Uint8Array;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
