/**
 * Reads a scenario file for the runner with a size cap: only a regular file is read, and never more than
 * the format's limit (docs/scenario-format.md §10), so `/dev/zero`, a FIFO or a directory is a clear
 * error instead of a runner that never returns or runs out of memory. The bytes become text as the app
 * reads an opened file (engine/scenario/scenarioBytes.ts: encoding, byte order mark, the same bound).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { decodeScenarioBytes, MAX_SCENARIO_BYTES, tooLarge } from '../engine/scenario/scenarioBytes';

/** Bytes read at most: 16 MiB, the file size the format allows (docs/scenario-format.md §10). */
export const MAX_FILE_BYTES = MAX_SCENARIO_BYTES;

/** The text, or a one-line reason it cannot be read. */
export type ReadResult = { ok: true; text: string } | { ok: false; error: string };

/** Reads `file` as text (decodeScenarioBytes) when it is a regular file of at most `maxBytes` bytes. */
export function readScenarioFile(file: string, maxBytes = MAX_FILE_BYTES): ReadResult {
  const read = readFileBytes(file, maxBytes, (size, exact) => refusal(maxBytes, size, exact));
  return read.ok ? decodeScenarioBytes(read.bytes) : read;
}

/**
 * The bytes of `file` when it is a regular file of at most `maxBytes` bytes; `tooBig` words the refusal
 * (`exact`: the size is known from stat, else reading stopped one byte past the cap).
 */
export function readFileBytes(
  file: string,
  maxBytes: number,
  tooBig: (size: number, exact: boolean) => string,
): { ok: true; bytes: Uint8Array } | { ok: false; error: string } {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (e) {
    return { ok: false, error: `cannot read file (${describeFsError(e)})` };
  }
  try {
    const stat = fstatSync(fd);
    if (stat.isDirectory()) return { ok: false, error: 'is a directory, not a scenario file' };
    if (!stat.isFile())
      return {
        ok: false,
        error: 'is not a regular file (a device, pipe or socket cannot be read as a scenario)',
      };
    if (stat.size > maxBytes) return { ok: false, error: tooBig(stat.size, true) };
    // Read at most one byte past the cap, whatever stat said: a file can grow while it is read.
    const buffer = Buffer.alloc(Math.min(stat.size, maxBytes) + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length > maxBytes) return { ok: false, error: tooBig(length, false) };
      if (length === buffer.length) return { ok: false, error: 'the file grew while it was read' };
    }
    return { ok: true, bytes: buffer.subarray(0, length) };
  } catch (e) {
    return { ok: false, error: `cannot read file (${describeFsError(e)})` };
  } finally {
    closeSync(fd);
  }
}

/** `exact`: the size is known (from stat); otherwise reading stopped one byte past the cap. */
function refusal(max: number, size: number, exact: boolean): string {
  if (max === MAX_SCENARIO_BYTES) return tooLarge(size, exact);
  return `a scenario file is at most ${max} bytes, this one has ${exact ? size : 'more'}`;
}

function describeFsError(e: unknown): string {
  const code = (e as { code?: unknown }).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'is a directory';
  return e instanceof Error ? e.message : String(e);
}
