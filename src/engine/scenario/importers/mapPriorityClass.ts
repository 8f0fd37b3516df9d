/** `PriorityClass` (scheduling.k8s.io/v1) documents and snapshot objects. */
import type { Data, FieldTracker } from './FieldTracker';

/** A `PriorityClass` (scheduling.k8s.io/v1): name, value and preemption policy. */
export function mapPriorityClass(t: FieldTracker): Data {
  const cls: Data = { name: String(t.get('metadata.name')) };
  const value = t.get('value');
  if (typeof value === 'number') cls.value = value;
  const policy = t.get('preemptionPolicy');
  if (policy === 'Never' || policy === 'PreemptLowerPriority') cls.preemptionPolicy = policy;
  t.use('description');
  return cls;
}
