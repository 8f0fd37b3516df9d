/**
 * One KAI snapshot per scheduling shard, merged into one scenario with node pools (§17.8, decision 0322):
 * the join, each shard's configuration as its pool's overrides, and the errors when snapshots disagree.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importClusterBytes } from '../../../scenario/importers/cluster/importClusterFile';
import { parseScenario } from '../../../scenario/parseScenario';
import type { Scenario } from '../../../model/scenario';
import { mergeShardSnapshots, type ShardSnapshot } from './mergeShardSnapshots';
import { shardSnapshot } from '../../../testing/kaiSnapshot/shardSnapshots';

type Json = Record<string, unknown>;
const POOL = 'kai.scheduler/node-pool';
const FIXTURE = join(
  __dirname,
  '../../../scenario/importers/cluster/fixtures/reclaim-min-runtime.snapshot.json',
);

const raw = (s: Json) => s.rawObjects as Record<string, Json[]>;
const meta = (o: Json) => o.metadata as Json;

/** One cluster with two shards (shardSnapshots.ts); `value` says which shard's scheduler took the snapshot. */
const clusterSnapshot = (value: string): Json =>
  shardSnapshot(JSON.parse(readFileSync(FIXTURE, 'utf8')) as Json, value);

function imported(file: string, s: Json): ShardSnapshot {
  const result = importClusterBytes(strToU8(JSON.stringify(s)), { fileName: file });
  if (!result.ok) throw new Error(result.errors.join('\n'));
  return { file, result };
}

function merged(...snapshots: ShardSnapshot[]): Scenario {
  const m = mergeShardSnapshots(snapshots);
  if (!m.ok) throw new Error(m.errors.join('\n'));
  const parsed = parseScenario(m.text);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
  return parsed.scenario;
}

function mergeErrors(...snapshots: ShardSnapshot[]): string[] {
  const m = mergeShardSnapshots(snapshots);
  if (m.ok) throw new Error('expected the merge to be refused');
  return m.errors;
}

const config = (s: Json) => s.config as Json;
const plugins = (s: Json) => ((config(s).tiers as Json[])[0] as Json).plugins as Json[];

describe('merging one snapshot per shard', () => {
  it('joins the shards into one scenario, one pool each, every node, queue and job once', () => {
    const s = merged(
      imported('a100.json', clusterSnapshot('a100')),
      imported('h100.json', clusterSnapshot('h100')),
    );
    expect(s.nodePools?.map((p) => [p.name, p.labelValue])).toEqual([
      ['a100', 'a100'],
      ['h100', 'h100'],
    ]);
    expect(s.nodes.map((n) => [n.name, n.labels[POOL]])).toEqual([
      ['node-0', 'a100'],
      ['node-1', 'a100'],
      ['h100-node', 'h100'],
    ]);
    expect(s.queues.find((q) => q.name === 'vision')?.nodePool).toBe('h100');
    const vision = s.jobs.find((j) => j.name === 'vision-job');
    expect(vision?.nodePool).toBe('h100');
    expect(vision?.tasks[0]?.node).toBe('h100-node');
    expect(s.jobs.filter((j) => j.nodePool === 'a100').length).toBeGreaterThan(0);
  });

  it("writes each shard's own configuration as its pool's overrides, rebuilt exactly", () => {
    const h = clusterSnapshot('h100');
    // The h100 shard's operator rendered other min-runtime defaults and no consolidation (KAI
    // schedulingshard_types.go:266-273, 299-332 @d5bc503).
    const minruntime = plugins(h).find((p) => p.name === 'minruntime') as Json;
    minruntime.arguments = { defaultReclaimMinRuntime: '7m' };
    config(h).actions = 'allocate, reclaim, preempt, stalegangeviction';
    const s = merged(imported('a100.json', clusterSnapshot('a100')), imported('h100.json', h));
    const pool = s.nodePools?.find((p) => p.name === 'h100');
    expect(pool?.plugins).toEqual([
      { name: 'minruntime', enabled: null, arguments: { defaultReclaimMinRuntime: '7m' } },
    ]);
    expect(pool?.actions).toEqual([{ name: 'consolidation', enabled: false }]);
    expect(s.nodePools?.find((p) => p.name === 'a100')?.plugins).toEqual([]);
  });

  it("takes the default shard's configuration as the base", () => {
    const d = clusterSnapshot('');
    config(d).actions = 'allocate, reclaim';
    const s = merged(imported('a100.json', clusterSnapshot('a100')), imported('default.json', d));
    expect(s.scheduler.actions).toEqual(['allocate', 'reclaim']);
    expect(s.nodePools?.map((p) => [p.name, p.labelValue, p.actions.length])).toEqual([
      ['a100', 'a100', 3],
      ['default', '', 0],
    ]);
  });
});

