/// <reference types="vite/client" />
/**
 * The gallery: built-in scenarios with the metadata the picker shows without parsing YAML (parsing
 * happens in the worker). Ids are stable: they appear in URLs.
 */
import compareLca from './compare-lca.yaml?raw';
import compareQueue from './compare-queue.yaml?raw';
import elastic from './elastic-protected-to-min-available.yaml?raw';
import kubeBatchPreempt from './kube-batch-preempt-walkthrough.yaml?raw';
import kueue1 from './kueue-1-borrow-then-reclaim.yaml?raw';
import kueue2 from './kueue-2-fair-sharing.yaml?raw';
import lca1 from './lca-1-cousin-subtree.yaml?raw';
import lca2 from './lca-2-sibling-leaf.yaml?raw';
import lca3 from './lca-3-inherited-from-ancestor.yaml?raw';
import preempt1 from './preempt-1-leaf-overrides.yaml?raw';
import preempt3 from './preempt-3-delay-waits-for-a-node.yaml?raw';
import preempt2 from './preempt-2-inherits-ancestor.yaml?raw';
import sla1 from './sla-1-big-job-reserves.yaml?raw';
import sla2 from './sla-2-gang-rejects-first.yaml?raw';
import thrashOff from './thrash-off.yaml?raw';
import thrashOn from './thrash-on.yaml?raw';
import timeAware from './time-aware.yaml?raw';
import topology1 from './topology-1-rack-or-anywhere.yaml?raw';
import volcanoCapacity1 from './volcano-capacity-1-reclaim-across-tree.yaml?raw';
import volcanoRoles1 from './volcano-roles-1-other-roles-go-on.yaml?raw';
import welcome from './welcome-reclaim-waits.yaml?raw';
import workshopLcaOrQueue from './workshop-lca-or-queue.yaml?raw';
import workshopDeepTree from './workshop-lca-or-queue-deep-tree.yaml?raw';
import workshopMinRuntime from './workshop-min-runtime-vs-gpu-time-lost.yaml?raw';

export type ScenarioTopic =
  | 'start'
  | 'reclaim'
  | 'preempt'
  | 'elastic'
  | 'compare'
  | 'thrash'
  | 'fairness'
  | 'topology'
  | 'seeds'
  | 'cohorts';

export interface BuiltinScenario {
  id: string;
  title: string;
  /** One sentence for the gallery card. */
  summary: string;
  topic: ScenarioTopic;
  fileName: string;
  text: string;
}

export const TOPIC_LABELS: Record<ScenarioTopic, string> = {
  start: 'Start here',
  reclaim: 'Reclaim across queues (LCA examples)',
  preempt: 'Preemption inside a queue',
  elastic: 'Elastic jobs',
  compare: 'Queue method vs LCA method',
  thrash: 'Thrashing',
  fairness: 'Fair share over time (KAI usage history)',
  topology: 'Topology-aware scheduling (KAI)',
  seeds: 'Volcano and kube-batch, from the seed documents',
  cohorts: 'Kueue: quota, cohorts and borrowing',
};

