/**
 * The bytes of `snapshot.zip` (as KAI's `/get-snapshot` returns it: one entry `snapshot.json`, upstream
 * pkg/scheduler/plugins/snapshot/snapshot.go:33-35,97-113) or of a bare `snapshot.json`, streamed into the
 * JSON split a slice at a time. The zip is inflated with fflate's streaming `Unzip`, so the uncompressed
 * JSON is never held whole; its size and compression ratio are bounded as it comes out (zip bombs).
 */
import { Unzip, UnzipInflate, type UnzipFile } from 'fflate';
import {
  MAX_COMPRESSION_RATIO,
  MAX_OBJECT_JSON_BYTES,
  MAX_SNAPSHOT_JSON_BYTES,
  MAX_ZIP_ENTRIES,
  RATIO_CHECK_AFTER_BYTES,
} from './clusterLimits';
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

function unzipInto(
  bytes: Uint8Array,
  splitter: SnapshotJsonSplitter,
  progress: (phase: 'unzip', done: number, total: number) => void,
): void {
  let entries = 0;
  let found = false;
  let finished = false;
  let inflated = 0;
  let failure: unknown = null;
  const names: string[] = [];
  const unzip = new Unzip((file: UnzipFile) => {
    entries++;
    if (entries > MAX_ZIP_ENTRIES)
      throw new SnapshotReadError(`the zip has more than ${MAX_ZIP_ENTRIES} entries; a KAI snapshot has one`);
    if (names.length < 10) names.push(file.name);
    const isSnapshot = file.name === SNAPSHOT_ENTRY || file.name.endsWith(`/${SNAPSHOT_ENTRY}`);
    if (!isSnapshot || found) return;
    found = true;
    if (file.compression !== 0 && file.compression !== 8)
      throw new SnapshotReadError(
        `zip entry ${file.name}: compression method ${file.compression} is not supported (stored or deflate)`,
      );
    if (file.originalSize !== undefined && file.originalSize > MAX_SNAPSHOT_JSON_BYTES)
      throw new SnapshotReadError(
        `zip entry ${file.name}: declares ${file.originalSize} bytes uncompressed; at most ${MAX_SNAPSHOT_JSON_BYTES} (docs/scenario-format.md §17.4)`,
      );
    file.ondata = (err, data, final) => {
      if (failure !== null) return;
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
          finished = true;
        }
      } catch (e) {
        failure = e;
        file.terminate();
      }
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  for (let at = 0; at < bytes.length && failure === null && !finished; at += SLICE) {
    const end = Math.min(bytes.length, at + SLICE);
    try {
      unzip.push(bytes.subarray(at, end), end === bytes.length);
    } catch (e) {
      if (failure === null)
        failure =
          e instanceof SnapshotReadError || e instanceof SnapshotJsonError
            ? e
            : new SnapshotReadError(`the zip is damaged (${e instanceof Error ? e.message : String(e)})`);
    }
    progress('unzip', end, bytes.length);
  }
  if (failure !== null) throw failure;
  if (!found)
    throw new SnapshotReadError(
      `the zip holds no ${SNAPSHOT_ENTRY} (entries: ${names.length === 0 ? 'none' : names.join(', ')}); KAI's /get-snapshot writes one`,
    );
  if (!finished) throw new SnapshotReadError(`zip entry ${SNAPSHOT_ENTRY}: the zip is cut before its end`);
}
