/** `nodePools` (§24) written back as the format reads it (normaliseNodePools). */
import type { NodePoolSpec } from '../model/nodePool';
import { usageDBConfigData } from './usageParamsData';

type Data = Record<string, unknown>;

export function nodePoolsData(pools: readonly NodePoolSpec[]): Data[] {
  return pools.map((p) => {
    const out: Data = { name: p.name };
    if (p.labelValue !== '') out['partitionLabelValue'] = p.labelValue;
    const minRuntime: Data = {};
    if (p.preemptMinRuntime !== null) minRuntime['preemptMinRuntime'] = p.preemptMinRuntime;
    if (p.reclaimMinRuntime !== null) minRuntime['reclaimMinRuntime'] = p.reclaimMinRuntime;
    if (Object.keys(minRuntime).length > 0) out['minRuntime'] = minRuntime;
    if (p.kValue !== null) out['kValue'] = p.kValue;
    if (p.plugins.length > 0) {
      const plugins: Data = {};
      for (const o of p.plugins) {
        const entry: Data = {};
        if (o.enabled !== null) entry['enabled'] = o.enabled;
        if (o.arguments !== null) entry['arguments'] = { ...o.arguments };
        plugins[o.name] = entry;
      }
      out['plugins'] = plugins;
    }
    if (p.actions.length > 0) {
      const actions: Data = {};
      for (const o of p.actions) actions[o.name] = o.enabled === null ? {} : { enabled: o.enabled };
      out['actions'] = actions;
    }
    if (p.usage !== undefined) out['usageDBConfig'] = usageDBConfigData(p.usage);
    return out;
  });
}
