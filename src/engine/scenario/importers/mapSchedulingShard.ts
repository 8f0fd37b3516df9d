/**
 * KAI's `SchedulingShard` (kai.scheduler/v1, KAI pkg/apis/kai/v1/schedulingshard_types.go:85-159 and
 * groupversion_info.go:16 @d5bc503) as one entry of the scenario's `nodePools` (docs/scenario-format.md §24,
 * decision 0321). The scenario's pool fields are the shard's spec fields under the same names, so values pass
 * on as written and the scenario parser checks them at `nodePools[i]`. What the sandbox does not model is
 * left unread, with its reason, so the import lists it by document and field path (never dropped silently).
 */
import { isData, type Data, type FieldTracker, type UnmappedField } from './FieldTracker';
import { mapSchedulerConf } from './mapSchedulerConfig';
import { offsetOfStartTime } from '../tumblingStartTime';

/** The kind and API group of the CRD (kai.scheduler/v1; a later version would be read the same way). */
export const SCHEDULING_SHARD_KIND = 'SchedulingShard';
export const SCHEDULING_SHARD_API_VERSION = 'kai.scheduler/v1';

/** Why each spec field the sandbox does not model is listed (decisions 0212, 0214, 0215). */
const NOT_MODELLED: Record<string, string> = {
  args: 'scheduler command-line flags of the shard: the sandbox has no scheduler process',
  goMemLimit: 'the scheduler container memory limit: no scheduling effect',
  goMemLimitRatio: 'the scheduler container memory limit: no scheduling effect',
  placementStrategy:
    'not a pool field in the sandbox: set nodeplacement/gpupack/gpuspread in scheduler.tiers (decision 0215)',
  queueDepthPerAction: 'the sandbox tries every job of a queue in each action',
  scenarioSearchBudgets: 'wall-clock search budgets: the sandbox searches every scenario (deterministic)',
};

const PRIORITY_REASON =
  'priority overrides are not modelled: the sandbox runs plugins and actions in the written order (decision 0214)';

/**
 * One `nodePools` entry from a SchedulingShard. `unmapped` receives the usage database connection fields
 * (the sandbox keeps usage itself); every other field not read stays unused in `t` and is listed by the caller.
 */
export function mapSchedulingShard(t: FieldTracker, unmapped: UnmappedField[]): Data {
  const pool: Data = { name: t.get('metadata.name') };
  const value = t.get('spec.partitionLabelValue');
  // Absent and "" both mean the shard of objects without the label (schedulingshard_types.go:115-117).
  if (value !== undefined && value !== '') pool.partitionLabelValue = value;
  const minRuntime = t.peek('spec.minRuntime');
  if (isData(minRuntime)) {
    if (Object.keys(minRuntime).length === 0) t.use('spec.minRuntime');
    const read: Data = {};
    for (const k of ['preemptMinRuntime', 'reclaimMinRuntime'] as const) {
      const v = t.get(['spec', 'minRuntime', k]);
      if (v !== undefined) read[k] = v;
    }
    pool.minRuntime = read;
  } else if (minRuntime !== undefined) pool.minRuntime = t.get('spec.minRuntime');
  const kValue = t.get('spec.kValue');
  if (kValue !== undefined) pool.kValue = kValue;
  const plugins = readOverrides(t, 'plugins', ['enabled', 'arguments']);
  if (plugins !== undefined) pool.plugins = plugins;
  const actions = readOverrides(t, 'actions', ['enabled']);
  if (actions !== undefined) pool.actions = actions;
  const db = t.peek('spec.usageDBConfig');
  if (db !== undefined) {
    t.use('spec.usageDBConfig');
    // The same reading as the scheduler ConfigMap's usageDBConfig: parameters kept, connection listed.
    const conf = mapSchedulerConf({ usageDBConfig: db }, t.label, 'spec.', false, offsetOfStartTime);
    if (conf.scheduler.usageDBConfig !== undefined) pool.usageDBConfig = conf.scheduler.usageDBConfig;
    for (const u of conf.unmapped) unmapped.push(u);
    if (!isData(db)) pool.usageDBConfig = db;
  }
  for (const [field, reason] of Object.entries(NOT_MODELLED)) t.explain(['spec', field], reason);
  return pool;
}

/** `spec.plugins` or `spec.actions`: each entry's modelled keys; `priority` is explained and left unread. */
function readOverrides(t: FieldTracker, section: 'plugins' | 'actions', keys: string[]): unknown {
  const map = t.peek(['spec', section]);
  // Not a mapping: passed on whole, the scenario parser reports it at its path.
  if (!isData(map)) return map === undefined ? undefined : t.get(['spec', section]);
  const out: Data = {};
  for (const name of Object.keys(map)) {
    const entry = map[name];
    if (!isData(entry)) {
      out[name] = t.get(['spec', section, name]);
      continue;
    }
    // An entry with nothing in it (`elastic: {}`) says nothing: read, not listed.
    if (Object.keys(entry).length === 0) t.use(['spec', section, name]);
    const read: Data = {};
    for (const k of keys) {
      const v = t.get(['spec', section, name, k]);
      if (v !== undefined) read[k] = v;
    }
    t.explain(['spec', section, name, 'priority'], PRIORITY_REASON);
    out[name] = read;
  }
  return out;
}
