/**
 * A transaction of scheduling operations (Volcano `framework/statement.go`): Evict, Pipeline and Allocate
 * change the session state at once and are recorded; `discard` undoes them in reverse order; `commit`
 * makes them final in order; `merge` moves another statement's operations into this one (preempt and
 * reclaim build one temporary statement per candidate node). The session that owns the tasks supplies
 * how each operation is applied, undone and committed.
 */
export type Operation<T, N> =
  | { readonly kind: 'evict'; readonly task: T; readonly reason: string }
  | { readonly kind: 'pipeline'; readonly task: T; readonly node: N; readonly evictionOccurred: boolean }
  | { readonly kind: 'allocate'; readonly task: T; readonly node: N };

/** What the session does for each operation. */
export interface StatementHost<T, N> {
  evict(task: T, reason: string): void;
  unevict(task: T): void;
  pipeline(task: T, node: N): void;
  unpipeline(task: T): void;
  allocate(task: T, node: N): void;
  unallocate(task: T): void;
  /** Makes one operation final (bind, evict in the cluster, keep the pipeline). */
  commit(op: Operation<T, N>): void;
}

export class OperationStatement<T, N> {
  private ops: Operation<T, N>[] = [];

  constructor(private readonly host: StatementHost<T, N>) {}

  /** Recorded operations, oldest first. */
  operations(): readonly Operation<T, N>[] {
    return this.ops;
  }

  evict(task: T, reason: string): void {
    this.host.evict(task, reason);
    this.ops.push({ kind: 'evict', task, reason });
  }

  pipeline(task: T, node: N, evictionOccurred: boolean): void {
    this.host.pipeline(task, node);
    this.ops.push({ kind: 'pipeline', task, node, evictionOccurred });
  }

  allocate(task: T, node: N): void {
    this.host.allocate(task, node);
    this.ops.push({ kind: 'allocate', task, node });
  }

  /** Undoes every operation, newest first, and clears the list. */
  discard(): void {
    for (let i = this.ops.length - 1; i >= 0; i--) {
      const op = this.ops[i] as Operation<T, N>;
      if (op.kind === 'evict') this.host.unevict(op.task);
      else if (op.kind === 'pipeline') this.host.unpipeline(op.task);
      else this.host.unallocate(op.task);
    }
    this.ops = [];
  }

  /** Makes every operation final, oldest first, and clears the list. */
  commit(): void {
    for (const op of this.ops) this.host.commit(op);
    this.ops = [];
  }

  /** Moves the operations of `others` (in order) to the end of this statement. */
  merge(...others: OperationStatement<T, N>[]): void {
    for (const o of others) {
      this.ops.push(...o.ops);
      o.ops = [];
    }
  }
}
