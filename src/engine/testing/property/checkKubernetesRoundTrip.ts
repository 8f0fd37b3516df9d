/**
 * Kubernetes export then import (format §12-13) gives the same normalised scenario (apart from source
 * lines) and the same runner document, with nothing listed as unmapped: the promise §13 makes for the built-in
 * and conformance scenarios, here on every generated one.
 */
import { parseScenario, formatIssue } from '../../index';
import type { Scenario } from '../../model/scenario';
import { exportKubernetesYaml } from '../../scenario/exporters/exportKubernetesYaml';
import { importKubernetesYaml } from '../../scenario/importers/importKubernetesYaml';
import type { Violation } from './invariants';
import { UnsupportedError } from '../../framework/UnsupportedError';
import { expandScenario } from '../../scenario/workload/expandScenario';

// A profile's own block (decision 0281) is compared by its read data: the import writes it in Kubernetes
// spellings (`nvidia.com/gpu`, "4"), so its written text (`profileBlock.written`) differs by design.
const withoutLines = (s: Scenario): string =>
  JSON.stringify(s, (key, value: unknown) => (key === 'line' || key === 'written' ? undefined : value));

/** The first differing path of two JSON values, for the message. */
function firstDifference(a: unknown, b: unknown, path = ''): string {
  if (JSON.stringify(a) === JSON.stringify(b)) return '';
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object')
    return `${path || '(root)'}: ${JSON.stringify(a)?.slice(0, 80)} → ${JSON.stringify(b)?.slice(0, 80)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    const d = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      Array.isArray(a) ? `${path}[${k}]` : path ? `${path}.${k}` : k,
    );
    if (d) return d;
  }
  return path;
}

/** `runOutput` runs a scenario to the runner's JSON document (only called when the scenarios differ). */
export function checkKubernetesRoundTrip(
  scenario: Scenario,
  output: string,
  runOutput: (s: Scenario) => string,
  out: Violation[],
): void {
  const fail = (message: string): void => {
    out.push({ invariant: 'kubernetes-roundtrip', session: null, message });
  };
  let exported: string;
  try {
    exported = exportKubernetesYaml(scenario);
  } catch (error) {
    // A profile whose export is not implemented refuses it with a stated sentence (UnsupportedError, §13):
    // the round trip is then not promised.
    if (error instanceof UnsupportedError) return;
    fail(`export threw ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    return;
  }
  const imported = importKubernetesYaml(exported);
  if (!imported.ok) return fail(`the export does not import: ${imported.errors.slice(0, 2).join('; ')}`);
  if (imported.unmapped.length > 0)
    return fail(
      `import lists ${imported.unmapped.length} unmapped field(s): ${JSON.stringify(imported.unmapped[0])}`,
    );
  const back = parseScenario(imported.text);
  if (!back.ok)
    return fail(`the imported text is rejected: ${back.errors.slice(0, 2).map(formatIssue).join('; ')}`);
  // The variants have no Kubernetes shape and no place in the carrier (§13), so they are not compared. A
  // workload's jobs are exported as plain jobs (§19), so the original is compared in that form.
  const original = { ...expandScenario(scenario).scenario, variants: [] };
  const again = { ...back.scenario, variants: [] };
  if (withoutLines(original) === withoutLines(again)) return;
  const where = firstDifference(JSON.parse(withoutLines(original)), JSON.parse(withoutLines(again)));
  if (runOutput(back.scenario) !== output)
    fail(`runs differently after the round trip; first difference ${where}`);
  else fail(`normalises differently after the round trip (same trace); first difference ${where}`);
}
