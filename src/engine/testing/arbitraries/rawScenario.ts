/**
 * The random choices behind one generated scenario, as plain numbers and flags. fast-check generates and
 * shrinks these; `buildScenarioDocument` turns them into a VALID scenario document (names resolved, Running
 * tasks placed where they fit, events aimed at things that exist at their time). Keeping the choices
 * separate from the document means a shrunk counterexample is still a valid scenario.
 */
import fc from 'fast-check';

/** Amounts as small picks into fixed menus, so shrinking walks towards the first (simplest) entry. */
export interface RawQueueResource {
  quota: number;
  limit: number;
  overQuotaWeight: number;
}

export interface RawQueue {
  /** 0 = top level; k > 0 = child of the ((k - 1) mod earlier)-th earlier queue. */
  parentPick: number;
  priority: number | null;
  gpu: RawQueueResource | null;
  cpu: RawQueueResource | null;
  /** Seconds; negative values are valid (upstream accepts any Go duration) and never protect. */
  preemptMinRuntime: number | null;
  reclaimMinRuntime: number | null;
  /** Volcano queue spec (weight, capability, guarantee, reclaimable); written for every profile. */
  volcano: RawVolcanoQueue | null;
}

export interface RawVolcanoQueue {
  weight: number;
  capability: number | null;
  guarantee: number | null;
  reclaimable: boolean | null;
}

export interface RawNode {
  gpu: number;
  cpu: number;
  memory: number;
  zone: number;
  count: number;
  /** 0 = `resources` as picked; 1 = `resources: {}`; 2 = no `resources` key (every resource unconstrained). */
  omit: number;
  pods: number;
}

export interface RawTask {
  priority: number | null;
  zoneSelector: number;
  gpuOverride: number | null;
}

export interface RawJob {
  queuePick: number;
  priorityPick: number;
  preemptibility: number;
  tasks: number;
  /** 0 = omitted (gang of all tasks); otherwise 1..tasks. */
  minAvailable: number;
  gpu: number;
  cpu: number;
  memory: number;
  runtime: number | null;
  submitAt: number;
  /** Initial jobs only: try to start this many tasks Running (0 = pending). */
  running: number;
  startedAgo: number | null;
  taskList: RawTask[] | null;
  namespace: number;
  annotate: boolean;
  /**
   * Initial jobs only: a late arrival (`submitAt` > 0) whose tasks are listed Running on a node, as a
   * person writes a job that "arrives already running" (issue 18: the node's capacity must still hold).
   */
  lateRunning: number | null;
}

export interface RawPlugins {
  minruntime: boolean;
  elastic: boolean;
  preemptDefault: number | null;
  reclaimDefault: number | null;
  method: number;
  kValue: number | null;
}

/** KAI time-based fair share (`usageDBConfig.usageParams`), in seconds; null fields are left unset. */
export interface RawUsage {
  windowSize: number | null;
  halfLifePeriod: number | null;
  windowType: number | null;
  /** Index into the Prometheus window sizes that are not whole seconds (`1w`, `1h30m`, …); used when set. */
  windowSizeText: number | null;
  /** Tumbling window start, seconds from t=0 (negative: before the scenario); tumbling always gets one. */
  tumblingStart: number;
  fetchInterval: number | null;
  queryResolution: number | null;
}

export interface RawScheduler {
  /** Indices into the KAI action list; order matters, duplicates dropped. */
  actions: number[];
  asString: boolean;
  plugins: RawPlugins | null;
  period: number;
  maxConsolidationPreemptees: number | null;
  stalenessGracePeriod: number | null;
  usage: RawUsage | null;
}

export interface RawEvent {
  kind: number;
  at: number;
  pick: number;
  job: RawJob;
  node: RawNode;
  queue: RawQueue;
  scheduler: RawScheduler;
}