describe('snapshots that disagree', () => {
  it('the same node in two shards names both files and paths', () => {
    const other = clusterSnapshot('h100');
    // The h100 shard's view labels node-0 as its own: two views of one node.
    meta(raw(other).nodes?.[0] as Json).labels = { [POOL]: 'h100' };
    const errors = mergeErrors(imported('a.json', clusterSnapshot('a100')), imported('h.json', other));
    expect(errors).toContain(
      'node "node-0" is in a.json (nodes[0]) and in h.json (nodes[0]): a node belongs to one shard (KAI lists it through one shard\'s label selector)',
    );
  });

  it('the same shard twice, a snapshot of no shard, another label key', () => {
    const whole = clusterSnapshot('');
    (whole.schedulerParams as Json).partitionParams = { NodePoolLabelKey: '', NodePoolLabelValue: '' };
    const custom = clusterSnapshot('x');
    (custom.schedulerParams as Json).partitionParams = { NodePoolLabelKey: 'team', NodePoolLabelValue: 'x' };
    const errors = mergeErrors(
      imported('a.json', clusterSnapshot('a100')),
      imported('again.json', clusterSnapshot('a100')),
      imported('whole.json', whole),
      imported('custom.json', custom),
    );
    expect(errors).toEqual([
      'again.json: schedulerParams.partitionParams.NodePoolLabelValue is "a100", as in a.json: the same shard twice (one snapshot per shard)',
      'whole.json: schedulerParams.partitionParams: no NodePoolLabelKey: this scheduler lists the whole cluster, not one shard, so it cannot be merged with shards',
      `custom.json: schedulerParams.partitionParams.NodePoolLabelKey is "team": the sandbox's pools read ${POOL} (§24)`,
    ]);
  });

  it('different priority classes mean different clusters', () => {
    const other = clusterSnapshot('h100');
    (raw(other).priorityClasses?.[0] as Json).value = 12345;
    const errors = mergeErrors(imported('a.json', clusterSnapshot('a100')), imported('h.json', other));
    expect(errors).toEqual([
      'priority class "train" is 50 PreemptLowerPriority in a.json and 12345 PreemptLowerPriority in h.json (rawObjects.priorityClasses): are the snapshots of one cluster?',
    ]);
  });

  it('a queue listed by two shards is a conflict', () => {
    const other = clusterSnapshot('h100');
    meta(raw(other).queues?.[0] as Json).labels = { [POOL]: 'h100' };
    const errors = mergeErrors(imported('a.json', clusterSnapshot('a100')), imported('h.json', other));
    expect(errors).toEqual([
      'queue "org" is in a.json (queues[0]) and in h.json (queues[0]): a queue belongs to one shard (KAI lists it through one shard\'s label selector)',
    ]);
  });

  it('a configuration a pool cannot express is refused at its snapshot path', () => {
    const other = clusterSnapshot('h100');
    plugins(other).reverse();
    expect(mergeErrors(imported('a.json', clusterSnapshot('a100')), imported('h.json', other))).toEqual([
      "h.json: config.tiers (the order or tiers of plugins): this shard's configuration differs from a.json's in a way a node pool cannot express (§24: a pool overrides plugins, actions and usageDBConfig only)",
    ]);
    const period = clusterSnapshot('h100');
    (period.schedulerParams as Json).schedulePeriod = 5_000_000_000;
    expect(mergeErrors(imported('a.json', clusterSnapshot('a100')), imported('h.json', period))[0]).toMatch(
      /^h\.json: schedulerParams\.schedulePeriod: /,
    );
  });

  it('a shard without usage where the base has it', () => {
    const base = clusterSnapshot('a100');
    config(base).usageDBConfig = { usageParams: { windowSize: '1h', windowType: 'sliding' } };
    const errors = mergeErrors(imported('a.json', base), imported('h.json', clusterSnapshot('h100')));
    expect(errors[0]).toMatch(/^h\.json: config\.usageDBConfig is absent where a\.json has one/);
  });

  it('one snapshot, or a YAML bundle, is not a merge', () => {
    expect(mergeErrors(imported('a.json', clusterSnapshot('a100')))).toEqual([
      'merging takes two snapshots or more',
    ]);
    const yaml = importClusterBytes(
      strToU8(
        'apiVersion: v1\nkind: Node\nmetadata: {name: n}\nstatus: {allocatable: {nvidia.com/gpu: "1"}}\n',
      ),
      { fileName: 'b.yaml' },
    );
    if (!yaml.ok) throw new Error('yaml');
    expect(
      mergeErrors(imported('a.json', clusterSnapshot('a100')), { file: 'b.yaml', result: yaml }),
    ).toEqual(['b.yaml: a Kubernetes YAML bundle, not a KAI snapshot: only snapshots are merged']);
  });
});

