/**
 * Several KAI snapshots, one per scheduling shard, merged into one scenario with node pools
 * (docs/scenario-format.md §17.8, decision 0322). Upstream every SchedulingShard is a scheduler process of its
 * own (KAI pkg/operator/operands/scheduler/resources_for_shard.go:361,419 @d5bc503 pass
 * `--partition-label-value`), each serving its own `/get-snapshot` of the nodes, queues and pod groups its
 * selector lists (pkg/scheduler/cache/cluster_info/data_lister/kubernetes_lister.go:115-135 @d5bc503). So a
 * cluster with several shards is snapshotted once per shard; each snapshot is imported on its own (§17) and
 * the merge joins the results: one pool per shard, the nodes, queues and jobs of each, and each shard's own
 * rendered configuration written as the pool's overrides of one base configuration (§24). Whatever cannot be
 * joined faithfully is an error naming the files and paths, never a guess.
 */
import { parse } from 'yaml';
import { isData, type Data } from '../../../scenario/importers/FieldTracker';
import type { AssembledSnapshot } from '../../../scenario/importers/cluster/assembleSnapshotScenario';
import { writeScenarioYaml } from '../../../scenario/importers/cluster/writeScenarioYaml';
import { parseTimestamp } from '../../../scenario/importers/cluster/snapshotNow';
import { formatIssue, parseScenario } from '../../../scenario/parseScenario';
import { usageDBConfigData } from '../../../scenario/usageParamsData';
import { NODE_POOL_LABEL_KEY } from '../../../model/nodePool';
import type { SchedulerConfig, Scenario } from '../../../model/scenario';
import { poolConfig } from './poolConfig';
import { orphanQueueNotes } from './orphanQueueNotes';
import type { OrphanQueue } from '../../../scenario/importers/cluster/orphanQueues';
import { MAX_TEXT_LENGTH } from '../../../scenario/limits';

/** At most this many snapshots: one per pool, and a scenario has at most 64 pools (§24). */
export const MAX_MERGED_SNAPSHOTS = 64;

/** The refusal of `count` snapshots past the bound, or null (the CLI, the app's import and the merge say the same). */
export function tooManySnapshots(count: number): string | null {
  return count > MAX_MERGED_SNAPSHOTS
    ? `at most ${MAX_MERGED_SNAPSHOTS} snapshots (one per node pool, §24), got ${count}`
    : null;
}

export interface ShardSnapshot {
  file: string;
  result: AssembledSnapshot;
}

export type MergeResult = { ok: true; text: string; notes: string[] } | { ok: false; errors: string[] };

interface Read {
  file: string;
  /** Queues the snapshot's import left out, their parent not in it (orphanQueueNotes.ts). */
  orphans: readonly OrphanQueue[];
  /** The shard's label value ('' = the default shard). */
  value: string;
  data: Data;
  scenario: Scenario;
}