export interface RawScenario {
  /** An index into menus.profileMenu (the registry's profiles by weight); the main run picks 0-3. */
  profile: number;
  customClass: boolean;
  queues: RawQueue[];
  nodes: RawNode[];
  jobs: RawJob[];
  events: RawEvent[];
  scheduler: RawScheduler | null;
  runSessions: number;
  runByUntil: boolean;
  asJson: boolean;
  /** Line ends of the text: 0 LF, 1 CRLF, 2 CR, 3 mixed (menus.LINE_ENDS). */
  lineEnds: number;
  /**
   * Writes `expect: []`, a key the fast readings once declined outright (issue 18); an empty list asks for no
   * line, so they now read it too (decision 0381), and both readings must agree.
   */
  emptyExpect: boolean;
  /**
   * Late arrivals keep the Running status they are listed with (rare): the parser must refuse them at the
   * task's status (`running-before-submit`, decision 0112). Otherwise a late arrival comes Pending.
   */
  keepLateRunning: boolean;
  variants: RawVariant[];
  /** Top-level `seed` (null = the default) and `workload` generators (format §19). */
  seed: number | null;
  workload: RawWorkload[];
  /** KAI only: 0 no topology; 1 a zone topology with required-zone jobs; 2 with preferred-zone jobs (§21). */
  topology: number;
  /** KAI node pools besides the default one (§24): 0 (most scenarios), 1 or 2 (buildNodePools). */
  pools: number;
}

/** One workload generator (buildWorkload.ts); amounts are picks into small menus. */
export interface RawWorkload {
  queuePick: number;
  maxJobs: number;
  /** `from` as tenths of the run's span. */
  fromTenth: number;
  /** Expected Poisson arrivals over the run (0 = bursts only, when there is a burst). */
  jobsPerSpan: number;
  /** Daily-cycle amplitude in quarters; null = none. */
  daily: number | null;
  burst: { atTenth: number; jobs: number; spreadSeconds: number } | null;
  gpuPicks: number[];
  gpusPerTask: number | null;
  /** 0 fixed, 1 log-normal, 2 shifted exponential. */
  runtimeKind: number;
  runtimeSeconds: number;
  /** Elastic share in halves; null = none. */
  elastic: number | null;
  classPicks: number[] | null;
  /** Preemptible share in halves; null = from priority. */
  preemptible: number | null;
}

/** One variant (format §15) over every knob a variant can set; null = leave that knob alone. */
export interface RawVariant {
  actions: number[] | null;
  period: number | null;
  /** minruntime / sla / proportion arguments, each applied when the base configures that plugin. */
  method: number | null;
  preemptDefault: number | null;
  reclaimDefault: number | null;
  kValue: number | null;
  slaWaiting: number | null;
  queuePick: number | null;
  queue: RawQueue;
  unsetReclaimMinRuntime: boolean;
  jobPick: number | null;
  classPick: number | null;
  priority: number | null;
  preemptibility: number | null;
  runtime: number | null;
  /** A `seed` for the variant (written only when the base has a workload, §19). */
  seed: number | null;
  /** 0 = every value in range; k > 0 = the (k-1)-th out-of-range value of menus.VARIANT_OUT_OF_RANGE. */
  outOfRange: number;
}

const small = (max: number) => fc.integer({ min: 0, max });
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null, freq: 3 });

const queueResource: fc.Arbitrary<RawQueueResource> = fc.record({
  quota: small(6),
  limit: small(6),
  overQuotaWeight: small(3),
});

/** Mostly 0..60 s; now and then negative (valid upstream: overrides ancestors, never protects). */
const minRuntimeSeconds = fc.oneof(
  { arbitrary: fc.integer({ min: 0, max: 60 }), weight: 40 },
  { arbitrary: fc.integer({ min: -30, max: -1 }), weight: 1 },
);

const rawVolcanoQueue: fc.Arbitrary<RawVolcanoQueue> = fc.record({
  weight: small(3),
  capability: maybe(small(3)),
  guarantee: maybe(small(3)),
  reclaimable: maybe(fc.boolean()),
});

export const rawQueue: fc.Arbitrary<RawQueue> = fc.record({
  parentPick: small(6),
  priority: maybe(small(3)),
  gpu: maybe(queueResource),
  cpu: fc.option(queueResource, { nil: null, freq: 2 }),
  preemptMinRuntime: maybe(minRuntimeSeconds),
  reclaimMinRuntime: maybe(minRuntimeSeconds),
  volcano: fc.option(rawVolcanoQueue, { nil: null, freq: 2 }),
});

export const rawNode: fc.Arbitrary<RawNode> = fc.record({
  gpu: small(5),
  cpu: small(3),
  memory: small(2),
  zone: small(2),
  count: small(2),
  omit: fc.oneof({ arbitrary: fc.constant(0), weight: 8 }, { arbitrary: small(2), weight: 1 }),
  pods: small(2),
});

