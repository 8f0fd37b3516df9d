/**
 * State shared by the normalisers of one document: the issue sink, the profile whose defaults apply,
 * the priority classes in force, and where each normalised object came from (for cross-check messages).
 */
import type { PriorityClass, Profile } from '../model/scenario';
import type { IssueSink } from './IssueSink';
import type { FieldPath } from './fieldPath';
import type { SizeBudget } from './SizeBudget';

/** What every normaliser of one document needs. */
export interface NormaliseContext {
  readonly sink: IssueSink;
  readonly profile: Profile;
  /** Priority classes by name (the profile's defaults merged with `priorityClasses`). */
  readonly classes: ReadonlyMap<string, PriorityClass>;
  readonly origins: Origins;
  /** Nodes, jobs and tasks read so far, against their limits. */
  readonly budget: SizeBudget;
}

/**
 * Source paths of normalised objects (nodes, queues, jobs, tasks, events), keyed by object identity.
 * Expansion (`count`) and defaults mean a normalised object has no index of its own in the document.
 */
export class Origins {
  private readonly paths = new Map<object, FieldPath>();

  set(object: object, path: FieldPath): void {
    this.paths.set(object, path);
  }

  /** The path an object was read from; every normalised object is registered, `[]` is a fallback. */
  of(object: object): FieldPath {
    return this.paths.get(object) ?? [];
  }
}
