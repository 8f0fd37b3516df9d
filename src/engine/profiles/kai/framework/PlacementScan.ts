/**
 * The best node for a task, remembered between tasks that ask the same thing (issue 13).
 *
 * Placement visits every candidate node of a task in name order: does it fit, do the predicates pass, what
 * does it score; the best score wins, the first of equal scores by name. A CPU-only pod has room on almost
 * every node, so 7,000 such pods on 4,000 nodes cost 28 million visits. Yet between two tasks of one job
 * only the node the first one took has changed. Here each node's verdict for a request is kept with the
 * node's version (NodeInfo.version, bumped by every change of its occupation) and recomputed only for
 * nodes that changed since; the walk over the kept verdicts then picks the same node and gives the same
 * refusal reasons as the full visit, because it applies the same rule in the same order.
 *
 * This is exact only while a verdict depends on nothing but the request, the task's node selector and the
 * node itself. The Session enables it only when every predicate and node-order callback comes from a
 * plugin known to be node-local (KAI's `predicates` and `nodeplacement`); any other plugin turns it off.
 */
import { EPSILON } from '../../../model/resources';
import type { FitMode, NodeInfo } from './NodeInfo';
import type { TaskInfo } from './JobInfo';

/**
 * Switches for the equivalence test (PlacementScan.test.ts), which runs generated scenarios with and
 * without the shortcuts of issue 13 and compares every snapshot: off, placement walks every candidate. (The
 * victim solver's memo of repeated scenarios is gone: upstream's own failed-scenario set, modelled in
 * solveVictims, skips every repeat before the memo could see it; decision 0240.) Never changed outside that test.
 */
export const speedUps = { placementScan: true, scans: 0 };

/** What a node said about a request at a version of the node. */
const NOT_FIT = 0;
const REFUSED = 1;
const SCORED = 2;

interface Verdicts {
  versions: Uint32Array;
  state: Uint8Array;
  score: Float64Array;
  reason: (string | null)[];
}

/** At most this many requests are remembered (least recently used goes first). */
const MAX_ENTRIES = 16;

export interface NodeJudge {
  predicate(task: TaskInfo, node: NodeInfo): string | null;
  nodeScore(task: TaskInfo, node: NodeInfo): number;
}

export class PlacementScan {
  private readonly entries = new Map<string, Verdicts>();

  constructor(
    private readonly nodes: readonly NodeInfo[],
    private readonly judge: NodeJudge,
  ) {}

  /**
   * Best node for `task` among the nodes where it fits in `mode`, as the plain visit in name order would
   * find it; `own` (a releasing victim's node) is judged by `ownAccept` instead of by fit, never remembered.
   * Predicate refusals of fitting nodes are added to `reasons`, at most 4 in all, as the plain visit does.
   */
  best(
    task: TaskInfo,
    mode: FitMode,
    reasons: string[],
    own: NodeInfo | null,
    ownAccept: ((node: NodeInfo) => boolean) | null,
  ): NodeInfo | null {
    speedUps.scans++;
    const v = this.verdicts(task, mode);
    const nodes = this.nodes;
    const { versions, state, score, reason } = v;
    const ownAt = own === null ? -1 : own.position;
    let best = -1;
    let bestScore = -Infinity;
    for (let i = 0; i < nodes.length; i++) {
      const node = nodes[i] as NodeInfo;
      let sc: number;
      if (i === ownAt) {
        // Not remembered: whether a victim can take its own place back depends on the victim.
        if (!(ownAccept as (node: NodeInfo) => boolean)(node)) continue;
        const why = this.judge.predicate(task, node);
        if (why !== null) {
          if (reasons.length < 4) reasons.push(`${node.name}: ${why}`);
          continue;
        }
        sc = this.judge.nodeScore(task, node);
      } else {
        if (versions[i] !== node.version) this.judge1(v, i, task, mode);
        const st = state[i] as number;
        if (st === NOT_FIT) continue;
        if (st === REFUSED) {
          if (reasons.length < 4) reasons.push(`${node.name}: ${reason[i] as string}`);
          continue;
        }
        sc = score[i] as number;
      }
      if (sc > bestScore + EPSILON) {
        best = i;
        bestScore = sc;
      }
    }
    return best < 0 ? null : (nodes[best] as NodeInfo);
  }

  private judge1(v: Verdicts, i: number, task: TaskInfo, mode: FitMode): void {
    const node = this.nodes[i] as NodeInfo;
    v.versions[i] = node.version;
    v.reason[i] = null;
    if (!node.fitsTask(task, mode)) {
      v.state[i] = NOT_FIT;
      return;
    }
    const why = this.judge.predicate(task, node);
    if (why !== null) {
      v.state[i] = REFUSED;
      v.reason[i] = why;
      return;
    }
    v.state[i] = SCORED;
    v.score[i] = this.judge.nodeScore(task, node);
  }

  /** The remembered verdicts for this request (its amounts, node selector and fit mode). */
  private verdicts(task: TaskInfo, mode: FitMode): Verdicts {
    const r = task.req;
    // A GPU-memory request is a different fraction on each device memory: keyed on its MiB, not on `r.gpu`.
    const gpu = task.spec.gpuMemoryMiB === undefined ? r.gpu : `${task.spec.gpuMemoryMiB}MiB`;
    const key = `${mode} ${gpu}x${task.gpuDevices} ${r.cpu} ${r.memory} ${r.pods} ${selectorKey(task.spec.nodeSelector)}`;
    let v = this.entries.get(key);
    if (v) {
      // Most recently used last, so the first key is the one to drop.
      this.entries.delete(key);
      this.entries.set(key, v);
      return v;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    const n = this.nodes.length;
    // Version 0 is never a node's (they start at 1): every verdict is computed on first use.
    v = {
      versions: new Uint32Array(n),
      state: new Uint8Array(n),
      score: new Float64Array(n),
      reason: new Array<string | null>(n).fill(null),
    };
    this.entries.set(key, v);
    return v;
  }
}

const selectorKeys = new WeakMap<Record<string, string>, string>();

/** The node selector as text (cached per selector object; specs share them). */
function selectorKey(selector: Record<string, string>): string {
  let key = selectorKeys.get(selector);
  if (key === undefined) {
    key = JSON.stringify(Object.entries(selector).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    selectorKeys.set(selector, key);
  }
  return key;
}
