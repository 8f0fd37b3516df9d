/**
 * KAI GPU-memory requests (§23.3) in generated scenarios: on about half of the `kai` scenarios (chosen from
 * fields already drawn, so that the sample the seeds were chosen for does not move), every GPU node states
 * 40960 MiB devices and every fractional GPU request becomes the same amount of memory (0.5 -> 20480 MiB).
 * Placement is then the same fraction of one device, so the room tracking of buildNodes stays valid, while
 * the scenario exercises the field's reading, conversion, capacity text, export and round trip. A whole
 * request of g ≥ 2 GPUs becomes the whole device memory on g devices (`gpuMemoryDevices`, KAI
 * `gpu-fraction-num-devices`): g × 40960 / 40960 = g GPU on g whole devices, again the same placement.
 *
 * Half of those (pick % 4 = 2) have mixed device memories (decision 0328): every other GPU node states
 * 81920 MiB devices instead. A request is then a smaller fraction there (m / 81920), so whatever the room
 * tracking placed still fits, while placement, accounting, capacity checks and the `gpu-memory-devices`
 * invariant meet two device memories.
 */
const DEVICE_MIB = 40960;
const LARGE_DEVICE_MIB = 2 * DEVICE_MIB;

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** States the device memory of GPU nodes; with `mixed`, every other one has the larger devices. */
function nodeMemory(mixed: boolean): (node: unknown) => void {
  let gpuNodes = 0;
  return (node) => {
    if (!isDoc(node) || !isDoc(node['resources'])) return;
    const gpu = node['resources']['gpu'];
    if (typeof gpu !== 'number' || gpu < 1) return;
    node['resources']['gpuMemory'] = mixed && gpuNodes % 2 === 1 ? LARGE_DEVICE_MIB : DEVICE_MIB;
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
