/**
 * The trace import dialog's fields as typed (text), and their reading into the engine's
 * TraceImportOptions (issue 20, decision 0193). Only the form is checked here (a number where a number
 * goes, a duration where a duration goes); the bounds are the engine's (docs/scenario-format.md §20),
 * and its errors are shown as it words them.
 */
import { parseDuration } from '../../engine/model/duration';
import type {
  QuotaRule,
  TraceFormat,
  TraceImportError,
  TraceImportOptions,
} from '../../protocol/clusterImport';

export interface TraceOptionsForm {
  format: TraceFormat;
  /** Trace time ÷ compress = scenario time ("24": a day into an hour). */
  compress: string;
  /** Durations of trace time from the first submit (`2h`, `1d`); empty: unbounded. */
  windowFrom: string;
  windowTo: string;
  firstJobs: string;
  fraction: string;
  seed: string;
  quotaRule: QuotaRule;
  gpusPerNode: string;
  /** Empty: enough nodes for the kept jobs' peak use (the engine's rule). */
  nodes: string;
}

export type TraceOptionsField = Exclude<keyof TraceOptionsForm, 'format' | 'quotaRule'>;

export function defaultTraceOptions(format: TraceFormat): TraceOptionsForm {
  return {
    format,
    compress: '1',
    windowFrom: '',
    windowTo: '',
    firstJobs: '',
    fraction: '',
    seed: '1',
    quotaRule: 'peak-share',
    gpusPerNode: '8',
    nodes: '',
  };
}

/** The form field an engine option error belongs to (its `field` is the option's path). */
const FIELD_OF_OPTION: Record<string, TraceOptionsField> = {
  compress: 'compress',
  'window.fromMs': 'windowFrom',
  'window.toMs': 'windowTo',
  window: 'windowTo',
  firstJobs: 'firstJobs',
  fraction: 'fraction',
  seed: 'seed',
  gpusPerNode: 'gpusPerNode',
  nodes: 'nodes',
};

/**
 * Splits the engine's errors: those about an option (no line, an option's path) go under their field,
 * without the path it already names; the rest (the file's, with line and column) are listed as they are.
 */
export function placeTraceErrors(errors: readonly TraceImportError[]): {
  fields: Partial<Record<TraceOptionsField, string>>;
  file: TraceImportError[];
} {
  const fields: Partial<Record<TraceOptionsField, string>> = {};
  const file: TraceImportError[] = [];
  for (const error of errors) {
    const field = error.line === null && error.field !== null ? FIELD_OF_OPTION[error.field] : undefined;
    if (field === undefined || fields[field] !== undefined) {
      file.push(error);
      continue;
    }
    const prefix = `${error.field}: `;
    fields[field] = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
  }
  return { fields, file };
}

export type TraceOptionsReading =
  | { ok: true; options: TraceImportOptions }
  | { ok: false; errors: Partial<Record<TraceOptionsField, string>> };

const NUMBER = /^[0-9]+(\.[0-9]+)?$/;
const INTEGER = /^[0-9]+$/;

/** Reads the form; every field that is not of its kind gets a sentence saying what it takes. */
export function readTraceOptions(form: TraceOptionsForm): TraceOptionsReading {
  const errors: Partial<Record<TraceOptionsField, string>> = {};
  const number = (field: TraceOptionsField, what: 'number' | 'integer', positive: boolean) => {
    const text = form[field].trim();
    if (text === '') return undefined;
    const value = Number(text);
    if (!(what === 'integer' ? INTEGER : NUMBER).test(text) || (positive && value <= 0)) {
      errors[field] =
        what === 'integer'
          ? `a whole number${positive ? ' above 0' : ''}, not "${text}"`
          : `a number${positive ? ' above 0' : ''} such as 24, not "${text}"`;
      return undefined;
    }
    return value;
  };
  const duration = (field: 'windowFrom' | 'windowTo') => {
    const text = form[field].trim();
    if (text === '') return undefined;
    const parsed = parseDuration(text, { allowDaysWeeks: true });
    if (!parsed.ok || parsed.ms < 0) {
      errors[field] = `a duration of trace time such as 2h or 1d, not "${text}"`;
      return undefined;
    }
    return parsed.ms;
  };
  const compress = number('compress', 'number', true);
  const fromMs = duration('windowFrom');
  const toMs = duration('windowTo');
  if (fromMs !== undefined && toMs !== undefined && toMs <= fromMs) {
    errors.windowTo = 'the window ends after it starts';
  }
  const firstJobs = number('firstJobs', 'integer', true);
  const fraction = number('fraction', 'number', true);
  if (fraction !== undefined && fraction > 1) errors.fraction = 'a share of jobs above 0 and at most 1';
  const seed = number('seed', 'integer', false);
  const gpusPerNode = number('gpusPerNode', 'integer', true);
  const nodes = number('nodes', 'integer', true);
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const options: TraceImportOptions = { format: form.format, quotaRule: form.quotaRule };
  if (compress !== undefined) options.compress = compress;
  if (fromMs !== undefined || toMs !== undefined) {
    options.window = {
      ...(fromMs === undefined ? {} : { fromMs }),
      ...(toMs === undefined ? {} : { toMs }),
    };
  }
  if (firstJobs !== undefined) options.firstJobs = firstJobs;
  if (fraction !== undefined) {
    options.fraction = fraction;
    options.seed = seed ?? 1; // the seed matters only for a fraction's draw
  }
  if (gpusPerNode !== undefined) options.gpusPerNode = gpusPerNode;
  if (nodes !== undefined) options.nodes = nodes;
  return { ok: true, options };
}
