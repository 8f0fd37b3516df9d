/**
 * The carrier of what Kubernetes objects cannot hold but the sandbox needs to replay a scenario exactly
 * (docs/scenario-format.md §13, decision 0070): annotations `preemption-lab.dev/<field>` on the object a
 * scenario field belongs to, and one ConfigMap `preemption-lab-scenario` whose `scenario.yaml` holds the
 * scenario's top-level fields (name, lesson text, profile, run, events, expect). Real clusters have
 * neither; the importer reads them when present and works without them.
 */
import { parse } from 'yaml';
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { setOwn } from '../ownEntries';
import { readYamlValue, type AliasBudget } from './readKubernetesDocuments';

/** Annotation prefix: `preemption-lab.dev/runtime: 5m` sets the object's scenario field `runtime`. */
export const LAB_PREFIX = 'preemption-lab.dev/';
/** The ConfigMap that carries the scenario's top-level fields. */
export const LAB_CONFIGMAP = 'preemption-lab-scenario';
/** Its data key: a YAML mapping of top-level scenario fields. */
export const LAB_CONFIGMAP_KEY = 'scenario.yaml';

/** Same bound as the scenario parser's: aliases expand at most 100 times. */
const MAX_ALIAS_COUNT = 100;

function parseValue(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: parse(text, { maxAliasCount: MAX_ALIAS_COUNT, logLevel: 'error' }) as unknown };
  } catch (error) {
    return {
      ok: false,
      error: error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error),
    };
  }
}

/**
 * A scenario field value as an annotation value (annotations are strings): a string that reads back as
 * itself is written plainly (`5m`), anything else as JSON, which is YAML (`-1`, `{"a":"b"}`, `"0"`).
 */
export function encodeLabValue(value: unknown): string {
  if (typeof value === 'string' && value.trim() === value && value !== '') {
    const back = parseValue(value);
    if (back.ok && back.value === value) return value;
  }
  return JSON.stringify(value);
}

/**
 * The scenario fields carried by the object's `preemption-lab.dev/` annotations, marked as used. A value
 * that is not YAML is an error naming the annotation; field names are checked later by the scenario
 * parser like any other field (an unknown one is reported with its path).
 */
export function readLabAnnotations(t: FieldTracker, errors: string[], budget: AliasBudget): Data {
  const annotations = t.peek('metadata.annotations');
  const out: Data = {};
  if (!isData(annotations)) return out;
  for (const [key, raw] of Object.entries(annotations)) {
    if (!key.startsWith(LAB_PREFIX) || key.length === LAB_PREFIX.length) continue;
    t.use(['metadata', 'annotations', key]);
    const parsed =
      typeof raw === 'string'
        ? readYamlValue(raw, `${t.label}: metadata.annotations.${key}`, budget)
        : { ok: true as const, value: raw };
    if (!parsed.ok) {
      errors.push(parsed.error);
      continue;
    }
    setOwn(out, key.slice(LAB_PREFIX.length), parsed.value);
  }
  return out;
}

/** The top-level fields in a `preemption-lab-scenario` ConfigMap, or null with an error. */
export function readLabConfigMap(t: FieldTracker, errors: string[], budget: AliasBudget): Data | null {
  const text = t.get(['data', LAB_CONFIGMAP_KEY]);
  if (typeof text !== 'string') {
    errors.push(
      `${t.label}: data.${LAB_CONFIGMAP_KEY} is missing (it holds the scenario's top-level fields)`,
    );
    return null;
  }
  const parsed = readYamlValue(text, `${t.label}: data.${LAB_CONFIGMAP_KEY}`, budget);
  if (!parsed.ok) {
    errors.push(parsed.error);
    return null;
  }
  if (!isData(parsed.value)) {
    errors.push(`${t.label}: data.${LAB_CONFIGMAP_KEY} must be a mapping of scenario fields`);
    return null;
  }
  return parsed.value;
}

/** Sets every carried field on `target` (own properties, so that a key such as `__proto__` stays data). */
export function mergeLabFields(target: Data, fields: Data): void {
  for (const [key, value] of Object.entries(fields)) setOwn(target, key, value);
}