const rawTask: fc.Arbitrary<RawTask> = fc.record({
  priority: maybe(small(3)),
  zoneSelector: small(2),
  gpuOverride: fc.option(small(4), { nil: null, freq: 4 }),
});

export const rawJob: fc.Arbitrary<RawJob> = fc.record({
  queuePick: small(8),
  priorityPick: small(9),
  preemptibility: small(2),
  tasks: fc.integer({ min: 1, max: 4 }),
  minAvailable: small(4),
  gpu: small(4),
  cpu: small(3),
  memory: small(2),
  runtime: maybe(fc.integer({ min: 1, max: 60 })),
  submitAt: fc.integer({ min: -20, max: 20 }),
  running: small(4),
  startedAgo: maybe(fc.integer({ min: 0, max: 60 })),
  taskList: fc.option(fc.array(rawTask, { minLength: 1, maxLength: 4 }), { nil: null, freq: 3 }),
  namespace: small(2),
  annotate: fc.boolean(),
  lateRunning: fc.option(fc.integer({ min: 1, max: 20 }), { nil: null, freq: 4 }),
});

const rawPlugins: fc.Arbitrary<RawPlugins> = fc.record({
  minruntime: fc.boolean(),
  elastic: fc.boolean(),
  preemptDefault: maybe(fc.integer({ min: 0, max: 60 })),
  reclaimDefault: maybe(fc.integer({ min: 0, max: 60 })),
  method: small(2),
  kValue: fc.option(small(3), { nil: null, freq: 4 }),
});

/** Windows of a few sessions to a couple of minutes, so generated runs see usage drop out and reset. */
const rawUsage: fc.Arbitrary<RawUsage> = fc.record({
  windowSize: maybe(fc.integer({ min: 1, max: 120 })),
  halfLifePeriod: maybe(fc.integer({ min: 0, max: 60 })),
  windowType: maybe(small(1)),
  windowSizeText: maybe(small(3)),
  tumblingStart: fc.integer({ min: -120, max: 60 }),
  fetchInterval: maybe(fc.integer({ min: 1, max: 90 })),
  queryResolution: maybe(fc.integer({ min: 1, max: 90 })),
});

export const rawScheduler: fc.Arbitrary<RawScheduler> = fc.record({
  actions: fc.array(small(4), { minLength: 1, maxLength: 6 }),
  asString: fc.boolean(),
  plugins: maybe(rawPlugins),
  period: small(3),
  maxConsolidationPreemptees: maybe(small(4)),
  stalenessGracePeriod: maybe(fc.integer({ min: -1, max: 30 })),
  // One configuration in four keeps usage history; the rest keep exercising the plain division.
  usage: fc.oneof({ arbitrary: fc.constant(null), weight: 3 }, { arbitrary: rawUsage, weight: 1 }),
});

export const rawEvent: fc.Arbitrary<RawEvent> = fc.record({
  kind: small(5),
  at: fc.integer({ min: 0, max: 40 }),
  pick: small(20),
  job: rawJob,
  node: rawNode,
  queue: rawQueue,
  scheduler: rawScheduler,
});

const rawWorkload: fc.Arbitrary<RawWorkload> = fc.record({
  queuePick: small(8),
  maxJobs: fc.integer({ min: 1, max: 6 }),
  fromTenth: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: small(5), weight: 1 }),
  jobsPerSpan: small(6),
  daily: maybe(small(4)),
  burst: maybe(
    fc.record({ atTenth: small(9), jobs: fc.integer({ min: 1, max: 4 }), spreadSeconds: small(10) }),
  ),
  gpuPicks: fc.array(small(4), { minLength: 1, maxLength: 3 }),
  gpusPerTask: maybe(fc.integer({ min: 1, max: 4 })),
  runtimeKind: small(2),
  runtimeSeconds: fc.integer({ min: 1, max: 60 }),
  elastic: maybe(small(2)),
  classPicks: maybe(fc.array(small(6), { minLength: 1, maxLength: 3 })),
  preemptible: maybe(small(2)),
});

