/**
 * KAI node pools (scheduling shards, docs/scenario-format.md §24): each pool is a scheduler of its own over
 * the nodes, queues and jobs labelled with its partition label value. Plain data; the KAI profile derives a
 * pool's configuration from it (profiles/kai/nodePools).
 */

import type { UsageParams } from './scenario';

/**
 * The label that assigns nodes, queues and pod groups to a pool: KAI's default `--nodepool-label-key`
 * (KAI pkg/common/constants/constants.go `DefaultNodePoolLabelKey` @d5bc503).
 */
export const NODE_POOL_LABEL_KEY = 'kai.scheduler/node-pool';

/** Name of the pool the sandbox adds when no pool selects unlabelled objects (KAI's Helm `default` shard). */
export const DEFAULT_NODE_POOL_NAME = 'default';

/** A shard's override of one plugin (KAI `PluginConfig`; `priority` is not modelled). */
export interface PoolPluginOverride {
  name: string;
  /** null = keep the inherited state. */
  enabled: boolean | null;
  /** null = keep the inherited arguments; an object replaces them whole (upstream). */
  arguments: Record<string, unknown> | null;
}

/** A shard's override of one action (KAI `ActionConfig`; `priority` is not modelled). */
export interface PoolActionOverride {
  name: string;
  enabled: boolean | null;
}

export interface NodePoolSpec {
  /** The SchedulingShard's name. */
  name: string;
  /** `partitionLabelValue`; '' = the pool of objects without the label (KAI's default shard). */
  labelValue: string;
  /** `minRuntime.preemptMinRuntime`, as written (a Go duration); null = not set. */
  preemptMinRuntime: string | null;
  /** `minRuntime.reclaimMinRuntime`, as written; null = not set. */
  reclaimMinRuntime: string | null;
  /** `kValue` of the proportion plugin; null = not set. */
  kValue: number | null;
  plugins: PoolPluginOverride[];
  actions: PoolActionOverride[];
  /**
   * The shard's own `usageDBConfig.usageParams` (KAI schedulingshard_types.go:131-133 @d5bc503): its
   * scheduler's usage lister fetches with these (decision 0247). Absent = the `scheduler`'s, inherited.
   */
  usage?: UsageParams;
}

/** The pool label value of an object's labels ('' when absent: the default pool). */
export function poolLabelValue(labels: Readonly<Record<string, string>>): string {
  return Object.hasOwn(labels, NODE_POOL_LABEL_KEY) ? (labels[NODE_POOL_LABEL_KEY] ?? '') : '';
}

/**
 * The pools that run: those declared, plus a `default` pool over the unlabelled objects when none of them
 * takes those (KAI's Helm chart always installs that shard: deployments/kai-scheduler/templates/
 * default-shard.yaml:5-13 @d5bc503). Empty when the scenario declares no pools (one scheduler).
 */
export function poolsOf(declared: readonly NodePoolSpec[] | undefined): NodePoolSpec[] {
  if (declared === undefined || declared.length === 0) return [];
  if (declared.some((p) => p.labelValue === '')) return [...declared];
  const name = declared.some((p) => p.name === DEFAULT_NODE_POOL_NAME) ? '(default)' : DEFAULT_NODE_POOL_NAME;
  const implicit: NodePoolSpec = {
    name,
    labelValue: '',
    preemptMinRuntime: null,
    reclaimMinRuntime: null,
    kValue: null,
    plugins: [],
    actions: [],
  };
  return [implicit, ...declared];
}
