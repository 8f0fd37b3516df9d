/**
 * Variants of a scenario (docs/scenario-format.md §15): named, small changes to the base scenario that a
 * workshop compares side by side ("lca or queue? 60s or 5m?"). Each is normalised like the section it
 * changes, so applying one never needs the document again.
 */
import type { PreemptionPolicy, QueuePatch } from './scenario';

/** A change to one job of the base (a `jobs` entry or a submitted job), by name. */
export interface JobPatch {
  name: string;
  priority?: number;
  priorityClassName?: string | null;
  preemptible?: boolean;
  preemptionPolicy?: PreemptionPolicy;
  /** null = runs forever. */
  runtimeMs?: number | null;
}

/** Arguments merged into every configured instance of one plugin; a `null` value removes the argument. */
export interface PluginArgumentsPatch {
  plugin: string;
  arguments: Record<string, unknown>;
}

/** One named variant: the base with these changes. */
export interface VariantSpec {
  name: string;
  description: string;
  /** Replaces the action list (null = the base's). */
  actions: string[] | null;
  /** Replaces the schedule period (null = the base's). */
  schedulePeriodMs: number | null;
  plugins: PluginArgumentsPatch[];
  /** Queue changes; `resources` already merged with the base queue's. `parent` is never changed. */
  queues: QueuePatch[];
  jobs: JobPatch[];
  /** Replaces the base's `seed` (§19): the generated jobs are generated again from it. Absent = the base's. */
  seed?: number;
}

/** The name that means "the base scenario, no variant" wherever a variant is chosen by name. */
export const BASE_VARIANT = 'base';
