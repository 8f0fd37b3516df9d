/**
 * The scheduler configuration of one node pool: what KAI's operator renders for a SchedulingShard. The
 * scenario's `scheduler` stands for the configuration every shard starts from; the pool's own fields are
 * then applied the way `SchedulingShardSpec.setDefaultPlugins`/`setDefaultActions` do (KAI
 * pkg/apis/kai/v1/schedulingshard_types.go:246-332 @d5bc503):
 * - `kValue` becomes the proportion plugin's `kValue` argument (:262-264);
 * - `minRuntime.preemptMinRuntime`/`reclaimMinRuntime` become the minruntime plugin's
 *   `defaultPreemptMinRuntime`/`defaultReclaimMinRuntime` (:266-273): the base of the min-runtime hierarchy
 *   that queues override (the resolver falls back to them, KAI pkg/scheduler/plugins/minruntime/minruntime.go:144,162);
 * - a plugin or action override's `enabled` turns it off or on, and its `arguments` replace the plugin's
 *   arguments whole, the pool's `kValue`/`minRuntime` included (:279-294, :313-329).
 * - the shard's own `usageDBConfig` replaces the inherited one whole (the operator renders the shard's,
 *   pkg/operator/operands/scheduler/resources_for_shard.go:173-177, 265-278 @d5bc503; decision 0247).
 * A plugin or action turned on that the inherited list lacks is inserted where upstream's default
 * priorities place it (:213-244): before the first listed one of lower priority.
 */
import type { NodePoolSpec } from '../../../model/nodePool';
import type { PluginConfig, SchedulerConfig, Tier } from '../../../model/scenario';

/** KAI's default plugin priorities (higher runs first), schedulingshard_types.go:213-236 @d5bc503. */
const PLUGIN_PRIORITY: Readonly<Record<string, number>> = {
  predicates: 1900,
  proportion: 1800,
  priority: 1700,
  elastic: 1300,
  minruntime: 600,
  nodeplacement: 200,
};

/** KAI's default action priorities, schedulingshard_types.go:238-244 @d5bc503. */
const ACTION_PRIORITY: Readonly<Record<string, number>> = {
  allocate: 500,
  consolidation: 400,
  reclaim: 300,
  preempt: 200,
  stalegangeviction: 100,
};

export function poolConfig(base: SchedulerConfig, pool: NodePoolSpec): SchedulerConfig {
  let tiers: Tier[] = base.tiers.map((t) => ({ plugins: t.plugins.map((p) => ({ ...p })) }));
  const defaults: Record<string, Record<string, unknown>> = {};
  if (pool.kValue !== null) defaults['proportion'] = { kValue: pool.kValue };
  const minRuntime: Record<string, unknown> = {};
  if (pool.preemptMinRuntime !== null) minRuntime['defaultPreemptMinRuntime'] = pool.preemptMinRuntime;
  if (pool.reclaimMinRuntime !== null) minRuntime['defaultReclaimMinRuntime'] = pool.reclaimMinRuntime;
  if (Object.keys(minRuntime).length > 0) defaults['minruntime'] = minRuntime;
  // Upstream enables every built-in plugin of a shard unless an override turns it off, so a pool's kValue
  // or minRuntime reaches its plugin even when the inherited list lacks it.
  for (const [name, args] of Object.entries(defaults)) {
    tiers = withPlugin(tiers, name);
    for (const p of allPlugins(tiers)) if (p.name === name) p.arguments = { ...p.arguments, ...args };
  }
  for (const o of pool.plugins) {
    if (o.enabled === false)
      tiers = tiers.map((t) => ({ plugins: t.plugins.filter((p) => p.name !== o.name) }));
    else if (o.enabled === true) tiers = withPlugin(tiers, o.name);
    if (o.arguments !== null)
      for (const p of allPlugins(tiers)) if (p.name === o.name) p.arguments = { ...o.arguments };
  }
  let actions = [...base.actions];
  for (const o of pool.actions) {
    if (o.enabled === false) actions = actions.filter((a) => a !== o.name);
    else if (o.enabled === true && !actions.includes(o.name))
      actions = insertByPriority(actions, o.name, (a) => ACTION_PRIORITY[a] ?? 0);
  }
  const config: SchedulerConfig = { ...base, tiers, actions };
  if (pool.usage !== undefined) config.usage = pool.usage;
  return config;
}

function allPlugins(tiers: readonly Tier[]): PluginConfig[] {
  return tiers.flatMap((t) => t.plugins);
}

/** `tiers` with plugin `name` present (inserted by upstream's default priority when absent). */
function withPlugin(tiers: Tier[], name: string): Tier[] {
  if (allPlugins(tiers).some((p) => p.name === name)) return tiers;
  const plugin: PluginConfig = { name, arguments: {}, flags: {} };
  const rank = PLUGIN_PRIORITY[name] ?? 0;
  for (const tier of tiers) {
    const at = tier.plugins.findIndex((p) => (PLUGIN_PRIORITY[p.name] ?? 0) < rank);
    if (at >= 0) {
      tier.plugins.splice(at, 0, plugin);
      return tiers;
    }
  }
  const last = tiers[tiers.length - 1];
  if (last) last.plugins.push(plugin);
  else tiers.push({ plugins: [plugin] });
  return tiers;
}

function insertByPriority(list: string[], name: string, rank: (n: string) => number): string[] {
  const at = list.findIndex((n) => rank(n) < rank(name));
  return at < 0 ? [...list, name] : [...list.slice(0, at), name, ...list.slice(at)];
}
