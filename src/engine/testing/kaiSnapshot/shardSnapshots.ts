/**
 * One cluster with two scheduling shards, as the merge tests build it (§17.8): a KAI snapshot's objects
 * labelled `a100`, and an `h100` node, queue and running job added. `value` says which shard's scheduler
 * took the snapshot (`schedulerParams.partitionParams`, KAI pkg/scheduler/conf/scheduler_conf.go:94-97
 * @d5bc503). Shared by the engine's merge tests and the app's import tests.
 */
type Json = Record<string, unknown>;

const POOL = 'kai.scheduler/node-pool';
const raw = (s: Json) => s.rawObjects as Record<string, Json[]>;
const meta = (o: Json) => o.metadata as Json;
/** A deep copy (the engine's lib has no structuredClone; a snapshot is plain JSON). */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** `base` (a snapshot with at least one node, pod group and pod), copied and split into shards. */
export function shardSnapshot(base: Json, value: string): Json {
  const s = copy(base);
  s.schedulerParams = {
    ...(s.schedulerParams as Json),
    partitionParams: { NodePoolLabelKey: POOL, NodePoolLabelValue: value },
  };
  const r = raw(s);
  for (const list of ['nodes', 'queues', 'podGroups'])
    for (const o of r[list] ?? [])
      meta(o).labels = { ...(meta(o).labels as Json | undefined), [POOL]: 'a100' };
  const node = copy(r.nodes?.[0]) as Json;
  meta(node).name = 'h100-node';
  meta(node).labels = { [POOL]: 'h100' };
  const group = copy(r.podGroups?.[0]) as Json;
  meta(group).name = 'vision-job';
  meta(group).labels = { [POOL]: 'h100' };
  (group.spec as Json).queue = 'vision';
  const pod = copy(r.pods?.[0]) as Json;
  meta(pod).name = 'vision-job-0';
  meta(pod).annotations = { ...(meta(pod).annotations as Json), 'pod-group-name': 'vision-job' };
  meta(pod).labels = { ...(meta(pod).labels as Json), 'kai.scheduler/queue': 'vision' };
  (pod.spec as Json).nodeName = 'h100-node';
  r.nodes?.push(node);
  r.queues?.push({ metadata: { name: 'vision', labels: { [POOL]: 'h100' } }, spec: { resources: {} } });
  r.podGroups?.push(group);
  r.pods?.push(pod);
  return s;
}
