/**
 * A snapshot's `config` (upstream `conf.SchedulerConfiguration`, pkg/scheduler/conf/scheduler_conf.go:52-68:
 * `actions` a comma string, `tiers[].plugins[]` of `{name, arguments: map[string]string, disableX?}`) and
 * `schedulerParams` (`conf.SchedulerParams`, scheduler_conf.go:30-49: Go `time.Duration` fields are JSON
 * integers of nanoseconds) as the scenario's `scheduler` (docs/scenario-format.md §2).
 */
import { formatDuration } from '../../../model/duration';
import { NODE_POOL_LABEL_KEY } from '../../../model/nodePool';
import { catalogueOf, clusterImportProfile } from '../../../registry';
import { isData, type Data } from '../FieldTracker';
import { mapSchedulerConf } from '../mapSchedulerConfig';
import type { UnmappedCollector } from './unmappedGroups';

/** Plugins that serve the scheduler's operators, not its decisions: set aside (§17.3). */
const SET_ASIDE_PLUGINS = new Set(['snapshot']);
/** schedulerParams that change no decision (status recording, log detail): set aside (§17.3). */
const SET_ASIDE_PARAMS = new Set([
  'numOfStatusRecordingWorkers',
  'detailedFitErrors',
  'updatePodEvictionCondition',
  'schedulerName',
  'queueLabelKey',
]);

/** Nanoseconds (a Go time.Duration in JSON) as a scenario duration, or null when not a positive integer. */
export function nanosToDuration(ns: unknown): string | null {
  if (typeof ns !== 'number' || !Number.isSafeInteger(ns) || ns <= 0) return null;
  return formatDuration(Math.round(ns / 1e6));
}

export function mapSnapshotConfig(
  config: Data | null,
  params: Data | null,
  unmapped: UnmappedCollector,
  notes: string[],
  startOffset?: (iso: string) => string | null,
): Data {
  const scheduler: Data = {};
  if (config === null)
    notes.push('The snapshot has no config: the scenario uses KAI\u2019s default actions and plugins.');
  else {
    const mapped = mapSchedulerConf(config, 'config', 'config.', false, startOffset);
    for (const u of mapped.unmapped) unmapped.add(u.field, u.reason ?? 'no simulator equivalent', null, '');
    const kai = catalogueOf(clusterImportProfile());
    if (typeof mapped.scheduler.actions === 'string') {
      const actions: string[] = [];
      for (const name of mapped.scheduler.actions
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '')) {
        if (kai.actions.includes(name)) actions.push(name);
        else unmapped.add(`config.actions ${name}`, 'this action is not simulated', null, '');
      }
      scheduler.actions = actions;
    }
    if (Array.isArray(mapped.scheduler.tiers)) {
      const tiers: Data[] = [];
      mapped.scheduler.tiers.forEach((tier: unknown, i) => {
        if (!isData(tier) || !Array.isArray(tier.plugins)) {
          unmapped.add(`config.tiers[${i}]`, 'not a tier ({plugins: [...]})', null, '');
          return;
        }
        const plugins: Data[] = [];
        for (const p of tier.plugins as unknown[]) {
          if (!isData(p) || typeof p.name !== 'string') {
            unmapped.add(`config.tiers[${i}].plugins entry without a name`, 'not a plugin', null, '');
            continue;
          }
          if (!kai.plugins.includes(p.name)) {
            if (!SET_ASIDE_PLUGINS.has(p.name))
              unmapped.add(`config plugin ${p.name}`, 'this plugin is not simulated', null, '');
            continue;
          }
          const plugin: Data = { name: p.name };
          if (isData(p.arguments) && Object.keys(p.arguments).length > 0) plugin.arguments = p.arguments;
          for (const [key, value] of Object.entries(p))
            if (key !== 'name' && key !== 'arguments' && value !== false && value !== null)
              unmapped.add(`config plugin ${p.name} ${key}`, 'plugin switches are not simulated', null, '');
          plugins.push(plugin);
        }
        if (plugins.length > 0) tiers.push({ plugins });
      });
      scheduler.tiers = tiers;
    }
    if (mapped.scheduler.usageDBConfig !== undefined)
      scheduler.usageDBConfig = mapped.scheduler.usageDBConfig;
  }
  if (params !== null) {
    for (const [key, value] of Object.entries(params)) {
      if (SET_ASIDE_PARAMS.has(key)) continue;
      if (key === 'schedulePeriod') {
        const d = nanosToDuration(value);
        if (d !== null) scheduler.schedulePeriod = d;
      } else if (key === 'globalDefaultStalenessGracePeriod') {
        const d = nanosToDuration(value);
        if (d !== null) scheduler.stalenessGracePeriod = d;
      } else if (key === 'maxNumberConsolidationPreemptees') {
        if (typeof value === 'number' && Number.isInteger(value) && value > 0)
          scheduler.maxConsolidationPreemptees = value;
      } else if (key === 'useSchedulingSignatures') {
        // The session's SchedulerParams as JSON with omitempty (scheduler_conf.go:38 @d5bc503): a scheduler
        // at upstream's default (--use-scheduling-signatures=true, options.go:124) writes true; false is left
        // out, and absent stays the lab's default, false (decision 0353).
        if (value === true) scheduler.useSchedulingSignatures = true;
      } else if (key === 'partitionParams') {
        // The shard's partition (snapshotShard.ts, snapshotNodePool.ts): read with KAI's own node-pool label.
        const key = isData(value) ? value.NodePoolLabelKey : undefined;
        if (typeof key === 'string' && key !== '' && key !== NODE_POOL_LABEL_KEY)
          unmapped.add(
            'schedulerParams.partitionParams',
            `the sandbox's node pools use the label ${NODE_POOL_LABEL_KEY}, not ${key}: the shard's nodes, queues and pod groups are imported as one cluster`,
            null,
            '',
          );
      } else if (value !== false && value !== 0 && value !== '' && value !== null) {
        unmapped.add(`schedulerParams.${key}`, 'no simulator equivalent', null, '');
      }
    }
  }
  return scheduler;
}
