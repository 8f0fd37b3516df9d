/** How the store's selection maps onto the cluster map's emphasis. */
import type { QueueState } from '../../engine/model/snapshot';
import type { Selection } from '../../store/AppState';

/** The leaf queues at or under `queue` (cells carry leaf queues). Empty when the queue is unknown. */
export function leavesUnder(queues: readonly QueueState[], queue: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const q of queues) {
    if (q.parent === null) continue;
    const list = children.get(q.parent);
    if (list === undefined) children.set(q.parent, [q.name]);
    else list.push(q.name);
  }
  const out = new Set<string>();
  if (!queues.some((q) => q.name === queue)) return out;
  const seen = new Set<string>();
  const stack = [queue];
  while (stack.length > 0) {
    const name = stack.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const kids = children.get(name);
    if (kids === undefined) out.add(name);
    else stack.push(...kids);
  }
  return out;
}

/**
 * What a click on the map selects. `job` is the job under the pointer after the chart's own toggle (null
 * when the click hit no task, or hit the selected job again); `hovered` is what the pointer is over.
 */
export function clickSelection(
  job: string | null,
  hovered: { node: string; job: string | null } | null,
  current: Selection | null,
): Selection | null {
  if (job !== null) return { kind: 'job', name: job };
  // A click on the selected job again clears; a click on an empty cell or a frame selects the node.
  if (hovered === null || hovered.job !== null) return null;
  if (current?.kind === 'node' && current.name === hovered.node) return null;
  return { kind: 'node', name: hovered.node };
}
