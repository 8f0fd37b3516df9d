/**
 * Scheduler configuration ConfigMaps: Volcano's `volcano-scheduler.conf` and KAI's scheduler config
 * (`config.yaml`), both `actions: "a, b"` plus `tiers: [{plugins: [{name, arguments?, enableX?}]}]`.
 */
import type { Data, FieldTracker, UnmappedField } from './FieldTracker';
import { isData } from './FieldTracker';
import { readYamlValue, type AliasBudget } from './readKubernetesDocuments';
import { offsetOfStartTime } from '../tumblingStartTime';
import { moduleOf, profileReadingConfig, type Profile } from '../../registry';

export const VOLCANO_CONF_KEY = 'volcano-scheduler.conf';
export const KAI_CONF_KEYS = ['config.yaml', 'scheduler-config.yaml'] as const;

const DOCUMENT_KEYS = new Set(['apiVersion', 'kind']);

export interface MappedConfig {
  profile: Profile;
  scheduler: Data;
  /** Sections of the configuration text the simulator has no input for. */
  unmapped: UnmappedField[];
  /** The keys the profile's block reads (ProfileKubernetesObjects.configurationKeys), as written. */
  block: { document: string; prefix: string; data: Data };
}

/** The configuration in a ConfigMap, or null when it holds none (then every key is listed as unmapped). */
export function mapSchedulerConfigMap(
  t: FieldTracker,
  errors: string[],
  budget: AliasBudget,
): MappedConfig | null {
  const data = t.peek('data');
  if (!isData(data)) return null;
  // Volcano's key first, then KAI's (a ConfigMap holding both is read as Volcano's), then any other
  // profile's (Kueue's controller_manager_config.yaml).
  const key =
    [VOLCANO_CONF_KEY, ...KAI_CONF_KEYS].find((k) => Object.hasOwn(data, k)) ??
    Object.keys(data).find((k) => profileReadingConfig(k) !== null);
  const profile = key === undefined ? null : profileReadingConfig(key);
  if (key === undefined || profile === null) return null;
  const text = t.get(['data', key]);
  const read =
    typeof text === 'string'
      ? readYamlValue(text, `${t.label}: data.${key}`, budget)
      : { ok: true as const, value: null };
  if (!read.ok) {
    errors.push(read.error);
    return null;
  }
  const conf = read.value;
  if (!isData(conf)) {
    errors.push(`${t.label}: data.${key} holds no configuration`);
    return null;
  }
  // A timestamp tumbling start is read with the Kubernetes export's t=0 (tumblingStartTime.ts, decision 0248).
  // Keys the profile's block reads (Kueue's fairSharing) go to its object reader, not to the unmapped list.
  const blockKeys = new Set(moduleOf(profile).kubernetes.objects?.configurationKeys ?? []);
  const prefix = `data.${key} → `;
  const block: Data = {};
  for (const k of Object.keys(conf)) if (blockKeys.has(k)) block[k] = conf[k];
  const rest: Data = {};
  for (const k of Object.keys(conf)) if (!blockKeys.has(k)) rest[k] = conf[k];
  const { scheduler, unmapped } = mapSchedulerConf(
    rest,
    t.label,
    prefix,
    key === VOLCANO_CONF_KEY,
    offsetOfStartTime,
  );
  return { profile, scheduler, unmapped, block: { document: t.label, prefix, data: block } };
}

/**
 * A scheduler configuration already read (a ConfigMap's text, or the `config` of a KAI snapshot, which is
 * upstream's `conf.SchedulerConfiguration` as JSON): actions, tiers and KAI's usage parameters; every other
 * key is listed as unmapped at `<document> <prefix><key>`.
 */
export function mapSchedulerConf(
  conf: Data,
  document: string,
  prefix: string,
  volcano: boolean,
  /** A snapshot's "now" (t=0, §17.2): turns a timestamp `tumblingWindowStartTime` into an offset from it. */
  startOffset?: (iso: string, windowSize: unknown) => string | null,
): { scheduler: Data; unmapped: UnmappedField[] } {
  const scheduler: Data = {};
  if (typeof conf.actions === 'string' || Array.isArray(conf.actions)) scheduler.actions = conf.actions;
  if (Array.isArray(conf.tiers)) scheduler.tiers = conf.tiers;
  const unmapped = Object.keys(conf)
    // apiVersion and kind name the configuration document (Kueue's Configuration), not a setting.
    .filter((k) => !DOCUMENT_KEYS.has(k))
    .filter((k) => k !== 'actions' && k !== 'tiers' && !(k === 'usageDBConfig' && !volcano))
    .map((k) => ({ document, field: `${prefix}${k}`, reason: 'no simulator equivalent' }));
  // KAI's time-based fair share: the usage parameters map; the database connection has no simulator
  // equivalent (the sandbox keeps the usage itself from simulated time).
  if (!volcano && isData(conf.usageDBConfig)) {
    const db = conf.usageDBConfig;
    if (isData(db.usageParams)) {
      const params = { ...db.usageParams };
      // Upstream writes the tumbling start as a timestamp; the scenario's times are offsets from t=0.
      const start = params.tumblingWindowStartTime;
      const offset = typeof start === 'string' && startOffset ? startOffset(start, params.windowSize) : null;
      if (offset !== null) params.tumblingWindowStartTime = offset;
      scheduler.usageDBConfig = { usageParams: params };
    }
    for (const k of Object.keys(db).filter((k) => k !== 'usageParams'))
      unmapped.push({
        document,
        field: `${prefix}usageDBConfig.${k}`,
        reason: 'the sandbox keeps usage itself from simulated time',
      });
  }
  return { scheduler, unmapped };
}
