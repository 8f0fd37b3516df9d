/**
 * The bytes of `snapshot.zip` (as KAI's `/get-snapshot` returns it: one entry `snapshot.json`, upstream
 * pkg/scheduler/plugins/snapshot/snapshot.go:33-35,97-113) or of a bare `snapshot.json`, streamed into the
 * JSON split a slice at a time. The zip is inflated with fflate's streaming `Unzip`, so the uncompressed
 * JSON is never held whole; its size and compression ratio are bounded as it comes out (zip bombs).
 */
import { Unzip, UnzipInflate, type UnzipDecoderConstructor, type UnzipFile } from 'fflate';
import {
  MAX_COMPRESSION_RATIO,
  MAX_OBJECT_JSON_BYTES,
  MAX_SNAPSHOT_JSON_BYTES,
  MAX_ZIP_ENTRIES,
  RATIO_CHECK_AFTER_BYTES,
} from './clusterLimits';
import { hasPlatformInflate, PlatformInflateGroup } from './platformInflate';
import { SnapshotJsonError, SnapshotJsonSplitter, type SnapshotJsonSink } from './splitSnapshotJson';

export const SNAPSHOT_ENTRY = 'snapshot.json';
/** Bytes handed to the unzip (or the split) at a time, between progress reports. */
const SLICE = 1024 * 1024;

export const isZip = (bytes: Uint8Array): boolean =>
  bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** A refusal with a message naming the zip entry or the JSON path (the caller turns it into `errors`). */
export class SnapshotReadError extends Error {}

/** Streams the snapshot JSON into `sink`. Throws {@link SnapshotReadError} or {@link SnapshotJsonError}. */
export function readSnapshotBytes(
  bytes: Uint8Array,
  sink: SnapshotJsonSink,
  progress: (phase: 'unzip' | 'read', done: number, total: number) => void,
): void {
  const splitter = new SnapshotJsonSplitter(sink, MAX_OBJECT_JSON_BYTES);
  if (!isZip(bytes)) {
    for (let at = 0; at < bytes.length; at += SLICE) {
      splitter.push(bytes.subarray(at, Math.min(bytes.length, at + SLICE)));
      progress('read', Math.min(bytes.length, at + SLICE), bytes.length);
    }
    splitter.end();
    return;
  }
  unzipInto(bytes, splitter, progress);
}

/** Where the unzip stands: the caller drives it (synchronously or not) and reads `failure` and `finished`. */
interface UnzipState {
  unzip: Unzip;
  failure: unknown;
  finished: boolean;
  found: boolean;
  names: string[];
}

/**
 * The streaming unzip of `bytes` into `splitter`, with the entry and size bounds; `decoder` inflates the
 * deflate entries (fflate's own, or the platform's: platformInflate.ts). Nothing is pushed yet.
 */
function openUnzip(
  bytes: Uint8Array,
  splitter: SnapshotJsonSplitter,
  decoder: UnzipDecoderConstructor,
): UnzipState {
  let entries = 0;
  let inflated = 0;
  const state: UnzipState = { unzip: new Unzip(), failure: null, finished: false, found: false, names: [] };
  state.unzip.onfile = (file: UnzipFile) => {
    entries++;
    if (entries > MAX_ZIP_ENTRIES)
      throw new SnapshotReadError(`the zip has more than ${MAX_ZIP_ENTRIES} entries; a KAI snapshot has one`);
    if (state.names.length < 10) state.names.push(file.name);
    const isSnapshot = file.name === SNAPSHOT_ENTRY || file.name.endsWith(`/${SNAPSHOT_ENTRY}`);
    if (!isSnapshot || state.found) return;
    state.found = true;
    if (file.compression !== 0 && file.compression !== 8)
      throw new SnapshotReadError(
        `zip entry ${file.name}: compression method ${file.compression} is not supported (stored or deflate)`,
      );
    if (file.originalSize !== undefined && file.originalSize > MAX_SNAPSHOT_JSON_BYTES)
      throw new SnapshotReadError(
        `zip entry ${file.name}: declares ${file.originalSize} bytes uncompressed; at most ${MAX_SNAPSHOT_JSON_BYTES} (docs/scenario-format.md §17.4)`,
      );
    file.ondata = (err, data, final) => {
      if (state.failure !== null) return;
      try {
        if (err) throw new SnapshotReadError(`zip entry ${file.name}: ${err.message}`);
        inflated += data.length;
        if (inflated > MAX_SNAPSHOT_JSON_BYTES)
          throw new SnapshotReadError(
            `zip entry ${file.name}: more than ${MAX_SNAPSHOT_JSON_BYTES} bytes uncompressed (docs/scenario-format.md §17.4); a zip bomb?`,
          );
        if (inflated > RATIO_CHECK_AFTER_BYTES && inflated > MAX_COMPRESSION_RATIO * bytes.length)
          throw new SnapshotReadError(
            `zip entry ${file.name}: expands more than ${MAX_COMPRESSION_RATIO} times its compressed size (docs/scenario-format.md §17.4); a zip bomb?`,
          );
        splitter.push(data);
        if (final) {
          splitter.end();
          state.finished = true;
        }
      } catch (e) {
        state.failure = e;
        file.terminate();
      }
    };
    file.start();
  };
  state.unzip.register(decoder);
  return state;
}

