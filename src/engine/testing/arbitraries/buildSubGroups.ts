/**
 * KAI subgroups on generated jobs (§22): about one KAI job in three gets a subgroup tree, chosen from the
 * job's other random fields so the random stream of every other generator stays as it was. Shapes: two
 * leaves; a set of two leaves beside a third leaf (the set needs one of them); a root that needs one of two
 * leaves. Minimums come from the job's minAvailable pick and never exceed a leaf's tasks. Only jobs whose
 * tasks are all Pending or all Running get one, so the initial state never holds a broken tree. Some KAI
 * jobs also get their own `stalenessGracePeriod`.
 */
import type { RawJob } from './rawScenario';

type Doc = Record<string, unknown>;
const GRACE = ['0s', '5s', '30s', '-1s'] as const;

export function addSubGroups(raw: RawJob, doc: Doc): void {
  if (raw.annotate) doc['stalenessGracePeriod'] = GRACE[(raw.queuePick + raw.gpu) % GRACE.length];
  if (raw.tasks < 2 || (raw.namespace + raw.queuePick + raw.tasks) % 3 !== 0) return;
  const written = doc['tasks'];
  const tasks: Doc[] = Array.isArray(written)
    ? (written as Doc[])
    : Array.from({ length: raw.tasks }, () => ({}));
  const running = tasks.filter((t) => t['status'] === 'Running').length;
  if (running !== 0 && running !== tasks.length) return;
  const shape = raw.cpu % 3;
  const leaves = shape === 1 && raw.tasks >= 3 ? ['a', 'b', 'c'] : ['a', 'b'];
  tasks.forEach((t, i) => (t['subGroup'] = leaves[i % leaves.length]));
  const count = (leaf: string) => tasks.filter((t) => t['subGroup'] === leaf).length;
  const min = (leaf: string, k: number) => Math.min(count(leaf), (raw.minAvailable + k) % 3);
  if (shape === 1 && leaves.length === 3)
    doc['subGroups'] = [
      { name: 'p', minSubGroup: 1 },
      { name: 'a', parent: 'p', minMember: min('a', 0) },
      { name: 'b', parent: 'p', minMember: min('b', 1) },
      { name: 'c', minMember: min('c', 2) },
    ];
  else {
    doc['subGroups'] = [
      { name: 'a', minMember: min('a', 0) },
      { name: 'b', minMember: min('b', 1) },
    ];
    if (shape === 2) doc['minSubGroup'] = 1;
  }
  delete doc['minAvailable'];
  doc['tasks'] = tasks;
}
