/**
 * Counts the nodes, jobs and tasks of one document as they are read, so that an expansion that would go
 * over its limit (`count: 10000` on ten thousand node entries, `tasks: 10000` on every job) is refused
 * before it is built: the check must come before the memory is spent, not after.
 */
import type { IssueSink } from './IssueSink';
import type { FieldPath } from './fieldPath';
import { MAX_JOBS, MAX_NODES, MAX_TASKS } from './limits';

/** What is counted, with its limit and how a message names it. */
const KINDS = {
  nodes: { max: MAX_NODES, what: 'nodes in a scenario (after count expansion, addNode events included)' },
  jobs: { max: MAX_JOBS, what: 'jobs in a scenario (submit events included)' },
  tasks: { max: MAX_TASKS, what: 'tasks in a scenario (after expansion, submitted jobs included)' },
} as const;

/** One of the counted kinds. */
export type BudgetKind = keyof typeof KINDS;

/** The running totals of one document. */
export class SizeBudget {
  private readonly used: Record<BudgetKind, number> = { nodes: 0, jobs: 0, tasks: 0 };
  private readonly reported = new Set<BudgetKind>();

  constructor(private readonly sink: IssueSink) {}

  /**
   * Takes `n` more of `kind`. Returns false (and reports at `path`, once per kind, so that a long list
   * over the limit gives one error) when the total would go over the limit; the caller then builds none.
   */
  take(kind: BudgetKind, n: number, path: FieldPath): boolean {
    const { max, what } = KINDS[kind];
    if (this.used[kind] + n <= max) {
      this.used[kind] += n;
      return true;
    }
    if (!this.reported.has(kind)) {
      this.reported.add(kind);
      this.sink.report(
        'too-large',
        path,
        `at most ${max} ${what}; this entry brings the total to ${this.used[kind] + n}`,
      );
    }
    return false;
  }
}