export function mergeShardSnapshots(snapshots: readonly ShardSnapshot[]): MergeResult {
  const errors: string[] = [];
  if (snapshots.length < 2) return { ok: false, errors: ['merging takes two snapshots or more'] };
  const tooMany = tooManySnapshots(snapshots.length);
  if (tooMany !== null) return { ok: false, errors: [tooMany] };
  const reads: Read[] = [];
  const byValue = new Map<string, string>();
  for (const { file, result } of snapshots) {
    const where = `${file}: schedulerParams.partitionParams`;
    const shard = result.shard;
    if (shard === undefined) {
      errors.push(`${file}: a Kubernetes YAML bundle, not a KAI snapshot: only snapshots are merged`);
      continue;
    }
    if (shard.key === '') {
      errors.push(
        `${where}: no NodePoolLabelKey: this scheduler lists the whole cluster, not one shard, so it cannot be merged with shards`,
      );
      continue;
    }
    if (shard.key !== NODE_POOL_LABEL_KEY) {
      errors.push(
        `${where}.NodePoolLabelKey is "${shard.key}": the sandbox's pools read ${NODE_POOL_LABEL_KEY} (§24)`,
      );
      continue;
    }
    const seen = byValue.get(shard.value);
    if (seen !== undefined) {
      errors.push(
        `${where}.NodePoolLabelValue is "${shard.value}", as in ${seen}: the same shard twice (one snapshot per shard)`,
      );
      continue;
    }
    byValue.set(shard.value, file);
    const parsed = parseScenario(result.text, { fileName: file });
    if (!parsed.ok) {
      for (const issue of parsed.errors) errors.push(`${file}: ${formatIssue(issue)}`);
      continue;
    }
    reads.push({
      file,
      orphans: result.orphanQueues ?? [],
      value: shard.value,
      data: parse(result.text) as Data,
      scenario: parsed.scenario,
    });
  }
  if (errors.length > 0) return { ok: false, errors };

  // The base configuration is the default shard's (it runs unlabelled objects with `scheduler` unchanged,
  // §24), else the first snapshot's; every other shard's configuration is written as its pool's overrides.
  const base = reads.find((r) => r.value === '') ?? (reads[0] as Read);
  const first = base.data;
  const merged: Data = {
    version: 1,
    name: `Imported KAI snapshots (${reads.length} shards)`,
    profile: first.profile,
  };
  // Compared as the scenarios read them: an import leaves out a class equal to the profile's default, so
  // a class changed in one cluster would otherwise be in one list only.
  sameClasses(reads, errors);
  const classes = joinByName(reads, 'priorityClasses', 'priority class', errors, true);
  if (classes.length > 0) merged.priorityClasses = classes;
  if (first.scheduler !== undefined) merged.scheduler = first.scheduler;
  const topologies = joinByName(reads, 'topologies', 'topology', errors, true);
  if (topologies.length > 0) merged.topologies = topologies;
  const pools: Data[] = [];
  for (const r of reads) {
    const pool = poolOverrides(r, base, errors);
    if (pool !== null) pools.push(pool);
  }
  merged.nodePools = pools;
  merged.nodes = joinByName(reads, 'nodes', 'node', errors, false);
  merged.queues = joinByName(reads, 'queues', 'queue', errors, false);
  merged.jobs = joinByName(reads, 'jobs', 'job', errors, false);
  if (errors.length > 0) return { ok: false, errors };

  const notes = [
    `Merged ${reads.length} KAI snapshots, one per shard: ${reads.map((r) => `${r.file} (${r.value === '' ? 'the default shard' : `pool ${r.value}`})`).join(', ')}; the base configuration is ${base.file}'s.`,
    ...timeSpread(snapshots),
    ...orphanQueueNotes(reads),
  ];
  const header = [
    `# ${notes[0] ?? ''}`,
    ...notes.slice(1).map((n) => `# Note: ${n}`),
    ...snapshots.flatMap(({ file, result }) => headerOf(result.text).map((l) => `# ${file}: ${l.slice(2)}`)),
  ].map((l) => l.replace(/[\r\n]+/g, ' '));
  const text = writeScenarioYaml(header, merged);
  if (text.length > MAX_TEXT_LENGTH)
    return {
      ok: false,
      errors: [
        `the merged scenario would be ${text.length} characters, over the scenario text limit of ${MAX_TEXT_LENGTH} (docs/scenario-format.md §10)`,
      ],
    };
  // The joined scenario must read as it is meant: every shard's configuration rebuilt exactly from the base
  // and its overrides, and the pool checks of §24 (a task running on another pool's node, a queue whose
  // parent is in another pool) hold across the files.
  const check = parseScenario(text);
  if (!check.ok) return { ok: false, errors: check.errors.map((e) => `merged scenario: ${formatIssue(e)}`) };
  for (const r of reads) {
    const pool = check.scenario.nodePools?.find((p) => p.labelValue === r.value);
    if (pool === undefined) continue;
    const rebuilt = poolConfig(check.scenario.scheduler, pool);
    const differs = firstDifference(rebuilt, r.scenario.scheduler);
    if (differs !== null)
      errors.push(
        `${r.file}: ${differs}: this shard's configuration differs from ${base.file}'s in a way a node pool cannot express (§24: a pool overrides plugins, actions and usageDBConfig only)`,
      );
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, text, notes };
}

/** The header comment lines of an imported scenario text (its notes and what was not mapped). */
function headerOf(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('# ')) break;
    out.push(line);
  }
  return out;
}

/**
 * One list of every snapshot joined by name. Nodes, queues and jobs belong to one shard each: a name in two
 * snapshots is an error naming both. Cluster-wide objects (priority classes, topologies) are listed by every
 * shard: the same one twice is kept once, two different ones mean two clusters.
 */
function joinByName(
  reads: readonly Read[],
  key: string,
  what: string,
  errors: string[],
  clusterWide: boolean,
): Data[] {
  const out: Data[] = [];
  const seen = new Map<string, { file: string; index: number; json: string }>();
  for (const r of reads) {
    const list = r.data[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item: unknown, index) => {
      if (!isData(item)) return;
      const name = String(item.name);
      const json = JSON.stringify(item);
      const before = seen.get(name);
      if (before === undefined) {
        seen.set(name, { file: r.file, index, json });
        out.push(item);
        return;
      }
      if (clusterWide && before.json === json) return;
      errors.push(
        clusterWide
          ? `${what} "${name}" differs between ${before.file} (${key}[${before.index}]) and ${r.file} (${key}[${index}]): are the snapshots of one cluster?`
          : `${what} "${name}" is in ${before.file} (${key}[${before.index}]) and in ${r.file} (${key}[${index}]): a ${what} belongs to one shard (KAI lists it through one shard's label selector)`,
      );
    });
  }
  return out;
}

