/**
 * A sweep knob as a variant (docs/scenario-format.md §15.2, issue 20): `--knob PATH --values a,b,c` (and
 * the Workshop's knob field) name one field the way a variant writes it, so each value becomes a variant
 * read by the same normaliser as `variants:` in the file (§15). Errors therefore say what §15's say.
 */
import { parseDocument } from 'yaml';
import type { Scenario } from '../model/scenario';
import type { VariantSpec } from '../model/variant';
import { IssueSink, NO_LOCATION } from './IssueSink';
import { MAX_STRING_LENGTH } from './limits';
import { Origins, type NormaliseContext } from './NormaliseContext';
import { normaliseVariants } from './normaliseVariants';
import { setOwn } from './ownEntries';
import { SizeBudget } from './SizeBudget';

export type KnobVariantResult = { ok: true; variant: VariantSpec } | { ok: false; message: string };

/** The knob paths a sweep accepts, for messages. */
export const KNOB_PATHS =
  'queues.<queue>.<field>, plugins.<plugin>.<argument>, jobs.<job>.<field>, actions, schedulePeriod, seed';

/**
 * The variant `name` that sets the field at `path` to `valueText` (read as a YAML value: `5m`, `0.5`,
 * `true`, `null`, `[allocate, reclaim]`). Queue and job names may contain dots: the longest name of the
 * base that the path starts with is taken.
 */
export function knobVariant(
  scenario: Scenario,
  path: string,
  valueText: string,
  name: string,
): KnobVariantResult {
  const fail = (why: string): KnobVariantResult => ({ ok: false, message: `${path} = ${valueText}: ${why}` });
  if (path.length > MAX_STRING_LENGTH || valueText.length > MAX_STRING_LENGTH)
    return { ok: false, message: `a knob path and value are at most ${MAX_STRING_LENGTH} characters` };
  const value = readValue(valueText);
  if (!value.ok) return fail(value.message);
  const raw = rawVariant(scenario, path, value.value);
  if (raw === null)
    return { ok: false, message: `unknown knob ${JSON.stringify(path)}; knobs: ${KNOB_PATHS}` };
  setOwn(raw, 'name', name);
  const sink = new IssueSink(NO_LOCATION);
  const ctx: NormaliseContext = {
    sink,
    profile: scenario.profile,
    classes: new Map(scenario.priorityClasses.map((c) => [c.name, c])),
    origins: new Origins(),
    budget: new SizeBudget(sink),
  };
  const variants = normaliseVariants([raw], scenario, ctx);
  const first = sink.errors[0];
  if (first !== undefined) return fail(first.message);
  const variant = variants[0];
  return variant === undefined ? fail('not a valid variant') : { ok: true, variant };
}

function readValue(text: string): { ok: true; value: unknown } | { ok: false; message: string } {
  try {
    const doc = parseDocument(text, { prettyErrors: false, logLevel: 'error', uniqueKeys: false });
    const error = doc.errors[0];
    if (error !== undefined)
      return { ok: false, message: `not a YAML value (${error.message.split('\n')[0]})` };
    // No aliases: a value is one scalar or a small flow collection, never a document that expands.
    return { ok: true, value: doc.toJS({ maxAliasCount: 0 }) as unknown };
  } catch (e) {
    return { ok: false, message: `not a YAML value (${e instanceof Error ? e.message : String(e)})` };
  }
}

/** The variant as it would be written in the file, or null for a path that names no knob. */
function rawVariant(scenario: Scenario, path: string, value: unknown): Record<string, unknown> | null {
  const parts = path.split('.');
  const [head, ...rest] = parts;
  if (rest.length === 0) {
    if (head === 'actions' || head === 'schedulePeriod' || head === 'seed') return { [head]: value };
    return null;
  }
  if (head === 'plugins') {
    const [plugin, ...argument] = rest;
    if (plugin === undefined || argument.length === 0) return null;
    const args: Record<string, unknown> = {};
    setOwn(args, argument.join('.'), value);
    const plugins: Record<string, unknown> = {};
    setOwn(plugins, plugin, args);
    return { plugins };
  }
  if (head === 'queues' || head === 'jobs') {
    const names =
      head === 'queues'
        ? new Set(scenario.queues.map((q) => q.name))
        : new Set([
            ...scenario.jobs.map((j) => j.name),
            ...scenario.events.flatMap((e) => (e.kind === 'submit' ? [e.job.name] : [])),
          ]);
    const split = splitName(rest, names);
    if (split === null) return null;
    const entry: Record<string, unknown> = { name: split.name };
    // A nested field (`resources.gpu.quota`) becomes nested mappings, as a variant writes it.
    let at = entry;
    split.field.forEach((key, i) => {
      if (i === split.field.length - 1) setOwn(at, key, value);
      else {
        const inner: Record<string, unknown> = {};
        setOwn(at, key, inner);
        at = inner;
      }
    });
    return { [head]: [entry] };
  }
  return null;
}

/** `<name>.<field…>`: the longest known name the segments start with (else the first segment). */
function splitName(
  segments: readonly string[],
  names: ReadonlySet<string>,
): { name: string; field: string[] } | null {
  if (segments.length < 2) return null;
  for (let i = segments.length - 1; i >= 1; i--) {
    const name = segments.slice(0, i).join('.');
    if (names.has(name)) return { name, field: segments.slice(i) };
  }
  return { name: segments[0] ?? '', field: segments.slice(1) };
}
