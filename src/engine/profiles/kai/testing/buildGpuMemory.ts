/**
 * KAI GPU-memory requests (§23.3) in generated scenarios: on about half of the `kai` scenarios (chosen from
 * fields already drawn, so that the sample the seeds were chosen for does not move), every GPU node states
 * 40960 MiB devices and every fractional GPU request becomes the same amount of memory (0.5 -> 20480 MiB).
 * Placement is then the same fraction of one device, so the room tracking of buildNodes stays valid, while
 * the scenario exercises the field's reading, conversion, capacity text, export and round trip. A whole
 * request of g ≥ 2 GPUs becomes the whole device memory on g devices (`gpuMemoryDevices`, KAI
 * `gpu-fraction-num-devices`): g × 40960 / 40960 = g GPU on g whole devices, again the same placement.
 */
const DEVICE_MIB = 40960;

type Doc = Record<string, unknown>;
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

function nodeMemory(node: unknown): void {
  if (!isDoc(node) || !isDoc(node['resources'])) return;
  const gpu = node['resources']['gpu'];
  if (typeof gpu === 'number' && gpu >= 1) node['resources']['gpuMemory'] = DEVICE_MIB;
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
  nodes.forEach(nodeMemory);
  // A memory request needs a node with devices to state their memory (§23.3), or the scenario is refused.
  if (!nodes.some((n) => isDoc(n) && isDoc(n['resources']) && n['resources']['gpuMemory'] !== undefined))
    return;
  const jobs = doc['jobs'];
  if (Array.isArray(jobs)) jobs.forEach(jobMemory);
  const events = doc['events'];
  if (!Array.isArray(events)) return;
  for (const e of events) {
    if (!isDoc(e)) continue;
    if (Array.isArray(e['addNode'])) e['addNode'].forEach(nodeMemory);
    else nodeMemory(e['addNode']);
    jobMemory(e['submit']);
  }
}
