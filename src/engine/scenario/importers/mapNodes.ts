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

/**
 * A real cluster's Node that lists its resources without nvidia.com/gpu has no GPUs: Kubernetes reads an
 * absent extended resource as 0, and so does KAI (NodeInfo's allocatable vector is status.allocatable,
 * pkg/scheduler/api/node_info/node_info.go:105 @d5bc503, and IsTaskAllocatable, :159, checks requests against
 * it), so no GPU or GPU-memory pod fits there. Left out, `gpu` means "unbounded" in a scenario (§3) and every
 * GPU job would fit on a CPU node (decision 0345). Not for the lab's own export, which leaves an unbounded
 * `gpu` out on purpose; a Node with no resource list at all stays as it is. Returns how many were set.
 */
export function zeroAbsentGpus(nodes: Iterable<Data>): number {
  let set = 0;
  for (const node of nodes) {
    const resources = node.resources;
    if (!isData(resources) || resources.gpu !== undefined || Object.keys(resources).length === 0) continue;
    resources.gpu = 0;
    set++;
  }
  return set;
}
