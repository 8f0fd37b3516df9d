/**
 * The text of a file opened or dropped in the editor, read as the runner reads a file (the engine's
 * `decodeScenarioBytes`: the same 16 MiB bound, checked before the file is read; UTF-8 or UTF-16 with its
 * byte order mark; bytes that are not text refused with their line), so that every file `sim` accepts the
 * app accepts and reads the same way (issue 18, decision 0121).
 */
import {
  decodeScenarioBytes,
  MAX_SCENARIO_BYTES,
  tooLarge,
  type ScenarioBytesResult,
} from '../../engine/scenario/scenarioBytes';

export async function readOpenedFile(file: Blob): Promise<ScenarioBytesResult> {
  if (file.size > MAX_SCENARIO_BYTES) return { ok: false, error: tooLarge(file.size) };
  return decodeScenarioBytes(new Uint8Array(await file.arrayBuffer()));
}
