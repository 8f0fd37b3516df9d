/**
 * `sim import-trace` (issue 20, docs/scenario-format.md §20.6): a public GPU trace (Philly, Helios, PAI 2020,
 * Alibaba 2023/2025/2026) as a KAI scenario on stdout, the report on stderr; bad flags or input exit 2.
 *   sim import-trace [--format F] FILE [--window 2h..6h | --window-from D --window-to D] [--compress 24]
 *     [--first N] [--fraction F --seed S] [--quota peak-share|mean-share|none] [--gpus-per-node 8] [--nodes N]
 */
import { basename } from 'node:path';
import { parseDuration } from '../engine/model/duration';
import {
  describeTraceImport,
  importTraceBytes,
  MAX_TRACE_BYTES,
} from '../engine/scenario/importers/trace/index';
import type { TraceImportOptions } from '../engine/scenario/importers/trace/types';
import { readFileBytes } from './readScenarioFile';

export const IMPORT_TRACE_USAGE = `  npm run --silent sim -- import-trace [--format philly|helios|pai|alibaba2023] <file>
      [--window 2h..6h | --window-from D --window-to D] [--compress 24] [--first N] [--fraction F --seed S]
      [--quota peak-share|mean-share|none] [--gpus-per-node 8] [--nodes N]`;

/** Flags that take a value; anything else starting with `--` is unknown. */
const VALUE_FLAGS = [
  '--format',
  '--window',
  '--window-from',
  '--window-to',
  '--compress',
  '--first',
  '--fraction',
  '--seed',
  '--quota',
  '--gpus-per-node',
  '--nodes',
] as const;
type Flag = (typeof VALUE_FLAGS)[number];

export interface TraceCommandHelpers {
  invalid(message: string, showUsage?: boolean): never;
  stdout(text: string): void;
  stderr(text: string): void;
}

/** `args` are those after `import-trace`; returns the exit code (0), or calls `invalid` (exit 2). */
export function runImportTraceCommand(args: readonly string[], h: TraceCommandHelpers): number {
  const values = new Map<Flag, string>();
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('--')) {
      files.push(arg);
      continue;
    }
    if (!(VALUE_FLAGS as readonly string[]).includes(arg))
      h.invalid(`import-trace: unknown flag ${arg}`, true);
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--')) h.invalid(`${arg} needs a value`, true);
    if (values.has(arg as Flag)) h.invalid(`${arg} is given twice`, true);
    values.set(arg as Flag, value);
    i++;
  }
  const [file, ...more] = files;
  if (file === undefined || more.length > 0) h.invalid('import-trace takes one trace file', true);
  const options = traceOptions(values, h);
  const read = readFileBytes(
    file,
    MAX_TRACE_BYTES,
    (size, exact) =>
      `a trace file is at most ${MAX_TRACE_BYTES} bytes (512 MiB, docs/scenario-format.md §20.5), this one has ${exact ? size : 'more'}`,
  );
  if (!read.ok) h.invalid(`${file}: ${read.error}`);
  const result = importTraceBytes(read.bytes, { ...options, sourceName: basename(file) });
  if (!result.ok)
    h.invalid(
      result.errors
        .map(
          (e) =>
            `${file}${e.line !== null ? `:${e.line}` : ''}: ${e.field !== null && !e.message.startsWith(`${e.field}:`) ? `${e.field}: ` : ''}${e.message}`,
        )
        .join('\n'),
    );
  h.stdout(result.text);
  h.stderr(`${describeTraceImport(result.report).join('\n')}\n`);
  return 0;
}

/** The flags as import options; a value that is not a number or duration is an error naming the flag. */
function traceOptions(values: Map<Flag, string>, h: TraceCommandHelpers): TraceImportOptions {
  const number = (flag: Flag): number | undefined => {
    const v = values.get(flag);
    if (v === undefined) return undefined;
    const n = Number(v);
    if (v.trim() === '' || !Number.isFinite(n))
      h.invalid(`${flag} takes a number, got ${JSON.stringify(v)}`, true);
    return n;
  };
  const duration = (flag: string, text: string): number => {
    const d = parseDuration(text);
    if (!d.ok || d.ms < 0) h.invalid(`${flag}: ${d.ok ? 'a window starts at 0 or later' : d.error}`, true);
    return d.ms;
  };
  const o: TraceImportOptions = {};
  const format = values.get('--format');
  if (format !== undefined) o.format = format as TraceImportOptions['format'] & string;
  const window = values.get('--window');
  const from = values.get('--window-from');
  const to = values.get('--window-to');
  if (window !== undefined && (from !== undefined || to !== undefined))
    h.invalid('--window and --window-from/--window-to are two ways to say the same: give one', true);
  if (window !== undefined) {
    const parts = window.split('..');
    if (parts.length !== 2)
      h.invalid(`--window is FROM..TO (for example 2h..6h, or ..30m), got ${JSON.stringify(window)}`, true);
    const [a = '', b = ''] = parts;
    o.window = {
      ...(a !== '' ? { fromMs: duration('--window', a) } : {}),
      ...(b !== '' ? { toMs: duration('--window', b) } : {}),
    };
  } else if (from !== undefined || to !== undefined)
    o.window = {
      ...(from !== undefined ? { fromMs: duration('--window-from', from) } : {}),
      ...(to !== undefined ? { toMs: duration('--window-to', to) } : {}),
    };
  const set = <K extends keyof TraceImportOptions>(key: K, v: TraceImportOptions[K] | undefined) => {
    if (v !== undefined) o[key] = v;
  };
  set('compress', number('--compress'));
  set('firstJobs', number('--first'));
  set('fraction', number('--fraction'));
  set('seed', number('--seed'));
  set('gpusPerNode', number('--gpus-per-node'));
  set('nodes', number('--nodes'));
  const quota = values.get('--quota');
  if (quota !== undefined) o.quotaRule = quota as TraceImportOptions['quotaRule'] & string;
  if (o.seed !== undefined && o.fraction === undefined)
    h.invalid('--seed draws the --fraction sample: it needs --fraction', true);
  return o;
}
