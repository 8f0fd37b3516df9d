/**
 * One sentence per field of each schema table, shown when hovering a key in the editor (from
 * docs/scenario-format.md). A test checks that every field of every table has its sentence and that no
 * sentence names a field the schema does not have.
 */
import type { TableName } from './schemaFields';

export const FIELD_DOCS: Record<TableName, Record<string, string>> = {
  scenario: {
    version: 'Format version: always 1.',
    name: 'Title shown in the header and the lesson.',
    description: 'Lesson text (markdown), shown beside the run.',
    profile: 'Whose semantics the actions and plugins follow: kai (default), volcano or kube-batch.',
    priorityClasses: 'Priority classes {name, value, preemptionPolicy?}; defaults per profile.',
    scheduler: 'Actions, plugin tiers and the session period.',
    nodes: 'The cluster’s nodes and their capacity.',
    queues:
      'The queue tree: KAI quotas, limits, over-quota weights, min-runtimes; Volcano weight, capability, deserved, guarantee.',
    jobs: 'Pod groups: queue, priority, tasks and their requests.',
    events: 'Timed changes: submit, deleteJob, addNode, removeNode, updateQueue, updateConfig.',
    run: 'How long to run: sessions: N, or until: <duration> (default 1h).',
    expect: 'Checks on the run (session: N or at: D with tasks, evicted, bound, …).',
    lesson: 'A scripted lesson: steps that go to a session, select, say a paragraph and ask a question.',
    variants: 'Named variants of this scenario, each a small change to the base (compared in the Workshop).',
    seed: 'Seed of the generated workload (an integer, default 1): the same seed gives the same jobs.',
    workload: 'Generators of jobs per leaf queue: arrivals, sizes, runtimes and shares, drawn from the seed.',
    topologies:
      'KAI Topology objects: {name, levels: [{nodeLabel, alias?}]}, outermost level first (zone, rack, hostname).',
    nodePools:
      'KAI node pools (scheduling shards): {name, partitionLabelValue, minRuntime?, kValue?, plugins?, actions?, usageDBConfig?}; each runs its own session and fetches its own usage.',
  },
  variant: {
    name: 'Variant name (unique; "base" means the scenario itself).',
    description: 'What this variant changes, in words.',
    actions: 'Replaces the action list for this variant.',
    schedulePeriod: 'Replaces the time between sessions for this variant.',
    plugins: 'Plugin arguments to set: {minruntime: {reclaimResolveMethod: queue}}; null removes one.',
    queues: 'Changes to existing queues: [{name, reclaimMinRuntime?, resources?, …}] (never parent).',
    jobs: 'Changes to existing jobs: [{name, priorityClassName?, priority?, preemptibility?, runtime?}].',
    seed: 'Generates the workload again from this seed for this variant.',
  },
  workload: {
    queue: 'The leaf queue the generated jobs are submitted to.',
    prefix: 'Generated jobs are named <prefix>-<n> (default: the queue name).',
    from: 'Arrivals start at this time (default 0s).',
    until: 'Arrivals end before this time.',
    maxJobs: 'At most this many jobs, bursts included, whatever the seed (default 1000).',
    arrivals: 'A Poisson rate per hour, an optional daily cycle, and bursts.',
    gpus: 'GPUs per job: a number, or [{value, weight}] drawn by weight (default 1).',
    gpusPerTask: 'A job of G GPUs has ceil(G / gpusPerTask) tasks (default 8).',
    runtime: 'Runtime distribution: logNormal, shiftedExponential or fixed, with an optional min and max.',
    elastic: 'Share of multi-task jobs that are elastic; the others are gangs (default 0).',
    elasticMin: 'An elastic job needs ceil(tasks × elasticMin) tasks (default 0.5).',
    priorityClasses: 'Priority-class mix [{name, weight}] (default: the profile’s default class).',
    preemptible: 'Share of jobs that are preemptible (absent: from the priority).',
  },
  workloadArrivals: {
    ratePerHour: 'Poisson arrivals per hour (0 for bursts only).',
    daily: 'The rate × (1 + amplitude·cos(2π(t − peakAt)/period)).',
    bursts: 'Extra arrivals: [{at, jobs, spread?}], uniform in [at, at + spread).',
  },
  workloadDaily: {
    amplitude: 'How strongly the rate follows the cycle, 0 to 1.',
    peakAt: 'When the rate is highest.',
    period: 'Length of the cycle (default 24h).',
  },
  workloadBurst: {
    at: 'When the burst starts.',
    jobs: 'How many jobs arrive in the burst.',
    spread: 'They arrive uniformly over this long (default 0s).',
  },
  workloadGpus: { value: 'GPUs of the job.', weight: 'Relative weight of this size.' },
  workloadRuntime: {
    logNormal: 'Log-normal runtimes {median, sigma}: half the jobs run less than the median.',
    shiftedExponential: 'shift plus an exponential of this mean {shift, mean}.',
    fixed: 'Every job runs this long.',
    min: 'Shortest runtime after drawing.',
    max: 'Longest runtime after drawing.',
  },
  workloadLogNormal: { median: 'Median runtime.', sigma: 'Spread of log(runtime), 0 to 10.' },
  workloadShiftedExponential: { shift: 'Least runtime.', mean: 'Mean of the part above the shift.' },
  workloadClass: { name: 'A priority class.', weight: 'Relative weight of this class.' },
  variantJob: {
    name: 'The job to change (must exist in the base).',
    priorityClassName: 'New priority class (sets priority and preemption policy).',
    priority: 'New raw priority value.',
    preemptibility: 'preemptible or non-preemptible.',
    runtime: 'New runtime (null: runs forever).',
  },
  priorityClass: {
    name: 'Class name, used by jobs’ priorityClassName.',
    value: 'Priority value (higher schedules first and may preempt lower).',
    preemptionPolicy: 'Never: jobs of this class never evict anyone.',
  },
  scheduler: {
    actions: 'Actions run in order each session (a list or a comma-separated string).',
    tiers: 'Plugin tiers, as in the scheduler ConfigMap: [{plugins: [{name, arguments?}]}].',
    schedulePeriod: 'Time between sessions (Go duration, default 1s).',
    maxConsolidationPreemptees: 'KAI: most tasks one consolidation may move.',
    stalenessGracePeriod: 'KAI: how long a gang may run below minAvailable before stalegangeviction.',
    stuckInReleasingThreshold:
      'KAI: how long a pod may be terminating before it is StuckInReleasing and nothing is pipelined onto it (default 2m).',
    useSchedulingSignatures:
      'KAI --use-scheduling-signatures: skip a job not easier to schedule than a failed one with the same constraints (default false).',
    usageDBConfig: 'KAI time-based fair share: keep each queue’s usage history ({usageParams: {…}}).',
  },
  usageDBConfig: {
    clientType: 'Refused: the sandbox is its own Prometheus (KAI needs "prometheus" here).',
    connectionString: 'Refused: the sandbox is its own Prometheus, there is no address to connect to.',
    connectionStringEnvVar: 'Refused: the sandbox is its own Prometheus, there is no address to connect to.',
    usageParams:
      'How usage is measured and weighed: windowSize, windowType, halfLifePeriod, fetchInterval, …',
  },
  usageParams: {
    halfLifePeriod: 'Usage this long ago counts half (Go duration; default unset; 0 or less = no decay).',
    windowSize:
      'How much history counts (sliding) or each window’s length (tumbling); Prometheus duration such as 1w, 1d, 1h30m; default 1w.',
    windowType:
      'sliding (the last windowSize) or tumbling (windows from tumblingWindowStartTime that reset); default sliding.',
    tumblingWindowStartTime:
      'Tumbling only, required there: start of the first window as an offset from t=0, such as -90m or 0s.',
    cronString: 'Refused: cron windows need a calendar, which simulated time has not.',
    fetchInterval:
      'How often KAI refreshes its usage copy; sessions in between use the last fetch (default 1m).',
    stalenessPeriod: 'KAI logs stale usage after this long (default 5m); the simulated fetch never fails.',
    waitTimeout:
      'How long KAI waits for the first fetch at start (default 1m); the simulated fetch is instant.',
    extraParams: 'Prometheus client options: queryResolution (default 1m), usageQueryTimeout.',
  },
  usageExtraParams: {
    queryResolution:
      'Step of the usage query: usage is summed from one sample per step (Go duration, default 1m).',
    usageQueryTimeout: 'Timeout of each query (default 10s); the simulated query takes no time.',
    gpuAllocationMetric: 'Refused: the simulated Prometheus has only KAI’s default series.',
    cpuAllocationMetric: 'Refused: the simulated Prometheus has only KAI’s default series.',
    memoryAllocationMetric: 'Refused: the simulated Prometheus has only KAI’s default series.',
    gpuCapacityMetric: 'Refused: the simulated Prometheus has only KAI’s default series.',
    cpuCapacityMetric: 'Refused: the simulated Prometheus has only KAI’s default series.',
    memoryCapacityMetric: 'Refused: the simulated Prometheus has only KAI’s default series.',
  },
  tier: { plugins: 'Plugins of this tier: {name, arguments?, enableX flags}.' },
  plugin: {
    name: 'Plugin name (must exist in the profile).',
    arguments: 'Plugin arguments with upstream keys, e.g. minruntime defaultPreemptMinRuntime.',
  },
  node: {
    name: 'Node name (with count: N, nodes are <name>-0 … <name>-(N-1)).',
    resources: 'Capacity {gpu, cpu, memory, pods}; an omitted resource is unconstrained.',
    labels: 'Node labels, matched by tasks’ nodeSelector.',
    count: 'Expands into this many identical nodes.',
  },
  nodeResources: {
    gpu: 'Whole GPUs on the node.',
    cpu: 'CPU capacity (cores or a quantity such as 500m).',
    memory: 'Memory capacity (bytes or a quantity such as 64Gi).',
    pods: 'Most pods the node runs.',
    gpuMemory:
      'KAI: memory of each GPU device in MiB (needed when a task asks for gpuMemory); KAI floors it to whole hundreds.',
  },
  resourceList: {
    gpu: 'GPUs.',
    cpu: 'CPU (cores or a quantity).',
    memory: 'Memory (bytes or a quantity).',
    pods: 'Pods.',
  },
  queue: {
    name: 'Queue name (unique).',
    parent: 'Parent queue; none means top level.',
    priority: 'Queue priority (KAI default 100): higher-priority queues get over-quota first.',
    resources: 'KAI per-resource quota, limit and overQuotaWeight.',
    preemptMinRuntime:
      'Minimum run time before a job of this queue may be preempted (inherited by children).',
    reclaimMinRuntime:
      'Minimum run time before a job of this queue may be reclaimed (resolved at the LCA child).',
    weight: 'Volcano queue weight.',
    capability: 'Volcano: most resources the queue may use.',
    deserved: 'Volcano: resources the queue deserves.',
    guarantee: 'Volcano: resources reserved for the queue.',
    state: 'Volcano queue state (Open, Closed, …).',
    reclaimable: 'Volcano: whether other queues may reclaim from this one.',
    nodePool: 'KAI: the node pool the queue belongs to (its kai.scheduler/node-pool label).',
  },
  queueResources: {
    gpu: 'GPU quota, limit and overQuotaWeight.',
    cpu: 'CPU quota, limit and overQuotaWeight.',
    memory: 'Memory quota, limit and overQuotaWeight.',
  },
  queueResource: {
    quota: 'Deserved quota (-1 = unlimited; default 0).',
    limit: 'Most the queue may use (-1 = no limit, the default; 0 blocks the resource).',
    overQuotaWeight: 'Share of the over-quota pool (default 1; 0 never gets over quota).',
  },
  job: {
    name: 'Job (pod group) name, unique.',
    namespace: 'Namespace (default "default"; kube-system is protected by conformance).',
    queue: 'Leaf queue the job is submitted to.',
    priorityClassName: 'A class from priorityClasses (KAI default train, 50).',
    priority: 'A raw priority instead of a class.',
    preemptibility: 'KAI: preemptible or non-preemptible (default: preemptible iff priority < 100).',
    minAvailable: 'Gang minimum; fewer than tasks makes the job elastic.',
    minResources: 'Volcano PodGroup minResources.',
    phase: 'Initial Volcano PodGroup phase.',
    submitAt: 'Creation time (Go duration, may be negative).',
    startedAt: 'Last fresh start of a job running at t=0 (KAI last-start-timestamp).',
    runtime: 'How long the job runs before it completes (default forever).',
    annotations: 'Annotations, e.g. sla-waiting-time.',
    resources: 'Default per-task request {gpu, cpu, memory}.',
    tasks: 'A count, or a list of task objects.',
    preemptionDelay: 'KAI: how long after creation (or its last eviction) the job may not trigger evictions.',
    lastEvictedAt:
      'KAI: when the job was last evicted (at or before 0s); the preemption delay counts from it.',
    minTaskMember: 'Volcano: least tasks of each role, {role: count}, for the job to be ready.',
    subGroups: 'KAI subgroups: {name, parent?, minMember? (leaf), minSubGroup? (set)}: a multi-level gang.',
    minSubGroup: 'KAI: how many of the root subgroups must be satisfied (default all).',
    stalenessGracePeriod: 'KAI: how long the gang may run below its minimum before stale-gang eviction.',
    topologyConstraint:
      'KAI: {topology, requiredTopologyLevel?, preferredTopologyLevel?}: place the gang in one domain.',
    segments:
      'KAI: {size, topology?, requiredTopologyLevel?, preferredTopologyLevel?}: split the tasks into segments of `size`, each placed in one domain.',
    nodePool: 'KAI: the node pool of the job (must be its queue’s pool).',
  },
  request: {
    gpu: 'GPUs per task: whole devices, or a fraction of one (0 < x < 1).',
    cpu: 'CPU per task.',
    memory: 'Memory per task.',
    gpuMemory: 'KAI: GPU memory per task in MiB, on each of gpuMemoryDevices devices (instead of gpu).',
    gpuMemoryDevices: 'KAI: number of devices the gpuMemory is asked on (default 1).',
  },
  task: {
    name: 'Task (pod) name; default <job>-<index>.',
    resources: 'This task’s request (overrides the job’s).',
    status:
      'Initial status: Pending (default), Running (needs node) or Succeeded (finished before t=0, holds nothing).',
    node: 'Node of a Running task.',
    priority: 'The pod’s own priority (task order).',
    preemptable: 'Volcano: false is the volcano.sh/preemptable=false label.',
    preemptionPolicy: 'The pod’s preemption policy.',
    labels: 'Pod labels.',
    nodeSelector: 'Node labels the task requires.',
    role: 'Volcano: the pod’s role (volcano.sh/task-spec), counted against minTaskMember.',
    subGroup: 'KAI: the leaf subgroup the pod belongs to.',
    deletionTimestamp:
      'KAI: the Running pod’s deletionTimestamp (it is terminating); threshold past it, it is StuckInReleasing.',
    deletionGracePeriod:
      'KAI: the pod’s deletion grace period; with it, a deletionTimestamp at or after t=0 is when the pod leaves its node (re-created Pending).',
  },
  event: {
    at: 'When the change applies (before the first session at or after this time).',
    submit: 'A job to submit.',
    deleteJob: 'Name of a job to delete.',
    addNode: 'A node to add.',
    removeNode: 'Name of a node to remove (its tasks go back to Pending).',
    updateQueue: 'New fields for a queue {name, …}.',
    updateConfig: 'A new scheduler configuration.',
  },
  run: {
    until: 'Run sessions while their time is at most this (default 1h).',
    sessions: 'Run exactly this many sessions.',
    maxSessions: 'Upper bound on sessions (default 10000).',
  },
  expect: {
    session: 'Check the state at the end of this session.',
    at: 'Check the end of the last session at or before this time.',
    tasks: 'Task name → expected status.',
    evicted: 'Exactly these tasks were evicted in that session.',
    bound: 'Task → node (or any) bound in that session.',
    pipelined: 'Task → node (or any) pipelined in that session.',
    jobs: 'Job → {phase?, running?}.',
    queues: 'Queue → {fairShare?, allocated?}.',
  },
  lessonStep: {
    say: 'Markdown shown at this step.',
    session: 'Session to show at this step (1-based; default: the step before’s).',
    select: 'What to select: {job}, {queue}, {node} or {pair: {preemptor, victim}}.',
    ask: 'A question: {question, reveal: <session>, choices: 2 to 4}.',
  },
  lessonSelect: {
    job: 'A job to select.',
    queue: 'A queue to select.',
    node: 'A node to select.',
    pair: 'A preemptor/victim pair (job names) of an eviction in this session.',
  },
  lessonPair: { preemptor: 'The job that evicts.', victim: 'The job that is evicted.' },
  lessonAsk: {
    question: 'The question, e.g. Which job will be evicted next?',
    reveal: 'The session that proves the answer; the player steps there to reveal it.',
    choices: '2 to 4 choices, each a label and a claim checked at the reveal session.',
  },
  lessonChoice: {
    label: 'The text of the choice.',
    tasks: 'Claim: task name → status at the reveal session.',
    evicted: 'Claim: exactly these tasks are evicted in the reveal session.',
    bound: 'Claim: task → node (or any) bound in the reveal session.',
    pipelined: 'Claim: task → node (or any) pipelined in the reveal session.',
    jobs: 'Claim: job → {phase?, running?} at the reveal session.',
    queues: 'Claim: queue → {fairShare?, allocated?} at the reveal session.',
  },
};
