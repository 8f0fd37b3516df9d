/**
 * The invariants the property tests check, by name. Each is a rule of KAI-Scheduler (reference/kai-scheduler.md
 * §1-4) or of the simulator's own contract, stated on what the engine reports (snapshots, decisions, trace),
 * never by re-running a scheduling decision.
 */
export const INVARIANTS = {
  'valid-scenario-accepted': 'a generated valid scenario parses without errors',
  'no-engine-crash': 'running a valid scenario never throws',
  'node-capacity': 'Running+Releasing and Running+Pipelined fit every node (gpu, cpu, memory, pods)',
  'gpu-device-capacity': 'no GPU device holds more than one whole GPU; device indices exist',
  'task-on-live-node': 'a placed task sits on a node that exists in that session',
  'pipelined-onto-releasing':
    'a job with Pipelined tasks has one on a node where capacity is being released (else it would be Allocated), or is a moved victim or the preemptor of an eviction in that session',
  'queue-limit':
    'Running+Pipelined within the limit of the queue and every ancestor when work was placed there',
  'queue-capability':
    'Volcano capacity plugin: Running+Pipelined of a queue and its subtree within its capability, for every queue on the path of work placed in that session',
  'kube-batch-shares':
    'kube-batch proportion: the queues’ fair shares are finite, not negative, and sum to at most the cluster’s total in every dimension it bounds',
  'gang-min-available': 'a job with Running/Pipelined tasks has at least minAvailable of them at session end',
  'role-min-member':
    'a Volcano job with Running/Pipelined tasks has every task role at its minTaskMember (when minAvailable ≥ their sum), unless an eviction or a removed node took its tasks',
  'subgroup-minimums':
    'a KAI job with subgroups and Running/Pipelined tasks satisfies its tree at session end (minSubGroup children per set, minMember per pod set); a job that lost tasks to a removed node or a completed pod deletion is exempt until empty or whole',
  'consolidation-keeps-gangs':
    'consolidation only moves tasks that ran when the session opened, and the moved job stays whole',
  'start-time-only-on-start':
    'a job’s start time changes only in a session after which it runs, or in which allocate started it and stalegangeviction then evicted it',
  'min-runtime-non-elastic':
    'no non-elastic job is evicted by preempt or reclaim while min-runtime protects it',
  'min-runtime-elastic': 'a protected elastic job is never taken below minAvailable by preempt or reclaim',
  'eviction-names-preemptor':
    'every preempt/reclaim/consolidation eviction names its preemptor; no attempt claims capacity "freed by evicting" nobody',
  'history-rebuild': 'every past session rebuilt from the history equals the live one',
  deterministic: 'two runs of the same text are byte-identical',
  'serialise-roundtrip': 'parse(serialise(scenario)) runs identically',
  'wait-since-submit':
    'a job’s wait in the metrics (p50/p95 per queue and cluster) is never longer than the time since it was submitted (its submitAt, or its submit event’s time)',
  'kubernetes-roundtrip':
    'Kubernetes export then import gives the same normalised scenario (variants aside) and the same trace, nothing unmapped',
  'readers-agree':
    'the fast and the located readings agree, and CRLF, CR or mixed line ends read as the LF text',
  'late-running-refused':
    'a job created after t=0 with tasks listed Running is refused at each such task’s status (running-before-submit, decision 0112), never run',
  'topology-required-domain':
    'every Running or Pipelined task of a job with a required topology level sits in one domain of that level, on a node of the topology',
  'preemption-delay':
    'no job triggers a preempt, reclaim or consolidation eviction before its preemption delay has elapsed since the later of its submission and its last eviction (KAI #1886)',
  'node-pool-placement':
    'a job of a node pool only ever has tasks on nodes of its pool (each KAI shard lists only its partition, §24)',
  'gpu-memory-devices':
    'a placed task that asks for m MiB of GPU memory on n devices (default 1) holds exactly n distinct devices, each with the share m / (its node’s device memory) (KAI #1668/#1370)',
  'variant-validated':
    'a variant with an out-of-range value is rejected at its variants[…] path; every accepted variant, applied, is accepted by the parser and runs within capacity',
  'usage-fetch-schedule':
    'a KAI session with usage history uses the usage of the last fetch (t=0, then every fetchInterval of the queue’s pool, §24) at or before it, and every usage is within [0, 1]',
  'no-pipelining-onto-stuck':
    'on a node with a StuckInReleasing pod, Running (stuck pods included) + Pipelined fits the node and its GPU devices: nothing is pipelined onto a pod terminating longer than the threshold (KAI #1578)',
  'terminating-pod-not-victim': 'no action evicts a pod that is already terminating (KAI #1578)',
  'kueue-borrowing-limit':
    'Kueue: a ClusterQueue uses at most nominal quota + borrowingLimit of each flavor resource (its nominal quota without a cohort), for quota Kueue admitted',
  'kueue-cohort-lending':
    'Kueue: in every cohort tree, what ClusterQueues use above their guaranteed quota (nominal − lendingLimit) fits the lendable quota of the tree (lendingLimit or nominal, plus the Cohorts’ own quota)',
  'kueue-quota-free-when-idle':
    'Kueue: a ClusterQueue none of whose Workloads is admitted (or being evicted) holds no quota in its accounting, in any flavor or resource',
  'kueue-cohort-usage-sum':
    'Kueue: a Cohort’s quota usage is the sum of what its members use past their non-lendable quota (the plain sum without lending limits)',
} as const;

export type InvariantName = keyof typeof INVARIANTS;

export function isInvariantName(name: string): name is InvariantName {
  return Object.hasOwn(INVARIANTS, name);
}

export interface Violation {
  invariant: InvariantName;
  /** 1-based session, or null for whole-run invariants. */
  session: number | null;
  message: string;
}
