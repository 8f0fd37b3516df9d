/** `Node` documents: name, labels, and allocatable (else capacity) GPUs, CPU, memory and pods. */
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { readResourceList } from './resourceAmounts';

export function mapNode(t: FieldTracker): Data {
  const node: Data = { name: String(t.get('metadata.name')) };
  // The scheduler places against allocatable (capacity minus system reservations), as kube-scheduler does.
  const hasAllocatable = isData(t.peek('status.allocatable'));
  const resources = readResourceList(t, hasAllocatable ? 'status.allocatable' : 'status.capacity') ?? {};
  // Capacity was looked at and set aside for allocatable: it is not an unmapped input.
  if (hasAllocatable) t.use('status.capacity');
  if (resources.gpu !== undefined) resources.gpu = Math.floor(resources.gpu);
  node.resources = resources;
  const labels = t.get('metadata.labels');
  if (isData(labels) && Object.values(labels).every((v) => typeof v === 'string')) node.labels = labels;
  return node;
}
