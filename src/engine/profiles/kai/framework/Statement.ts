/**
 * A Statement is an ordered log of tentative operations (KAI `framework/statement.go`). Each operation
 * changes session state at once (task status, node occupation, plugin event handlers such as proportion's
 * queue allocation); `checkpoint()` marks the log length, `rollback(cp)` undoes newer operations in reverse
 * order, `discard()` undoes everything. Keeping a statement leaves its effects in the session; the
 * simulator turns the session's final state into the committed decisions.
 */
import type { GpuSlot, NodeInfo } from './NodeInfo';
import type { SessionTaskStatus, TaskInfo } from './JobInfo';
import type { Session } from './Session';

export type OperationKind = 'allocate' | 'pipeline' | 'evict' | 'unevict';

/** Who asked for an operation, for the decision trace. */
export interface OperationCause {
  action: string;
  /** The preemptor job for evictions and for moves of victims. */
  by: string | null;
  attempt: number | null;
}

/**
 * One operation and the task's place and cause before it (held flat: a victim search
 * pushes millions of these, and one object each instead of two halves the garbage).
 */
interface Operation {
  kind: OperationKind;
  task: TaskInfo;
  cause: OperationCause;
  prevStatus: SessionTaskStatus;
  prevNode: NodeInfo | null;
  prevGpus: GpuSlot[];
  prevMovedFrom: TaskInfo['movedFrom'];
  prevCause: OperationCause | null;
  prevVirtual: boolean;
}

export class Statement {
  private readonly ops: Operation[] = [];

  constructor(
    private readonly ssn: Session,
    private readonly cause: OperationCause,
  ) {}

  checkpoint(): number {
    return this.ops.length;
  }

  get size(): number {
    return this.ops.length;
  }

  /** Pending task placed on idle capacity. */
  allocate(task: TaskInfo, node: NodeInfo, gpus: GpuSlot[]): void {
    this.push('allocate', task);
    this.ssn.changeTask(task, 'Allocated', node, gpus);
  }

  /** Pending (or releasing, when a victim moves) task promised to capacity that is being released. */
  pipeline(task: TaskInfo, node: NodeInfo, gpus: GpuSlot[]): void {
    this.push('pipeline', task);
    this.ssn.changeTask(task, 'Pipelined', node, gpus);
  }

  /**
   * Running, allocated or pipelined task evicted: it keeps holding its node as Releasing for the rest of the
   * session (KAI Session.Evict sets Releasing on the pod's node, framework/session.go:159-162 @d5bc503). A
   * victim pipelined away from its node by this session's consolidation is evicted where it runs.
   */
  evict(task: TaskInfo): void {
    const from = task.status === 'Pipelined' ? task.movedFrom : null;
    this.push('evict', task);
    // KAI statement.go:122 @d5bc503: an eviction in a statement is virtual until the statement commits.
    task.virtuallyEvicted = true;
    if (from) this.ssn.changeTask(task, 'Releasing', from.node, from.gpus);
    else this.ssn.changeTask(task, 'Releasing', task.node, task.gpus);
  }

  /** A victim that fits back on its own node stops being a victim. */
  unevict(task: TaskInfo): void {
    this.push('unevict', task);
    task.virtuallyEvicted = false;
    this.ssn.changeTask(task, task.openStatus, task.node, task.gpus);
  }

  rollback(checkpoint: number): void {
    while (this.ops.length > checkpoint) {
      const op = this.ops.pop() as Operation;
      op.task.virtuallyEvicted = op.prevVirtual;
      this.ssn.restoreTask(op.task, op.prevStatus, op.prevNode, op.prevGpus, op.prevMovedFrom, op.prevCause);
    }
  }

  discard(): void {
    this.rollback(0);
  }

  /**
   * The action keeps this statement (KAI reclaim.go:102, preempt.go:100, consolidation.go:83 Commit): its
   * evictions stop being virtual (statement.go:151 commitEvict), so queue order no longer counts the evicted
   * tasks as still to allocate (pod_info.go:585-588 ShouldAllocate). The operations stay in the session.
   */
  commit(): void {
    for (const op of this.ops) {
      if (op.kind !== 'evict' || !op.task.virtuallyEvicted) continue;
      op.task.virtuallyEvicted = false;
      op.task.job.version++;
    }
  }

  /** Operations still in effect, oldest first (for attributing decisions). */
  operations(): readonly { kind: OperationKind; task: TaskInfo; cause: OperationCause }[] {
    return this.ops;
  }

  private push(kind: OperationKind, task: TaskInfo): void {
    this.ops.push({
      kind,
      task,
      cause: this.cause,
      prevStatus: task.status,
      prevNode: task.node,
      prevGpus: task.gpus,
      prevMovedFrom: task.movedFrom,
      prevCause: task.cause,
      prevVirtual: task.virtuallyEvicted,
    });
    this.ssn.noteCause(task, this.cause);
  }
}
