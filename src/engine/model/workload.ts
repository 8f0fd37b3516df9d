/**
 * A seeded workload (docs/scenario-format.md §19, issue 20): per-queue generators whose jobs the parser adds
 * to `jobs` (with their `submitAt`), so a run, the trace and every view see them as ordinary jobs. The
 * same `seed` always generates the same jobs; replicates (`sim sweep --seeds K`, the Workshop) re-seed.
 */
export interface WorkloadSpec {
  /** Top-level `seed:` (an integer; default 1). */
  seed: number;
  /** The `workload:` list, in order (each generator draws from its own stream of the seed). */
  generators: WorkloadGenerator[];
}

/**
 * One entry of `workload:`. The fields beyond `queue` are defined in §19 by the generator's implementation
 * (arrival process, sizes, durations, gang/elastic shares, priority-class mix, preemptibility).
 */
export interface WorkloadGenerator {
  /** Leaf queue the generated jobs are submitted to. */
  queue: string;
}
