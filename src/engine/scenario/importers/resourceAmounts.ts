/** Kubernetes resource lists (`nvidia.com/gpu`, `cpu`, `memory`, `pods`) as scenario resources. */
import { parseQuantity } from '../../model/quantity';
import type { FieldPath, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';

export type Amounts = { gpu?: number; cpu?: number; memory?: number; pods?: number };

const NAMES: Record<string, keyof Amounts> = {
  'nvidia.com/gpu': 'gpu',
  gpu: 'gpu',
  cpu: 'cpu',
  memory: 'memory',
  pods: 'pods',
};

/**
 * Reads the resource list at `path`; names the simulator does not model (ephemeral-storage, hugepages,
 * other devices) stay unmapped, and a value that is not a quantity is explained.
 */
export function readResourceList(t: FieldTracker, path: FieldPath): Amounts | null {
  const base = typeof path === 'string' ? path.split('.') : [...path];
  const list = t.peek(path);
  if (!isData(list)) return null;
  // An empty list (a Volcano queue's `capability: {}`) is read as such: an empty scenario list, not an
  // unmapped field (the export writes one for a queue whose capability has no amounts).
  if (Object.keys(list).length === 0) t.use(path);
  const out: Amounts = {};
  for (const [key, raw] of Object.entries(list)) {
    const name = NAMES[key];
    if (name === undefined) continue;
    const parsed = typeof raw === 'number' || typeof raw === 'string' ? parseQuantity(raw) : null;
    if (parsed === null || !parsed.ok) {
      t.explain([...base, key], 'not a Kubernetes quantity');
      continue;
    }
    t.use([...base, key]);
    out[name] = (out[name] ?? 0) + parsed.value;
  }
  return out;
}

export function addAmounts(a: Amounts, b: Amounts): Amounts {
  const out: Amounts = { ...a };
  for (const key of Object.keys(b) as (keyof Amounts)[]) out[key] = (out[key] ?? 0) + (b[key] ?? 0);
  return out;
}