/** Pushes the compressed bytes `[at, end)`; a throw of the unzip becomes the state's failure. */
function pushSlice(state: UnzipState, bytes: Uint8Array, at: number, end: number): void {
  try {
    state.unzip.push(bytes.subarray(at, end), end === bytes.length);
  } catch (e) {
    if (state.failure === null)
      state.failure =
        e instanceof SnapshotReadError || e instanceof SnapshotJsonError
          ? e
          : new SnapshotReadError(`the zip is damaged (${e instanceof Error ? e.message : String(e)})`);
  }
}

/** After the last push: throws the failure, a missing entry or a cut entry. */
function closeUnzip(state: UnzipState): void {
  if (state.failure !== null) throw state.failure;
  if (!state.found)
    throw new SnapshotReadError(
      `the zip holds no ${SNAPSHOT_ENTRY} (entries: ${state.names.length === 0 ? 'none' : state.names.join(', ')}); KAI's /get-snapshot writes one`,
    );
  if (!state.finished)
    throw new SnapshotReadError(`zip entry ${SNAPSHOT_ENTRY}: the zip is cut before its end`);
}

function unzipInto(
  bytes: Uint8Array,
  splitter: SnapshotJsonSplitter,
  progress: (phase: 'unzip', done: number, total: number) => void,
): void {
  const state = openUnzip(bytes, splitter, UnzipInflate);
  for (let at = 0; at < bytes.length && state.failure === null && !state.finished; at += SLICE) {
    const end = Math.min(bytes.length, at + SLICE);
    pushSlice(state, bytes, at, end);
    progress('unzip', end, bytes.length);
  }
  closeUnzip(state);
}

/**
 * {@link readSnapshotBytes}, inflating with the platform's `DecompressionStream('deflate-raw')` (native zlib
 * in browsers and Node 18+, several times fflate's speed) where there is one, else with fflate. Same bounds,
 * same sink calls in the same order, same errors but the text of a damaged deflate stream's.
 */
export async function readSnapshotBytesAsync(
  bytes: Uint8Array,
  sink: SnapshotJsonSink,
  progress: (phase: 'unzip' | 'read', done: number, total: number) => void,
): Promise<void> {
  if (!isZip(bytes) || !hasPlatformInflate()) return readSnapshotBytes(bytes, sink, progress);
  const splitter = new SnapshotJsonSplitter(sink, MAX_OBJECT_JSON_BYTES);
  const inflate = new PlatformInflateGroup();
  const state = openUnzip(bytes, splitter, inflate.decoder);
  for (let at = 0; at < bytes.length && state.failure === null && !state.finished; at += SLICE) {
    const end = Math.min(bytes.length, at + SLICE);
    pushSlice(state, bytes, at, end);
    // Waiting for the slice to be inflated (and split) keeps the inflated bytes in flight to one slice's
    // and lets progress follow the work.
    await inflate.drained();
    progress('unzip', end, bytes.length);
  }
  await inflate.ended();
  closeUnzip(state);
}
