/**
 * KAI GPU-memory requests (§23.3) in generated scenarios: on about half of the `kai` scenarios (chosen from
 * fields already drawn, so that the sample the seeds were chosen for does not move), every GPU node states
 * 40960 MiB devices (40900 as KAI floors them) and every fractional GPU request becomes the same amount of that
 * memory (0.5 -> 20450 MiB).
 * Placement is then the same fraction of one device, so the room tracking of buildNodes stays valid, while
 * the scenario exercises the field's reading, conversion, capacity text, export and round trip. A whole
 * request of g ≥ 2 GPUs becomes the whole device memory on g devices (`gpuMemoryDevices`, KAI
 * `gpu-fraction-num-devices`): g × 40900 / 40900 = g GPU on g whole devices, again the same placement.
 *
 * Half of those (pick % 4 = 2) have mixed device memories (decision 0328): every other GPU node states
 * 81920 MiB devices instead. A request is then a smaller fraction there (m / 81900, the floored 81920), so whatever the room
 * tracking placed still fits, while placement, accounting, capacity checks and the `gpu-memory-devices`
 * invariant meet two device memories.
 */
/**
 * The labels are what GPU feature discovery reports for 40 and 80 GB devices; KAI computes with them floored to
 * whole hundreds (node_info.go:673 @d5bc503, `deviceMemoryMiB`): 40900 and 81900 MiB. Requests are fractions of
 * the floored memory, so a fraction `f` of a device is still `f` of it and the room tracking holds, while every
 * memory scenario exercises the floor (two requests of half the label would no longer share a device).
 */
const DEVICE_LABEL_MIB = 40960;
const LARGE_DEVICE_LABEL_MIB = 81920;
const DEVICE_MIB = DEVICE_LABEL_MIB - (DEVICE_LABEL_MIB % 100);

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** States the device memory of GPU nodes; with `mixed`, every other one has the larger devices. */
function nodeMemory(mixed: boolean): (node: unknown) => void {
  let gpuNodes = 0;
  return (node) => {
    if (!isDoc(node) || !isDoc(node['resources'])) return;
    const gpu = node['resources']['gpu'];
    if (typeof gpu !== 'number' || gpu < 1) return;
    node['resources']['gpuMemory'] = mixed && gpuNodes % 2 === 1 ? LARGE_DEVICE_LABEL_MIB : DEVICE_LABEL_MIB;
    gpuNodes++;
  };
}

function requestMemory(resources: unknown): void {
  if (!isDoc(resources)) return;
  const gpu = resources['gpu'];
  if (typeof gpu !== 'number' || gpu <= 0) return;
  if (gpu >= 1 && (gpu < 2 || !Number.isInteger(gpu))) return;
  delete resources['gpu'];
  resources['gpuMemory'] = gpu < 1 ? Math.round(gpu * DEVICE_MIB) : DEVICE_MIB;
  if (gpu >= 2) resources['gpuMemoryDevices'] = gpu;
}

function jobMemory(job: unknown): void {
  if (!isDoc(job)) return;
  requestMemory(job['resources']);
  const tasks = job['tasks'];
  if (Array.isArray(tasks)) for (const t of tasks) if (isDoc(t)) requestMemory(t['resources']);
}

/** Rewrites `doc` (a KAI document) in place when `pick` selects it. */
export function applyGpuMemory(doc: Doc, pick: number): void {
  if (pick % 2 !== 0) return;
  const nodes = doc['nodes'];
  if (!Array.isArray(nodes)) return;
  const describe = nodeMemory(pick % 4 === 2);
  nodes.forEach(describe);
  // A memory request needs a node with devices to state their memory (§23.3), or the scenario is refused.
  if (!nodes.some((n) => isDoc(n) && isDoc(n['resources']) && n['resources']['gpuMemory'] !== undefined))
    return;
  const jobs = doc['jobs'];
  if (Array.isArray(jobs)) jobs.forEach(jobMemory);
  const events = doc['events'];
  if (!Array.isArray(events)) return;
  for (const e of events) {
    if (!isDoc(e)) continue;
    if (Array.isArray(e['addNode'])) e['addNode'].forEach(describe);
    else describe(e['addNode']);
    jobMemory(e['submit']);
  }
}
