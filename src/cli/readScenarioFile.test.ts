/**
 * Every file the runner accepts, the app accepts, and both read it the same way (issue 18): the runner's
 * `readScenarioFile` and the editor's Open file / drop (`readOpenedFile`) give the same text or the same
 * refusal, and so the same parse, for files with a byte order mark, CR / CR LF / mixed line breaks, NUL
 * bytes, bytes that are not UTF-8, UTF-16 files, and sizes at and over the 16 MiB bound.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseScenario, type ParseResult } from '../engine/scenario/parseScenario';
import { readOpenedFile } from '../features/editor/readOpenedFile';
import { MAX_FILE_BYTES, readScenarioFile, type ReadResult } from './readScenarioFile';

const dir = mkdtempSync(join(tmpdir(), 'scenario-bytes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const LINES = [
  'version: 1',
  'name: é-team',
  'nodes: [{name: n, resources: {gpu: 1}}]',
  'queues: [{name: q}]',
];
const utf8 = (s: string) => Buffer.from(s, 'utf8');

const FILES: Record<string, Buffer> = {
  LF: utf8(`${LINES.join('\n')}\n`),
  'CR LF': utf8(`${LINES.join('\r\n')}\r\n`),
  'lone CR': utf8(`${LINES.join('\r')}\r`),
  'mixed line breaks': utf8(`${LINES[0]}\r${LINES[1]}\r\n${LINES[2]}\n${LINES[3]}\r`),
  'a UTF-8 byte order mark': Buffer.concat([
    Buffer.from([0xef, 0xbb, 0xbf]),
    utf8(`${LINES.join('\r\n')}\n`),
  ]),
  'UTF-16 LE with its byte order mark': Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from(`${LINES.join('\n')}\n`, 'utf16le'),
  ]),
  'JSON with lone CRs and an expect block': utf8(
    '{\r"version": 1,\r"nodes": [],\r"queues": [{"name": "q"}],\r"expect": []\r}',
  ),
  'a NUL byte in a value': utf8(`${LINES.join('\n')}\ndescription: "a\u0000b"\n`),
  'a NUL byte in plain text': utf8(`${LINES.join('\n')}\nx-note: a\u0000b\n`),
  'a Latin-1 byte': Buffer.concat([utf8('version: 1\nname: '), Buffer.from([0xe9]), utf8('\nnodes: []\n')]),
  'a truncated UTF-8 sequence at the end': Buffer.concat([
    utf8(`${LINES.join('\n')}\n# `),
    Buffer.from([0xe2, 0x82]),
  ]),
  'an encoded surrogate': Buffer.concat([utf8('version: 1\n# '), Buffer.from([0xed, 0xa0, 0x80])]),
  nothing: Buffer.alloc(0),
  'exactly 16 MiB': Buffer.concat([utf8(`${LINES.join('\n')}\n#`), Buffer.alloc(MAX_FILE_BYTES - 200, 0x20)]),
  'one byte over 16 MiB': Buffer.alloc(MAX_FILE_BYTES + 1, 0x20),
};
// Pad "exactly 16 MiB" to the byte.
const exact = FILES['exactly 16 MiB'] as Buffer;
FILES['exactly 16 MiB'] = Buffer.concat([exact, Buffer.alloc(MAX_FILE_BYTES - exact.length, 0x20)]);

async function bothReads(name: string, bytes: Buffer): Promise<[ReadResult, ReadResult]> {
  const file = join(dir, `${name.replaceAll(' ', '-')}.yaml`);
  writeFileSync(file, bytes);
  const runner = readScenarioFile(file);
  const app = await readOpenedFile(new Blob([new Uint8Array(bytes)]));
  return [runner, app];
}

const parsed = (r: ReadResult): ParseResult | string => (r.ok ? parseScenario(r.text) : r.error);

describe('the runner and the app read a scenario file the same way', () => {
  for (const [name, bytes] of Object.entries(FILES)) {
    it(`a file with ${name}: same text or same refusal, same parse`, async () => {
      const [runner, app] = await bothReads(name, bytes);
      expect(app).toEqual(runner);
      if (bytes.length < 100_000) expect(parsed(app)).toEqual(parsed(runner));
    });
  }

  it('every line-break style, the byte order mark and UTF-16 read to the scenario of the LF file', async () => {
    const [lf] = await bothReads('LF', FILES['LF'] as Buffer);
    const expected = parsed(lf);
    expect(typeof expected !== 'string' && expected.ok).toBe(true);
    for (const name of [
      'CR LF',
      'lone CR',
      'mixed line breaks',
      'a UTF-8 byte order mark',
      'UTF-16 LE with its byte order mark',
    ]) {
      const [runner] = await bothReads(name, FILES[name] as Buffer);
      expect(parsed(runner)).toEqual(expected);
    }
  });

  it('bytes that are not UTF-8 are refused with their line and column, by both', async () => {
    const [runner] = await bothReads('latin1', FILES['a Latin-1 byte'] as Buffer);
    expect(runner).toEqual({
      ok: false,
      error:
        'the file is not UTF-8 text: byte 0xE9 at line 2, column 7 (byte 17) is not valid UTF-8; save the file as UTF-8',
    });
  });

  it('a file over 16 MiB is refused by both with its size; one of exactly 16 MiB is read', async () => {
    const [over] = await bothReads('over', FILES['one byte over 16 MiB'] as Buffer);
    expect(over).toEqual({
      ok: false,
      error: `a scenario file is at most ${MAX_FILE_BYTES} bytes (16 MiB), this one has ${MAX_FILE_BYTES + 1}`,
    });
    const [at] = await bothReads('at', FILES['exactly 16 MiB'] as Buffer);
    expect(at.ok && Buffer.byteLength(at.text)).toBe(MAX_FILE_BYTES);
  });

  it('a JSON file with lone CRs and an expect block is read (it failed in the YAML reading before)', async () => {
    const [runner] = await bothReads('json-cr', FILES['JSON with lone CRs and an expect block'] as Buffer);
    const result = parsed(runner);
    expect(typeof result !== 'string' && result.ok).toBe(true);
  });
});
