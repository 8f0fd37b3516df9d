/**
 * KAI `SchedulingShard` objects in a Kubernetes YAML import (§12, §24, decision 0321): each becomes a
 * `nodePools` entry; the fields the sandbox does not model are listed at their path; the export writes the
 * pools back as SchedulingShards. The operator's merge tests that state a mapping are translated with their
 * upstream source named in each case.
 */
import { describe, expect, it } from 'vitest';
import { poolConfig } from '../../profiles/kai/nodePools/poolConfig';
import type { Scenario } from '../../model/scenario';
import { parseScenario } from '../parseScenario';
import { exportKubernetesYaml } from '../exporters/exportKubernetesYaml';
import { importKubernetesYaml } from './importKubernetesYaml';

const shard = (name: string, spec: string) =>
  `apiVersion: kai.scheduler/v1\nkind: SchedulingShard\nmetadata: {name: ${name}}\nspec:\n${spec}\n---\n`;
const NODES = `apiVersion: v1
kind: Node
metadata: {name: a0, labels: {kai.scheduler/node-pool: a100}}
status: {allocatable: {nvidia.com/gpu: "8"}}
---
apiVersion: v1
kind: Node
metadata: {name: d0}
status: {allocatable: {nvidia.com/gpu: "8"}}
`;

function imported(text: string) {
  const result = importKubernetesYaml(text);
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return result;
}

function scenarioOf(text: string): Scenario {
  const parsed = parseScenario(imported(text).text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return parsed.scenario;
}

/** The rendered minruntime/proportion arguments of the scenario's first pool. */
function pluginArguments(s: Scenario, plugin: string): unknown {
  const pool = s.nodePools?.[0];
  if (pool === undefined) throw new Error('no pool');
  const config = poolConfig(s.scheduler, pool);
  return config.tiers.flatMap((t) => t.plugins).find((p) => p.name === plugin)?.arguments;
}

describe('SchedulingShard import', () => {
  it('maps name, partitionLabelValue, minRuntime, kValue, plugin and action overrides to a node pool', () => {
    const result = imported(
      shard(
        'a100-shard',
        `  partitionLabelValue: a100
  minRuntime: {preemptMinRuntime: 10m, reclaimMinRuntime: 5m}
  kValue: 1.5
  plugins: {minruntime: {arguments: {reclaimResolveMethod: queue}}, elastic: {enabled: false}}
  actions: {consolidation: {enabled: false}}`,
      ) + NODES,
    );
    expect(result.scenario.profile).toBe('kai');
    expect(result.scenario.nodePools).toEqual([
      {
        name: 'a100-shard',
        partitionLabelValue: 'a100',
        minRuntime: { preemptMinRuntime: '10m', reclaimMinRuntime: '5m' },
        kValue: 1.5,
        plugins: {
          minruntime: { arguments: { reclaimResolveMethod: 'queue' } },
          elastic: { enabled: false },
        },
        actions: { consolidation: { enabled: false } },
      },
    ]);
    expect(result.unmapped).toEqual([]);
  });

  it('lists what the sandbox does not model at its path, with the reason (docs/operator/scheduling-shards.md:32-60)', () => {
    // x-source: KAI docs/operator/scheduling-shards.md:32-60 @d5bc503, "Advanced Shard Configuration".
    const result = imported(
      shard(
        'gpu-shard',
        `  partitionLabelValue: gpu-nodes
  args: {leader-elect: "true", v: "3"}
  placementStrategy: {gpu: binpack, cpu: binpack}
  queueDepthPerAction: {preempt: 15, reclaim: 8, allocate: 25}
  minRuntime: {preemptMinRuntime: "10m", reclaimMinRuntime: "5m"}
  goMemLimitRatio: 0.85
  plugins: {proportion: {priority: 50}}`,
      ),
    );
    expect(result.scenario.nodePools).toEqual([
      {
        name: 'gpu-shard',
        partitionLabelValue: 'gpu-nodes',
        minRuntime: { preemptMinRuntime: '10m', reclaimMinRuntime: '5m' },
        plugins: { proportion: {} },
      },
    ]);
    const listed = result.unmapped.map((u) => `${u.document} ${u.field}`);
    expect(listed).toEqual([
      'SchedulingShard/gpu-shard spec.args.leader-elect',
      'SchedulingShard/gpu-shard spec.args.v',
      'SchedulingShard/gpu-shard spec.placementStrategy.gpu',
      'SchedulingShard/gpu-shard spec.placementStrategy.cpu',
      'SchedulingShard/gpu-shard spec.queueDepthPerAction.preempt',
      'SchedulingShard/gpu-shard spec.queueDepthPerAction.reclaim',
      'SchedulingShard/gpu-shard spec.queueDepthPerAction.allocate',
      'SchedulingShard/gpu-shard spec.goMemLimitRatio',
      'SchedulingShard/gpu-shard spec.plugins.proportion.priority',
    ]);
    expect(result.unmapped.find((u) => u.field === 'spec.plugins.proportion.priority')?.reason).toMatch(
      /priority overrides are not modelled/,
    );
    expect(result.text).toContain('# Not mapped: SchedulingShard/gpu-shard spec.args.v');
  });

  it('keeps usage parameters and lists the database connection (examples/time-based-fairshare)', () => {
    // x-source: KAI examples/time-based-fairshare/scheduling-shard-external-prometheus.yaml @d5bc503.
    const result = imported(
      shard(
        'default',
        `  kValue: 1.0
  usageDBConfig:
    clientType: prometheus
    connectionString: http://prometheus:9090
    usageParams: {windowSize: 168h, windowType: sliding, halfLifePeriod: 2h, fetchInterval: 1m}`,
      ) + NODES,
    );
    expect(result.scenario.nodePools).toEqual([
      {
        name: 'default',
        kValue: 1,
        usageDBConfig: {
          usageParams: {
            windowSize: '168h',
            windowType: 'sliding',
            halfLifePeriod: '2h',
            fetchInterval: '1m',
          },
        },
      },
    ]);
    expect(result.unmapped.map((u) => u.field)).toEqual([
      'spec.usageDBConfig.clientType',
      'spec.usageDBConfig.connectionString',
    ]);
  });

  it('a bad field is an error at the pool path, not a crash', () => {
    const parsed = parseScenario(
      imported(shard('x', `  partitionLabelValue: "bad value!"\n  kValue: fast`) + NODES).text,
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.path)).toEqual(
      expect.arrayContaining(['nodePools[0].partitionLabelValue', 'nodePools[0].kValue']),
    );
  });
});

