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
  // Each path extends its parent's, computed once: linear in the total path length. (Walking up from every
  // queue with unshift was cubic in a chain's depth: 2.4 s per session for a 3,000-deep chain.)
  const paths = new Map<QueueInfo, QueueInfo[]>();
  for (const q of map.values()) {
    q.children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const chain: QueueInfo[] = [];
    const seen = new Set<QueueInfo>();
    let cur: QueueInfo | null = q;
    while (cur && !paths.has(cur) && !seen.has(cur)) {
      seen.add(cur);
      chain.push(cur);
      cur = cur.parent;
    }
    let path = cur === null ? [] : (paths.get(cur) ?? []);
    for (let i = chain.length - 1; i >= 0; i--) {
      const link = chain[i] as QueueInfo;
      path = [...path, link];
      paths.set(link, path);
    }
    q.path = paths.get(q) as QueueInfo[];
  }
  return map;
}