const rawVariant: fc.Arbitrary<RawVariant> = fc.record({
  actions: maybe(fc.array(small(4), { minLength: 1, maxLength: 5 })),
  period: maybe(small(3)),
  method: maybe(small(2)),
  preemptDefault: maybe(fc.integer({ min: 0, max: 60 })),
  reclaimDefault: maybe(fc.integer({ min: 0, max: 60 })),
  kValue: maybe(fc.integer({ min: -1, max: 3 })),
  slaWaiting: maybe(fc.integer({ min: 1, max: 30 })),
  queuePick: maybe(small(8)),
  queue: rawQueue,
  unsetReclaimMinRuntime: fc.boolean(),
  jobPick: maybe(small(12)),
  classPick: maybe(small(5)),
  priority: maybe(fc.integer({ min: 0, max: 200 })),
  preemptibility: maybe(small(2)),
  runtime: maybe(fc.integer({ min: 0, max: 60 })),
  seed: maybe(small(5)),
  outOfRange: fc.oneof({ arbitrary: fc.constant(0), weight: 6 }, { arbitrary: small(8), weight: 1 }),
});

/**
 * Small scenarios (≤ 6 queues, ≤ 8 nodes after `count`, ≤ 12 jobs, ≤ 40 sessions) so a run is fast, with
 * now and then something the parser must refuse on purpose (an out-of-range variant value, a late arrival
 * listed Running): the property run and the fuzz check where it is refused (checkRejections.ts).
 */
const SCENARIO_MODEL = {
  // The main run's pick: the menu's first four entries (menus.MAIN_RUN_PICKS), as before Kueue.
  profile: small(3),
  customClass: fc.boolean(),
  queues: fc.array(rawQueue, { minLength: 1, maxLength: 6 }),
  nodes: fc.array(rawNode, { minLength: 0, maxLength: 4 }),
  jobs: fc.array(rawJob, { minLength: 0, maxLength: 8 }),
  events: fc.array(rawEvent, { minLength: 0, maxLength: 8 }),
  scheduler: maybe(rawScheduler),
  runSessions: fc.integer({ min: 1, max: 40 }),
  runByUntil: fc.boolean(),
  asJson: fc.boolean(),
  lineEnds: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: small(3), weight: 1 }),
  emptyExpect: fc.boolean(),
  keepLateRunning: fc.oneof(
    { arbitrary: fc.constant(false), weight: 24 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
  // One scenario in three has variants.
  variants: fc.oneof(
    { arbitrary: fc.constant<RawVariant[]>([]), weight: 2 },
    { arbitrary: fc.array(rawVariant, { minLength: 1, maxLength: 3 }), weight: 1 },
  ),
  seed: maybe(fc.integer({ min: 0, max: 2_147_483_647 })),
  // One scenario in four generates jobs from a seeded workload (small: at most 2 × 6 jobs).
  workload: fc.oneof(
    { arbitrary: fc.constant<RawWorkload[]>([]), weight: 3 },
    { arbitrary: fc.array(rawWorkload, { minLength: 1, maxLength: 2 }), weight: 1 },
  ),
  // One scenario in three defines a topology of its nodes' zones and gives some jobs a constraint.
  topology: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 2 }), weight: 1 },
  ),
  // One scenario in three has node pools (KAI only; buildNodePools leaves the others alone).
  pools: fc.oneof(
    { arbitrary: fc.constant(0), weight: 2 },
    { arbitrary: fc.integer({ min: 1, max: 2 }), weight: 1 },
  ),
};

export const rawScenarioWithRejections: fc.Arbitrary<RawScenario> = fc.record(SCENARIO_MODEL);

/**
 * The same scenarios for one profile-menu entry outside the main pick (a profile registered after the main
 * run's four entries, menus.sharedProfilePicks): the same draws, the profile fixed, so they shrink alike.
 */
export function rawScenarioOfPick(profile: number): fc.Arbitrary<RawScenario> {
  return fc.record({ ...SCENARIO_MODEL, profile: fc.constant(profile) });
}

/** The same scenarios, every one valid: what tests that need a scenario to run or export draw from. */
export const rawScenario: fc.Arbitrary<RawScenario> = rawScenarioWithRejections.map((raw) => ({
  ...raw,
  keepLateRunning: false,
  variants: raw.variants.map((v) => ({ ...v, outOfRange: 0 })),
}));
