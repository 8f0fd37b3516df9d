/** `Node` documents: name, labels, and allocatable (else capacity) GPUs, CPU, memory and pods. */
import type { Data, FieldTracker } from './FieldTracker';
import { isData } from './FieldTracker';
import { readResourceList } from './resourceAmounts';

export function mapNode(t: FieldTracker): Data {
  const node: Data = { name: String(t.get('metadata.name')) };
  // The scheduler places against allocatable (capacity minus system reservations), as kube-scheduler does.
  const source = isData(t.peek('status.allocatable')) ? 'status.allocatable' : 'status.capacity';
  const resources = readResourceList(t, source) ?? {};
  if (resources.gpu !== undefined) resources.gpu = Math.floor(resources.gpu);
  node.resources = resources;
  const labels = t.get('metadata.labels');
  if (isData(labels) && Object.values(labels).every((v) => typeof v === 'string')) node.labels = labels;
  return node;
}
