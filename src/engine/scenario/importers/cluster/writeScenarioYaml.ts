/**
 * The imported scenario as compact block YAML: top-level keys in block style, each node, queue and job on
 * one line as a flow mapping (a job's tasks inside it), so that a 140,000-pod cluster stays within the
 * scenario text limit (16 MiB, docs/scenario-format.md §10) and reads on the fast path of §10 (block
 * mappings, one-line flow collections, plain or JSON-quoted one-line scalars).
 */
import type { Data } from '../FieldTracker';
import { isData } from '../FieldTracker';

/** Plain scalars that read back as the same string (no indicator, no number, no null or boolean). */
const PLAIN = /^[A-Za-z_][A-Za-z0-9_./-]*$/;
/** A Go duration (`-1h2m3.5s`, `500ms`): letters make it a string to YAML's core schema, so it needs no quotes. */
const DURATION = /^-?(\d+(\.\d+)?(h|m|s|ms|us|ns))+$/;
/** A quantity with a binary suffix (`64Gi`): likewise a string, never a number. */
const QUANTITY = /^\d+(Ki|Mi|Gi|Ti|Pi|Ei)$/;
const RESERVED = new Set(['true', 'True', 'TRUE', 'false', 'False', 'FALSE', 'null', 'Null', 'NULL']);

/** A string as a one-line scalar: plain when safe, else JSON's double quotes (which YAML reads the same). */
export function scalarText(s: string): string {
  return (PLAIN.test(s) && !RESERVED.has(s)) || DURATION.test(s) || QUANTITY.test(s) ? s : JSON.stringify(s);
}

/** A value as one line of flow YAML. */
export function flowText(value: unknown): string {
  if (typeof value === 'string') return scalarText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value === 0 ? 0 : value) : 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (Array.isArray(value)) return `[${value.map(flowText).join(', ')}]`;
  if (isData(value))
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${scalarText(k)}: ${flowText(v)}`)
      .join(', ')}}`;
  return 'null';
}

/** `header` lines (comments, already `# `-prefixed) then the scenario. */
export function writeScenarioYaml(header: string[], scenario: Data): string {
  const lines = [...header];
  for (const [key, value] of Object.entries(scenario)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length === 0) lines.push(`${scalarText(key)}: []`);
      else {
        lines.push(`${scalarText(key)}:`);
        for (const item of value) lines.push(`  - ${flowText(item)}`);
      }
    } else if (isData(value) && Object.keys(value).length > 0) {
      lines.push(`${scalarText(key)}:`);
      for (const [k, v] of Object.entries(value)) {
        if (Array.isArray(v) && v.length > 0 && key === 'scheduler' && k === 'tiers') {
          lines.push(`  ${scalarText(k)}:`);
          for (const item of v) lines.push(`    - ${flowText(item)}`);
        } else lines.push(`  ${scalarText(k)}: ${flowText(v)}`);
      }
    } else lines.push(`${scalarText(key)}: ${flowText(value)}`);
  }
  lines.push('');
  return lines.join('\n');
}
