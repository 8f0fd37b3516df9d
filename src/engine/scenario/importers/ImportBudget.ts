/**
 * The running totals of one import (nodes, queues, jobs, tasks), taken before an object is built, so that
 * a Volcano Job with `replicas: 1e9` is refused before a single task is made (it ran the heap out).
 */
import { MAX_IMPORT_JOBS, MAX_IMPORT_NODES, MAX_IMPORT_QUEUES, MAX_IMPORT_TASKS } from './importLimits';

const KINDS = {
  nodes: MAX_IMPORT_NODES,
  queues: MAX_IMPORT_QUEUES,
  jobs: MAX_IMPORT_JOBS,
  tasks: MAX_IMPORT_TASKS,
} as const;

export type ImportKind = keyof typeof KINDS;

export class ImportBudget {
  private readonly used: Record<ImportKind, number> = { nodes: 0, queues: 0, jobs: 0, tasks: 0 };
  private readonly reported = new Set<ImportKind>();

  constructor(private readonly errors: string[]) {}

  /**
   * Takes `n` more of `kind`; false (with one error per kind, naming `where`, the document and field that
   * went over) when the total would pass the scenario format's limit. The caller then builds nothing.
   */
  take(kind: ImportKind, n: number, where: string): boolean {
    const max = KINDS[kind];
    if (this.used[kind] + n <= max) {
      this.used[kind] += n;
      return true;
    }
    if (!this.reported.has(kind)) {
      this.reported.add(kind);
      this.errors.push(
        `${where}: at most ${max} ${kind} in a scenario (docs/scenario-format.md §10); this brings the total to ${this.used[kind] + n}`,
      );
    }
    return false;
  }
}
