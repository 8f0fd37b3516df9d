/**
 * A scenario file's bytes read and parsed in one call. Kept apart from `scenarioBytes.ts`, which the app's main
 * thread imports to read an opened file: importing the parser there pulled the whole engine (every profile, yaml
 * and zod) into the main bundle (decision 0361).
 */
import { ISSUE_CATALOGUE, type ParseResult } from './issues';
import type { NormaliseOptions } from './normaliseScenarioDocument';
import { parseScenario } from './parseScenario';
import { decodeScenarioBytes, MAX_SCENARIO_BYTES } from './scenarioBytes';

/**
 * `decodeScenarioBytes` then `parseScenario`: what the runner and the app do with a file, as one call (for
 * tests and the fuzzer). A file that cannot be read is one issue at the whole document.
 */
export function parseScenarioBytes(bytes: Uint8Array, options: NormaliseOptions = {}): ParseResult {
  const read = decodeScenarioBytes(bytes);
  if (read.ok) return parseScenario(read.text, options);
  const code = bytes.length > MAX_SCENARIO_BYTES ? 'too-large' : 'not-text';
  const info = ISSUE_CATALOGUE[code];
  return {
    ok: false,
    errors: [{ code, path: '', message: read.error, line: null, column: null, hint: info.hint }],
  };
}
