/**
 * A Volcano queue (`api/queue_info.go`): spec fields the plugins read. Queue UID = name, so ties in queue
 * order break by name (creation times are all equal in the sandbox).
 */
import type { QueueSpec } from '../../../model/scenario';

export class QueueInfo {
  constructor(readonly spec: QueueSpec) {}

  get name(): string {
    return this.spec.name;
  }
  get priority(): number {
    return this.spec.priority;
  }
  get weight(): number {
    return this.spec.weight;
  }
  /** `spec.state` (Open unless set otherwise). */
  get isOpen(): boolean {
    return this.spec.state === 'Open';
  }
  /** `spec.reclaimable` (nil → reclaimable). */
  get reclaimable(): boolean {
    return this.spec.reclaimable;
  }
}