describe('the operator merge tests, through an imported shard', () => {
  const binpack = `  partitionLabelValue: a100\n  placementStrategy: {gpu: binpack, cpu: binpack}\n`;
  it('TestSetDefaultPlugins_WithMinRuntime: minRuntime becomes minruntime defaults', () => {
    // x-source: KAI pkg/operator/operands/scheduler/plugin_action_merge_test.go:90-107 @d5bc503.
    const s = scenarioOf(
      shard('s', `${binpack}  minRuntime: {preemptMinRuntime: 5m, reclaimMinRuntime: 10m}`) + NODES,
    );
    expect(pluginArguments(s, 'minruntime')).toEqual({
      defaultPreemptMinRuntime: '5m',
      defaultReclaimMinRuntime: '10m',
    });
  });

  it('TestSetDefaultPlugins_WithKValue: kValue becomes proportion kValue', () => {
    // x-source: KAI pkg/operator/operands/scheduler/plugin_action_merge_test.go:77-88 @d5bc503
    // (upstream renders the string "1.5"; the sandbox keeps the number).
    const s = scenarioOf(shard('s', `${binpack}  kValue: 1.5`) + NODES);
    expect(pluginArguments(s, 'proportion')).toEqual({ kValue: 1.5 });
  });

  it('TestSetDefaultPlugins_OverrideArguments: plugin arguments replace kValue whole', () => {
    // x-source: KAI pkg/operator/operands/scheduler/plugin_action_merge_test.go:212-226 @d5bc503.
    const s = scenarioOf(
      shard('s', `${binpack}  kValue: 1.5\n  plugins: {proportion: {arguments: {kValue: "3.0"}}}`) + NODES,
    );
    expect(pluginArguments(s, 'proportion')).toEqual({ kValue: '3.0' });
  });
});

describe('SchedulingShard export', () => {
  it('writes each pool as a SchedulingShard that imports back to the same pools', () => {
    const text = `version: 1
profile: kai
nodePools:
  - name: a100-shard
    partitionLabelValue: a100
    minRuntime: { preemptMinRuntime: 10m }
    kValue: 2
    plugins: { minruntime: { arguments: { reclaimResolveMethod: queue } }, elastic: { enabled: false } }
    actions: { consolidation: { enabled: false } }
    usageDBConfig: { usageParams: { windowSize: 1h, halfLifePeriod: 10m, tumblingWindowStartTime: 5m, windowType: tumbling } }
  - { name: rest }
nodes:
  - { name: a0, resources: { gpu: 8 }, labels: { kai.scheduler/node-pool: a100 } }
  - { name: d0, resources: { gpu: 8 } }
queues:
  - { name: q, nodePool: a100 }
jobs:
  - { name: j, queue: q, nodePool: a100, resources: { gpu: 1 } }
`;
    const parsed = parseScenario(text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const yaml = exportKubernetesYaml(parsed.scenario);
    expect(yaml).toContain('kind: SchedulingShard');
    // The carrier no longer holds the pools: the objects do.
    expect(yaml).not.toMatch(/nodePools/);
    // KAI reads the tumbling start as a timestamp (decision 0248).
    expect(yaml).toContain('tumblingWindowStartTime: "2000-01-01T00:05:00Z"');
    const back = imported(yaml);
    expect(back.unmapped).toEqual([]);
    const again = parseScenario(back.text);
    if (!again.ok) throw new Error(JSON.stringify(again.errors));
    expect(again.scenario.nodePools).toEqual(parsed.scenario.nodePools);
  });
});
