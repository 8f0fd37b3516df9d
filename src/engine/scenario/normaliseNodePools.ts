/**
 * `nodePools` (§24): KAI SchedulingShards in compact form. Each entry is read as the shard's spec is
 * (KAI pkg/apis/kai/v1/schedulingshard_types.go:86-154 @d5bc503): `name`, `partitionLabelValue`,
 * `minRuntime`, `kValue`, `plugins` and `actions` overrides, and `usageDBConfig` (read as
 * `scheduler.usageDBConfig` is: each shard's scheduler has its own usage lister, decision 0247); the fields
 * the sandbox does not model (`args`, `placementStrategy`, `queueDepthPerAction`, …) are unknown fields, and a
 * plugin or action `priority` is refused (the order is the one of `scheduler.tiers` and `actions`).
 */
import { z } from 'zod';
import type { NodePoolSpec, PoolActionOverride, PoolPluginOverride } from '../model/nodePool';
import { accepts, catalogueOf } from '../registry';
import type { NormaliseContext } from './NormaliseContext';
import { quote, type FieldPath } from './fieldPath';
import { cloneData } from './ownEntries';
import { isMapping, readFields } from './readFields';
import {
  booleanSchema,
  describeValue,
  durationSchema,
  mapping,
  nameSchema,
  nested,
  nodePoolLabelSchema,
  type FieldTable,
} from './schema';
import { checkPluginArguments } from './normaliseScheduler';
import { normaliseUsageDBConfig } from './normaliseUsageDBConfig';
import { MAX_NODE_POOL_OVERRIDES, MAX_NODE_POOLS } from './limits';

const NODE_POOL_FIELDS = {
  name: nameSchema,
  partitionLabelValue: z.union([z.literal(''), nodePoolLabelSchema]),
  minRuntime: nested,
  // Any finite number, as the proportion plugin's kValue (normaliseUsageDBConfig.ts, no cap upstream).
  kValue: z.number().finite(),
  plugins: mapping,
  actions: mapping,
  usageDBConfig: nested,
} satisfies FieldTable;

const MIN_RUNTIME_FIELDS = {
  preemptMinRuntime: durationSchema(),
  reclaimMinRuntime: durationSchema(),
} satisfies FieldTable;

const PLUGIN_OVERRIDE_FIELDS = {
  enabled: booleanSchema,
  priority: nested,
  arguments: mapping,
} satisfies FieldTable;

const ACTION_OVERRIDE_FIELDS = { enabled: booleanSchema, priority: nested } satisfies FieldTable;

/** The pools as written; [] when absent. Refused outside profile `kai` (Volcano has no shards). */
export function normaliseNodePools(raw: unknown, ctx: NormaliseContext): NodePoolSpec[] {
  const path: FieldPath = ['nodePools'];
  if (!Array.isArray(raw)) return [];
  if (!accepts(ctx.profile, 'nodePools')) {
    ctx.sink.report(
      'invalid-value',
      path,
      `node pools are KAI scheduling shards; profile ${ctx.profile} has none (remove nodePools)`,
    );
    return [];
  }
  if (raw.length > MAX_NODE_POOLS) {
    ctx.sink.report('too-large', path, `at most ${MAX_NODE_POOLS} node pools, got ${raw.length}`);
    return [];
  }
  const pools: NodePoolSpec[] = [];
  const names = new Set<string>();
  const values = new Map<string, string>();
  raw.forEach((entry, i) => {
    const pool = normalisePool(entry, [...path, i], ctx);
    if (pool === null) return;
    if (names.has(pool.name)) {
      ctx.sink.report(
        'duplicate-name',
        [...path, i, 'name'],
        `node pool ${quote(pool.name)} is already listed`,
      );
      return;
    }
    const other = values.get(pool.labelValue);
    if (other !== undefined) {
      ctx.sink.report(
        'duplicate-name',
        [...path, i, 'partitionLabelValue'],
        pool.labelValue === ''
          ? `node pools ${quote(other)} and ${quote(pool.name)} both take the unlabelled objects (no partitionLabelValue)`
          : `node pool ${quote(other)} already has partitionLabelValue ${quote(pool.labelValue)}`,
      );
      return;
    }
    names.add(pool.name);
    values.set(pool.labelValue, pool.name);
    pools.push(pool);
  });
  return pools;
}

