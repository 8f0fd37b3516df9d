/**
 * Property (issue 21, decisions 0321-0322): after any import, every node belongs to exactly one node pool,
 * and no node is lost or doubled. Checked on seeded random clusters imported two ways: one KAI snapshot
 * per shard merged (§17.8), and Kubernetes YAML with SchedulingShard objects (§12, §24).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes } from '../../../scenario/importers/cluster/importClusterFile';
import { importKubernetesYaml } from '../../../scenario/importers/importKubernetesYaml';
import { parseScenario } from '../../../scenario/parseScenario';
import { poolLabelValue, poolsOf } from '../../../model/nodePool';
import type { Scenario } from '../../../model/scenario';
import { mulberry32 } from '../../../testing/mulberry32';
import { mergeShardSnapshots } from './mergeShardSnapshots';

type Json = Record<string, unknown>;
const POOL = 'kai.scheduler/node-pool';
const FIXTURE = join(
  __dirname,
  '../../../scenario/importers/cluster/fixtures/reclaim-min-runtime.snapshot.json',
);
const SEEDS = 30;

interface Cluster {
  /** Shard label values ('' = the default shard), 1 to 3 of them. */
  values: string[];
  /** Node name → its shard's value. */
  nodes: Map<string, string>;
}

function randomCluster(seed: number): Cluster {
  const next = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
  const values = ['', 'a100', 'h100', 'l4'].filter(() => next() < 0.6);
  if (values.length === 0) values.push(pick(['', 'a100']));
  const nodes = new Map<string, string>();
  const count = 1 + Math.floor(next() * 6);
  for (let i = 0; i < count; i++) nodes.set(`node-${i}`, pick(values));
  return { values, nodes };
}

/** The snapshot the scheduler of shard `value` takes of the cluster (no workloads: nodes and queues). */
function snapshotOf(c: Cluster, value: string): Uint8Array {
  const s = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json;
  s.schedulerParams = {
    ...(s.schedulerParams as Json),
    partitionParams: { NodePoolLabelKey: POOL, NodePoolLabelValue: value },
  };
  const raw = s.rawObjects as Record<string, Json[]>;
  const template = raw.nodes?.[0] as Json;
  const labels = (v: string) => (v === '' ? {} : { [POOL]: v });
  raw.nodes = [...c.nodes].map(([name, v]) => {
    const node = structuredClone(template);
    node.metadata = { ...(node.metadata as Json), name, labels: labels(v) };
    return node;
  });
  raw.queues = c.values.map((v) => ({
    metadata: { name: `q-${v || 'default'}`, labels: labels(v) },
    spec: { resources: {} },
  }));
  raw.podGroups = [];
  raw.pods = [];
  return strToU8(JSON.stringify(s));
}

function parsed(text: string): Scenario {
  const p = parseScenario(text);
  if (!p.ok) throw new Error(p.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return p.scenario;
}

/** Every node of `c` is in the scenario once, and exactly one running pool lists it. */
function expectOnePoolEach(s: Scenario, c: Cluster): void {
  expect(s.nodes.map((n) => n.name).sort()).toEqual([...c.nodes.keys()].sort());
  const pools = poolsOf(s.nodePools);
  for (const node of s.nodes) {
    const value = poolLabelValue(node.labels);
    expect(value).toBe(c.nodes.get(node.name));
    // Without pools one scheduler lists every node; with pools exactly one pool's value is the node's.
    const owners = pools.length === 0 ? 1 : pools.filter((p) => p.labelValue === value).length;
    expect(owners, `${node.name} (${value})`).toBe(1);
  }
}

describe('a node belongs to exactly one pool after any import', () => {
  it(`one snapshot per shard, merged (${SEEDS} seeded clusters)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const c = randomCluster(seed);
      const snapshots = c.values.map((v) => {
        const file = `shard-${v || 'default'}.json`;
        const result = importClusterBytes(snapshotOf(c, v), { fileName: file });
        if (!result.ok) throw new Error(result.errors.join('\n'));
        return { file, result };
      });
      const only = snapshots[0];
      if (snapshots.length === 1 && only !== undefined) {
        // One shard's snapshot alone holds only that shard's nodes.
        const s = parsed(only.result.text);
        const mine = new Map([...c.nodes].filter(([, v]) => v === c.values[0]));
        expectOnePoolEach(s, { values: c.values, nodes: mine });
        continue;
      }
      const merged = mergeShardSnapshots(snapshots);
      if (!merged.ok) throw new Error(`seed ${seed}: ${merged.errors.join('\n')}`);
      expectOnePoolEach(parsed(merged.text), c);
    }
  });

  it(`Kubernetes YAML with SchedulingShards (${SEEDS} seeded clusters)`, () => {
    for (let seed = 1; seed <= SEEDS; seed++) {
      const c = randomCluster(seed + 1000);
      const shards = c.values.map(
        (v) =>
          `apiVersion: kai.scheduler/v1\nkind: SchedulingShard\nmetadata: {name: shard-${v || 'default'}}\nspec: {partitionLabelValue: "${v}"}\n`,
      );
      const nodes = [...c.nodes].map(
        ([name, v]) =>
          `apiVersion: v1\nkind: Node\nmetadata: {name: ${name}${v === '' ? '' : `, labels: {${POOL}: ${v}}`}}\nstatus: {allocatable: {nvidia.com/gpu: "8"}}\n`,
      );
      const result = importKubernetesYaml([...shards, ...nodes].join('---\n'));
      if (!result.ok) throw new Error(result.errors.join('\n'));
      expect(result.unmapped).toEqual([]);
      expectOnePoolEach(parsed(result.text), c);
    }
  });
});
