/**
 * A queue in the session's tree. Only leaf queues hold jobs (KAI). `path` runs root → this queue.
 */
import type { QueueSpec } from '../../../model/scenario';

export class QueueInfo {
  readonly name: string;
  readonly spec: QueueSpec;
  parent: QueueInfo | null = null;
  readonly children: QueueInfo[] = [];
  /** Queues from the top level down to this one (inclusive). */
  path: QueueInfo[] = [];

  constructor(spec: QueueSpec) {
    this.name = spec.name;
    this.spec = spec;
  }

  get isLeaf(): boolean {
    return this.children.length === 0;
  }

  get depth(): number {
    return this.path.length - 1;
  }
}

/** Builds the queue tree; children are kept sorted by name so every walk is deterministic. */
export function buildQueueTree(specs: readonly QueueSpec[]): Map<string, QueueInfo> {
  const map = new Map<string, QueueInfo>();
  for (const spec of specs) map.set(spec.name, new QueueInfo(spec));
  for (const q of map.values()) {
    const parent = q.spec.parent === null ? undefined : map.get(q.spec.parent);
    if (parent) {
      q.parent = parent;
      parent.children.push(q);
    }
  }
  for (const q of map.values()) {
    q.children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const path: QueueInfo[] = [];
    const seen = new Set<QueueInfo>();
    for (let cur: QueueInfo | null = q; cur && !seen.has(cur); cur = cur.parent) {
      seen.add(cur);
      path.unshift(cur);
    }
    q.path = path;
  }
  return map;
}