function normalisePool(raw: unknown, path: FieldPath, ctx: NormaliseContext): NodePoolSpec | null {
  const f = readFields(raw, path, NODE_POOL_FIELDS, ctx.sink, {
    required: ['name'],
    what: 'a node pool ({name, partitionLabelValue?, minRuntime?, kValue?, plugins?, actions?, usageDBConfig?})',
  });
  if (f === null || f.name === undefined) return null;
  const pool: NodePoolSpec = {
    name: f.name,
    labelValue: f.partitionLabelValue ?? '',
    preemptMinRuntime: null,
    reclaimMinRuntime: null,
    kValue: f.kValue ?? null,
    plugins: [],
    actions: [],
  };
  if (f.minRuntime !== undefined) {
    const m = readFields(f.minRuntime, [...path, 'minRuntime'], MIN_RUNTIME_FIELDS, ctx.sink, {
      what: 'a minimum runtime ({preemptMinRuntime?, reclaimMinRuntime?})',
    });
    // Kept as written: KAI passes the text on as the minruntime plugin's argument, which parses it.
    const written = f.minRuntime as Record<string, unknown>;
    if (m?.preemptMinRuntime !== undefined)
      pool.preemptMinRuntime = durationText(written['preemptMinRuntime']);
    if (m?.reclaimMinRuntime !== undefined)
      pool.reclaimMinRuntime = durationText(written['reclaimMinRuntime']);
  }
  if (f.plugins !== undefined) pool.plugins = readPluginOverrides(f.plugins, [...path, 'plugins'], ctx);
  if (f.actions !== undefined) pool.actions = readActionOverrides(f.actions, [...path, 'actions'], ctx);
  if (f.usageDBConfig !== undefined) {
    const usage = normaliseUsageDBConfig(f.usageDBConfig, [...path, 'usageDBConfig'], ctx);
    if (usage !== null) pool.usage = usage;
  }
  return pool;
}

function durationText(value: unknown): string {
  return typeof value === 'string' ? value : '0s';
}

function overrideEntries(raw: Record<string, unknown>, path: FieldPath, ctx: NormaliseContext) {
  const entries = Object.entries(raw);
  if (entries.length <= MAX_NODE_POOL_OVERRIDES) return entries;
  ctx.sink.report('too-large', path, `at most ${MAX_NODE_POOL_OVERRIDES} entries, got ${entries.length}`);
  return [];
}

function readPluginOverrides(
  raw: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): PoolPluginOverride[] {
  const out: PoolPluginOverride[] = [];
  for (const [name, value] of overrideEntries(raw, path, ctx)) {
    const at = [...path, name];
    if (!catalogueOf(ctx.profile).plugins.includes(name)) {
      ctx.sink.report(
        'unknown-plugin',
        at,
        `plugin ${quote(name)} is not available in profile ${ctx.profile} (available: ${catalogueOf(ctx.profile).plugins.join(', ')})`,
      );
      continue;
    }
    const f = readFields(value ?? {}, at, PLUGIN_OVERRIDE_FIELDS, ctx.sink, {
      what: 'a plugin override ({enabled?, arguments?})',
    });
    if (f === null) continue;
    if (f.priority !== undefined) reportPriority(at, ctx);
    const args = f.arguments === undefined ? null : (cloneData(f.arguments) as Record<string, unknown>);
    if (args !== null) checkPluginArguments(name, args, [...at, 'arguments'], ctx);
    out.push({ name, enabled: f.enabled ?? null, arguments: args });
  }
  return out;
}

function readActionOverrides(
  raw: Record<string, unknown>,
  path: FieldPath,
  ctx: NormaliseContext,
): PoolActionOverride[] {
  const out: PoolActionOverride[] = [];
  for (const [name, value] of overrideEntries(raw, path, ctx)) {
    const at = [...path, name];
    if (!catalogueOf(ctx.profile).actions.includes(name)) {
      ctx.sink.report(
        'unknown-action',
        at,
        `action ${quote(name)} is not available in profile ${ctx.profile} (available: ${catalogueOf(ctx.profile).actions.join(', ')})`,
      );
      continue;
    }
    if (value !== null && !isMapping(value)) {
      ctx.sink.report(
        'wrong-type',
        at,
        `expected an action override ({enabled?}), got ${describeValue(value)}`,
      );
      continue;
    }
    const f = readFields(value ?? {}, at, ACTION_OVERRIDE_FIELDS, ctx.sink);
    if (f === null) continue;
    if (f.priority !== undefined) reportPriority(at, ctx);
    out.push({ name, enabled: f.enabled ?? null });
  }
  return out;
}

function reportPriority(path: FieldPath, ctx: NormaliseContext): void {
  ctx.sink.report(
    'invalid-value',
    [...path, 'priority'],
    'priority reorders plugins and actions, which the sandbox does not model: the order is the one of scheduler.tiers and scheduler.actions',
  );
}