export const BUILTIN_SCENARIOS: readonly BuiltinScenario[] = [
  {
    id: 'welcome',
    title: 'A reclaim waits for min-runtime',
    summary: 'Two teams, 8 GPUs: a reclaim is held back until the oldest victim has run 60s.',
    topic: 'start',
    fileName: 'welcome-reclaim-waits.yaml',
    text: welcome,
  },
  {
    id: 'lca-1',
    title: 'LCA 1 · cousin subtree (60s from d)',
    summary: 'Design doc reclaim example 1: the LCA child toward the victim sets the value.',
    topic: 'reclaim',
    fileName: 'lca-1-cousin-subtree.yaml',
    text: lca1,
  },
  {
    id: 'lca-2',
    title: 'LCA 2 · sibling leaf (180s from leaf2)',
    summary: 'Design doc reclaim example 2: siblings honour the victim leaf’s own value.',
    topic: 'reclaim',
    fileName: 'lca-2-sibling-leaf.yaml',
    text: lca2,
  },
  {
    id: 'lca-3',
    title: 'LCA 3 · inherited from an ancestor (600s from b)',
    summary: 'Design doc reclaim example 3: the victim leaf’s 0s is never consulted.',
    topic: 'reclaim',
    fileName: 'lca-3-inherited-from-ancestor.yaml',
    text: lca3,
  },
  {
    id: 'preempt-1',
    title: 'Preempt 1 · leaf overrides ancestor (300s)',
    summary: 'Design doc preemption example 1: walk up from the victim’s leaf queue.',
    topic: 'preempt',
    fileName: 'preempt-1-leaf-overrides.yaml',
    text: preempt1,
  },
  {
    id: 'preempt-2',
    title: 'Preempt 2 · unset leaf inherits (600s)',
    summary: 'Design doc preemption example 2: an unset leaf takes its ancestor’s value.',
    topic: 'preempt',
    fileName: 'preempt-2-inherits-ancestor.yaml',
    text: preempt2,
  },
  {
    id: 'preempt-3',
    title: 'Preempt 3 · a preemption delay lets a node arrive',
    summary: 'KAI at head: a delayed job may not evict for 2 minutes; a new node arrives first.',
    topic: 'preempt',
    fileName: 'preempt-3-delay-waits-for-a-node.yaml',
    text: preempt3,
  },
  {
    id: 'elastic',
    title: 'Elastic job protected down to minAvailable',
    summary: 'Surplus pods are reclaimed at once; the minAvailable core waits for min-runtime.',
    topic: 'elastic',
    fileName: 'elastic-protected-to-min-available.yaml',
    text: elastic,
  },
  {
    id: 'compare-lca',
    title: 'Compare · LCA method (2m from b)',
    summary: 'Same jobs as the queue twin: the LCA walk protects the victims for two minutes.',
    topic: 'compare',
    fileName: 'compare-lca.yaml',
    text: compareLca,
  },
  {
    id: 'workshop-lca-or-queue',
    title: 'Workshop · lca or queue? 60s or 5m?',
    summary: 'One scenario with four variants: compare them side by side and sweep a min-runtime.',
    topic: 'compare',
    fileName: 'workshop-lca-or-queue.yaml',
    text: workshopLcaOrQueue,
  },
  {
    id: 'workshop-min-runtime-vs-gpu-time-lost',
    title: 'Workshop · min-runtime vs GPU time lost',
    summary:
      'A generated workload: long research gangs, bursts of short product jobs; sweep the reclaim min-runtime.',
    topic: 'compare',
    fileName: 'workshop-min-runtime-vs-gpu-time-lost.yaml',
    text: workshopMinRuntime,
  },
  {
    id: 'workshop-lca-or-queue-deep-tree',
    title: 'Workshop · lca or queue on a deep tree',
    summary: 'A generated workload on a four-level tree: who reclaims decides which min-runtime applies.',
    topic: 'compare',
    fileName: 'workshop-lca-or-queue-deep-tree.yaml',
    text: workshopDeepTree,
  },
  {
    id: 'compare-queue',
    title: 'Compare · queue method (0s from leaf1)',
    summary: 'Same jobs as the LCA twin: the victim leaf says 0s, so the reclaim is immediate.',
    topic: 'compare',
    fileName: 'compare-queue.yaml',
    text: compareQueue,
  },
  {
    id: 'thrash-off',
    title: 'Thrash · without min-runtime',
    summary: 'Short bursts keep preempting a training job, which never gets to finish.',
    topic: 'thrash',
    fileName: 'thrash-off.yaml',
    text: thrashOff,
  },
  {
    id: 'thrash-on',
    title: 'Thrash · min-runtime lets work finish',
    summary: 'The same bursts, but preemptMinRuntime protects the training job until it completes.',
    topic: 'thrash',
    fileName: 'thrash-on.yaml',
    text: thrashOn,
  },
  // One file, two variants (issue 12): the base keeps usage history, `without-usage` sets kValue 0.
  {
    id: 'time-aware',
    title: 'Time-aware fair share · queues take turns',
    summary:
      'Two queues, 16-GPU jobs on 16 GPUs: with usage history the queue that ran last waits; its variant without-usage lets team-a keep the cluster.',
    topic: 'fairness',
    fileName: 'time-aware.yaml',
    text: timeAware,
  },
  {
    id: 'topology-1',
    title: 'Topology 1 · a required rack waits, a preferred rack spreads',
    summary:
      '10 GPUs free but only 5 per rack: a gang that requires one rack waits; one that prefers a rack is placed across two.',
    topic: 'topology',
    fileName: 'topology-1-rack-or-anywhere.yaml',
    text: topology1,
  },
  {
    id: 'kube-batch-preempt',
    title: 'kube-batch · Preempt, one plugin function at a time',
    summary:
      'The seed’s preempt action: task, job and node order, predicates and victim votes each decide something.',
    topic: 'seeds',
    fileName: 'kube-batch-preempt-walkthrough.yaml',
    text: kubeBatchPreempt,
  },
  {
    id: 'sla-1',
    title: 'SLA 1 · A big job stops waiting (Volcano sla)',
    summary:
      'Small jobs pass a big one until its sla-waiting-time runs out; then it is Inqueue, first, and reserves GPUs.',
    topic: 'seeds',
    fileName: 'sla-1-big-job-reserves.yaml',
    text: sla1,
  },
  {
    id: 'sla-2',
    title: 'SLA 2 · gang’s Reject beats sla’s Permit (doc vs code)',
    summary: 'Same jobs, gang in sla’s tier: the expired job is Inqueue but its placements are discarded.',
    topic: 'seeds',
    fileName: 'sla-2-gang-rejects-first.yaml',
    text: sla2,
  },
  {
    id: 'volcano-capacity-1',
    title: 'Volcano capacity 1 · Reclaim across the queue tree',
    summary: 'Hierarchical capacity queues: a leaf under its deserved reclaims from the other subtree.',
    topic: 'seeds',
    fileName: 'volcano-capacity-1-reclaim-across-tree.yaml',
    text: volcanoCapacity1,
  },
  {
    id: 'volcano-roles-1',
    title: 'Volcano roles 1 · One role stuck, the others go on',
    summary:
      'Task roles: allocate goes on to other roles after one role’s pod fits no node; a job starts once each role has its minTaskMember.',
    topic: 'seeds',
    fileName: 'volcano-roles-1-other-roles-go-on.yaml',
    text: volcanoRoles1,
  },
  {
    id: 'kueue-1',
    title: 'Kueue 1 · Borrow from the cohort, then give it back',
    summary:
      'A ClusterQueue borrows its neighbour’s idle GPUs; when the lender needs two back, Kueue preempts the whole borrowing Workload.',
    topic: 'cohorts',
    fileName: 'kueue-1-borrow-then-reclaim.yaml',
    text: kueue1,
  },
  {
    id: 'kueue-2',
    title: 'Kueue 2 · Fair sharing: weights decide who keeps the borrowed GPUs',
    summary:
      'Fair sharing on: a ClusterQueue of weight 2 preempts a weight-1 neighbour by Dominant Resource Share until its share would pass the other’s.',
    topic: 'cohorts',
    fileName: 'kueue-2-fair-sharing.yaml',
    text: kueue2,
  },
];

export const DEFAULT_SCENARIO_ID = 'welcome';

/** Ids that older links used: the time-aware pair became one file with a variant (issue 12). */
const RENAMED: Readonly<Record<string, string>> = {
  'time-aware-on': 'time-aware',
  'time-aware-off': 'time-aware',
};

export function findBuiltinScenario(id: string): BuiltinScenario | null {
  const current = Object.hasOwn(RENAMED, id) ? (RENAMED[id] ?? id) : id;
  return BUILTIN_SCENARIOS.find((s) => s.id === current) ?? null;
}
