/**
 * The size limits of a scenario (docs/scenario-format.md §10, decision record 0007). Every scenario runs
 * in a browser tab: a value or a count beyond these would freeze or crash the page (a node with 10^9 GPU
 * devices, a `count` expansion of 10^8 nodes, a chain of queues deeper than the stack), so each is an
 * error naming its field, like any other invalid value. The bounds leave room for production-scale
 * clusters (thousands of 8-GPU nodes, hundreds of thousands of pods).
 */

/** GPU devices of one node. The engine models each device (fractional sharing is per device). */
export const MAX_GPUS_PER_NODE = 128;
/** Nodes in a scenario, after `count` expansion, `addNode` events included. */
export const MAX_NODES = 10_000;
/** Jobs in a scenario, `submit` events included. */
export const MAX_JOBS = 100_000;
/** Tasks (pods) in a scenario, after `tasks: N` expansion, submitted jobs included. */
export const MAX_TASKS = 200_000;
/** Queues in a scenario. */
export const MAX_QUEUES = 10_000;
/**
 * Child queues of one queue (or top-level queues). Fair-share division of one level can take a round per
 * sibling, each over all siblings, so width is bounded tighter than the total.
 */
export const MAX_SIBLING_QUEUES = 5_000;
/** Levels of the queue tree: a top-level queue is at depth 1. */
export const MAX_QUEUE_DEPTH = 3_000;
/** `run.sessions`, `run.maxSessions` and the runner's `--sessions`. */
export const MAX_SESSIONS = 100_000;
/** Largest magnitude of a duration (10,000 hours), enforced by `parseDuration` itself. */
export { MAX_DURATION_MS } from '../model/duration';
/** Length of the scenario text, in characters (the runner also caps the file's bytes). */
export const MAX_TEXT_LENGTH = 16 * 1024 * 1024;
/** Length of a name (node, queue, job, task, class, plugin), as a Kubernetes object name. */
export const MAX_NAME_LENGTH = 253;
/** Length of a mapping key anywhere in the document (a Kubernetes label key is at most 317). */
export const MAX_KEY_LENGTH = 317;
/** Length of any other string (label and annotation values, arguments), `description` excepted. */
export const MAX_STRING_LENGTH = 65_536;
/** Length of `description`, the lesson text. */
export const MAX_DESCRIPTION_LENGTH = 1_000_000;
/** Entries of one `labels`, `annotations` or `nodeSelector` mapping. */
export const MAX_MAP_ENTRIES = 1_000;
/** Entries of `events`. */
export const MAX_EVENTS = 100_000;
/** Entries of `expect`. */
export const MAX_EXPECT = 10_000;
/** Nesting of lists and mappings in the document (the format itself needs fewer than 10 levels). */
export const MAX_NESTING = 64;
/** Steps of a scripted `lesson`. */
export const MAX_LESSON_STEPS = 1_000;
/** Choices of one lesson question: at least 2, at most 4 (picked with the keys 1-4). */
export const MIN_LESSON_CHOICES = 2;
export const MAX_LESSON_CHOICES = 4;
/** Length of a choice label (a question is at most twice that); a `say` is any other string. */
export const MAX_LESSON_LABEL_LENGTH = 200;
/** Entries of `variants` (each one is a whole run in an A/B view or a sweep). */
export const MAX_VARIANTS = 32;
/** Entries of one variant's `queues`, `jobs` or `plugins`. */
export const MAX_VARIANT_CHANGES = 1_000;
/** Entries of `workload` (§19): generators of a seeded workload. */
export const MAX_WORKLOAD_GENERATORS = 1_000;
/** A generator's Poisson `ratePerHour`. */
export const MAX_WORKLOAD_RATE_PER_HOUR = 100_000;
/** Entries of a generator's `gpus` or `priorityClasses` mix. */
export const MAX_WORKLOAD_CHOICES = 100;
/** Entries of a generator's `arrivals.bursts`. */
export const MAX_WORKLOAD_BURSTS = 1_000;
/** Largest `sigma` of a log-normal runtime (e^(4·10) already passes the duration bound, which clamps). */
export const MAX_WORKLOAD_SIGMA = 10;
/** Largest weight in a mix (weights are relative; the bound keeps their sum exact in a double). */
export const MAX_WORKLOAD_WEIGHT = 1_000_000;
/** Largest top-level `seed` (§19): a non-negative 32-bit signed integer. */
export const MAX_SEED = 2_147_483_647;
/**
 * Entries of `nodePools` (§24): each pool is a scheduler of its own that runs a session every period, so
 * a run's work grows with their number.
 */
export const MAX_NODE_POOLS = 64;
/** Entries of one pool's `plugins` or `actions` overrides (more than the catalogue has is a typo anyway). */
export const MAX_NODE_POOL_OVERRIDES = 64;