/** Every priority class of the cluster is listed by every shard: one differing means two clusters. */
function sameClasses(reads: readonly Read[], errors: string[]): void {
  const seen = new Map<string, { file: string; key: string }>();
  for (const r of reads)
    for (const c of r.scenario.priorityClasses) {
      const key = `${c.value} ${c.preemptionPolicy}`;
      const before = seen.get(c.name);
      if (before === undefined) seen.set(c.name, { file: r.file, key });
      else if (before.key !== key)
        errors.push(
          `priority class "${c.name}" is ${before.key} in ${before.file} and ${key} in ${r.file} (rawObjects.priorityClasses): are the snapshots of one cluster?`,
        );
    }
}

/** The pool of one shard: its label value, and its configuration as overrides of the base's (§24, 0214). */
function poolOverrides(r: Read, base: Read, errors: string[]): Data | null {
  const pool: Data = { name: r.value === '' ? 'default' : r.value };
  if (r.value !== '') pool.partitionLabelValue = r.value;
  if (r === base) return pool;
  const from = base.scenario.scheduler;
  const to = r.scenario.scheduler;
  const args = (c: SchedulerConfig) =>
    new Map(c.tiers.flatMap((t) => t.plugins).map((p) => [p.name, p.arguments] as const));
  const had = args(from);
  const has = args(to);
  const plugins: Data = {};
  for (const [name, a] of has) {
    const before = had.get(name);
    const entry: Data = {};
    if (before === undefined) entry.enabled = true;
    if (before === undefined ? Object.keys(a).length > 0 : JSON.stringify(before) !== JSON.stringify(a))
      entry.arguments = { ...a };
    if (Object.keys(entry).length > 0) plugins[name] = entry;
  }
  for (const name of had.keys()) if (!has.has(name)) plugins[name] = { enabled: false };
  if (Object.keys(plugins).length > 0) pool.plugins = plugins;
  const actions: Data = {};
  for (const a of to.actions) if (!from.actions.includes(a)) actions[a] = { enabled: true };
  for (const a of from.actions) if (!to.actions.includes(a)) actions[a] = { enabled: false };
  if (Object.keys(actions).length > 0) pool.actions = actions;
  if (to.usage !== undefined) {
    if (JSON.stringify(to.usage) !== JSON.stringify(from.usage))
      pool.usageDBConfig = usageDBConfigData(to.usage);
  } else if (from.usage !== undefined)
    errors.push(
      `${r.file}: config.usageDBConfig is absent where ${base.file} has one: a node pool cannot turn time-based fair share off (decision 0247); give the default shard's snapshot the shard without usage, or merge those shards apart`,
    );
  return pool;
}

/** The first field where two configurations differ, named as the snapshot names it; null when equal. */
function firstDifference(a: SchedulerConfig, b: SchedulerConfig): string | null {
  const fields: [keyof SchedulerConfig, string][] = [
    ['actions', 'config.actions (their order)'],
    ['tiers', 'config.tiers (the order or tiers of plugins)'],
    ['usage', 'config.usageDBConfig'],
    ['schedulePeriodMs', 'schedulerParams.schedulePeriod'],
    ['maxConsolidationPreemptees', 'schedulerParams.maxNumberConsolidationPreemptees'],
    ['stalenessGracePeriodMs', 'schedulerParams.globalDefaultStalenessGracePeriod'],
    ['stuckInReleasingThresholdMs', 'the stuck-in-releasing threshold'],
    ['useSchedulingSignatures', 'schedulerParams.useSchedulingSignatures'],
  ];
  for (const [key, name] of fields) if (canonical(a[key]) !== canonical(b[key])) return name;
  return null;
}

/** JSON with object keys sorted: two configurations built in different orders compare equal. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    isData(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

/** Each snapshot's times are offsets from its own "now" (§17.2): say how far apart the snapshots were taken. */
function timeSpread(snapshots: readonly ShardSnapshot[]): string[] {
  const times = snapshots
    .map(({ file, result }) => ({ file, ms: result.now === null ? null : parseTimestamp(result.now.iso) }))
    .flatMap((t) => (t.ms === null ? [] : [{ file: t.file, ms: t.ms }]));
  if (times.length < 2) return [];
  const sorted = [...times].sort((x, y) => x.ms - y.ms);
  const spread = ((sorted.at(-1)?.ms ?? 0) - (sorted[0]?.ms ?? 0)) / 1000;
  return [
    `each snapshot's times are offsets from its own now (t=0); the snapshots were taken ${spread}s apart (${sorted[0]?.file} first, ${sorted.at(-1)?.file} last).`,
  ];
}