/**
 * The h100 shard's `vision` queue under the a100 shard's `org`, with a child queue of its own (decision 0326):
 * KAI's h100 scheduler deletes both as orphans (queue.go:105-128 @d5bc503) and skips their job.
 */
function orphanedVision(): Json {
  const h = clusterSnapshot('h100');
  const vision = raw(h).queues?.find((q) => meta(q).name === 'vision') as Json;
  (vision.spec as Json).parentQueue = 'org';
  raw(h).queues?.push({
    metadata: { name: 'vision-eval', labels: { [POOL]: 'h100' } },
    spec: { parentQueue: 'vision', resources: {} },
  });
  return h;
}

describe('a queue whose parent is in another shard', () => {
  it("imports alone: the queue and its child left out at their paths, the job's pod held on its node", () => {
    const result = importClusterBytes(strToU8(JSON.stringify(orphanedVision())), { fileName: 'h100.json' });
    if (!result.ok) throw new Error(result.errors.join('\n'));
    const parsed = parseScenario(result.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    const s = parsed.scenario;
    expect(s.queues.map((q) => q.name)).toEqual([]);
    expect(s.jobs.map((j) => j.name)).toEqual([]);
    // vision-job-0 runs on h100-node with the fixture pod's 2 GPUs: 4 - 2 left for the shard.
    expect(s.nodes.map((n) => [n.name, n.resources.gpu])).toEqual([['h100-node', 2]]);
    expect(result.unmapped.filter((g) => /parent (queue )?is not/.test(g.what))).toEqual([
      expect.objectContaining({
        what: 'Queue whose parent queue is not in the snapshot',
        count: 1,
        paths: ['Queue/vision: spec.parentQueue'],
      }),
      expect.objectContaining({
        what: 'Queue under a queue whose parent is not in the snapshot',
        count: 1,
        paths: ['Queue/vision-eval'],
      }),
    ]);
    expect(result.notes).toContain(
      '1 job(s) are in queues left out because their parent queue is not in the snapshot: KAI never schedules them (input_jobs.go:56-68 @d5bc503); their 1 running pod(s) still hold their requests on their nodes.',
    );
    expect(result.orphanQueues).toEqual([{ name: 'vision', parent: 'org', subtree: 2 }]);
  });

  it('redacted, the left-out queues show by pseudonym only', () => {
    const result = importClusterBytes(strToU8(JSON.stringify(orphanedVision())), {
      fileName: 'h100.json',
      redact: true,
    });
    if (!result.ok) throw new Error('import');
    const shown = JSON.stringify([result.unmapped, result.notes, result.orphanQueues, result.text]);
    for (const name of ['vision', 'org']) expect(shown).not.toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('merged: the merge names the file holding the parent, and the queue stays left out as upstream', () => {
    const m = mergeShardSnapshots([
      imported('a100.json', clusterSnapshot('a100')),
      imported('h100.json', orphanedVision()),
    ]);
    if (!m.ok) throw new Error(m.errors.join('\n'));
    expect(m.notes).toContain(
      'queue "vision" of h100.json (Queue/vision: spec.parentQueue) and the 1 queue(s) under it: its parent "org" is in a100.json (shard a100), but shard h100 lists only its own queues and deletes the child as an orphan (queue.go:105-128 @d5bc503), and shard a100 does not list the child: no shard schedules its jobs, so it stays left out. A queue tree lies in one shard (KAI docs/operator/scheduling-shards.md:104-135 @d5bc503).',
    );
    const parsed = parseScenario(m.text);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(parsed.scenario.queues.map((q) => [q.name, q.nodePool])).toEqual([
      ['org', 'a100'],
      ['research', 'a100'],
      ['product', 'a100'],
    ]);
    expect(parsed.scenario.nodePools?.map((p) => p.name)).toEqual(['a100', 'h100']);
  });

  it('merged without the parent anywhere, the note says so', () => {
    const m = mergeShardSnapshots([
      imported('h100.json', orphanedVision()),
      imported('b200.json', clusterSnapshot('b200')),
    ]);
    if (!m.ok) throw new Error(m.errors.join('\n'));
    expect(m.notes.some((n) => n.includes('its parent "org" is in none of the snapshots'))).toBe(true);
  });
});
