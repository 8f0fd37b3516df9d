/**
 * Scenario amounts (cpu in cores, memory in bytes, GPUs and pods in units) as Kubernetes quantity strings
 * that read back to exactly the same number with `parseQuantity`: `500m`, `16Gi`, `8`.
 */
import { parseQuantity } from '../../model/quantity';
import type { ResourceName } from '../../model/resources';

const BINARY = [
  ['Ei', 60],
  ['Pi', 50],
  ['Ti', 40],
  ['Gi', 30],
  ['Mi', 20],
  ['Ki', 10],
] as const;

function readsBackAs(text: string, value: number): boolean {
  const parsed = parseQuantity(text);
  return parsed.ok && parsed.value === value;
}

/** The shortest conventional spelling; the plain number (always exact) when no suffix fits. */
export function formatKubernetesQuantity(resource: ResourceName, value: number): string {
  const plain = String(value);
  if (resource === 'memory' && Number.isInteger(value) && value > 0) {
    for (const [suffix, power] of BINARY) {
      const scaled = value / 2 ** power;
      if (Number.isInteger(scaled) && readsBackAs(`${scaled}${suffix}`, value)) return `${scaled}${suffix}`;
    }
  }
  if (resource === 'cpu' && !Number.isInteger(value)) {
    const milli = `${Math.round(value * 1000)}m`;
    if (readsBackAs(milli, value)) return milli;
  }
  return plain;
}
