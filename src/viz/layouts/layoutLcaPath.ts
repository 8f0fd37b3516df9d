/**
 * Geometry of a min-runtime resolution drawn over the queue tree: the preemptor's and the victim's queues,
 * their lowest common ancestor, the queue one step below it toward the victim, the walk up to the queue
 * whose value was used, and a callout such as "1m from d — protected until t=2m".
 *
 * The resolution itself comes from the engine (`MinRuntimeResolution`); this only places it.
 */
import { linkHorizontal, linkVertical } from 'd3';
import { QUEUE_RESOURCE_NAMES, type QueueResourceName } from '../../engine/model/resources';
import type { MinRuntimeResolution } from '../../engine/model/trace';
import type {
  QueueFigures,
  ReclaimFiguresDetail as ReclaimableDetail,
} from '../../engine/framework/verdictDetails';
import { compareNames } from './compareNames';
import { formatResource, formatSpan, formatTime } from './formatSpan';
import { ancestryFrom, lcaFrom, pathUpTo } from './lcaOf';
import { SYNTHETIC_ROOT, treeLink, type QueueTreeLayout, type QueueTreeNode } from './layoutQueueTree';
import type { Bounds } from './fitTransform';
import { placeCallout, type Box } from './placeCallout';
import { textWidth } from './textWidth';

/** What a highlighted queue is in the resolution. */
export type LcaRole = 'preemptor' | 'victim' | 'lca' | 'stepDown' | 'walk' | 'source';

/** A highlighted queue. Geometry is that of the visible card standing in for it. */
export interface LcaPathNode {
  name: string;
  /** The visible card drawn for it: itself, or the collapsed ancestor hiding it. */
  standIn: string;
  isHidden: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  roles: LcaRole[];
  /** Position in the walk (0 = where the walk starts), or null when the queue is not on it. */
  walkStep: number | null;
  /** Role tag drawn above the card (`victim · source`), empty for plain walk steps. */
  tag: string;
}

/** A highlighted edge: the two branches below the LCA, or one step of the walk (child to parent). */
export interface LcaPathEdge {
  from: string;
  to: string;
  kind: 'preemptor' | 'victim' | 'walk';
  /** SVG path data; walk steps run from the child to the parent (draw an arrowhead at the end). */
  path: string;
}

/** A text box with a leader line to a card. */
export interface LcaCallout {
  x: number;
  y: number;
  width: number;
  height: number;
  lines: string[];
  /** From the box edge to the card. */
  leader: { x1: number; y1: number; x2: number; y2: number };
}

/** One highlighted card: the roles of its own queue and of hidden queues it stands in for. */
export interface LcaPathCard {
  /** The visible card's queue name. */
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  roles: LcaRole[];
  /** Role tag above the card, e.g. `victim · step down · source` or `step down · victim leaf1 (hidden)`. */
  tag: string;
  tagWidth: number;
}

/** The headline callout of a resolution. */
export interface LcaResolutionCallout extends LcaCallout {
  /** `protected`: the cursor is before protectedUntil; `expired`: at or after it; `unstarted`: no start time. */
  tone: 'protected' | 'expired' | 'unstarted' | 'none';
  /** The queue the callout points at (the source, or the last queue looked at for a default). */
  queue: string;
}

/** The numbers of one of the two leveled queues a reclaim strategy compared. */
export interface LeveledCallout extends LcaCallout {
  side: 'reclaimer' | 'victim';
  queue: string;
  figures: QueueFigures;
}

/** Output of {@link layoutLcaPath}. */
export interface LcaPathGeometry {
  kind: MinRuntimeResolution['kind'];
  method: MinRuntimeResolution['method'];
  preemptorQueue: string | null;
  victimQueue: string;
  lca: string | null;
  source: string;
  durationMs: number;
  /** The two queues are in different top-level trees (the LCA method then only looks at the victim's top). */
  isCrossTree: boolean;
  nodes: LcaPathNode[];
  /** The highlighted cards (queues hidden by a collapse merged into their stand-in). */
  cards: LcaPathCard[];
  edges: LcaPathEdge[];
  callout: LcaResolutionCallout;
  leveled: LeveledCallout[];
  /** Queues the resolution names that are not in the tree at all. */
  missing: string[];
  /** Box around the tags and callouts (union it with the tree's bounds to frame everything). */
  bounds: Bounds;
  /** The role tags' size (larger on compact cards, whose text is all one size). */
  tagMetrics: TagMetrics;
  /**
   * Whether the callouts are placed in the tree. Compact trees (the stage) draw the headline below the tree
   * at screen size instead, and leave the leveled queues' figures to the decision text beside the tree.
   */
  calloutsInTree: boolean;
}

/** Extra facts shown with the path. */
export interface LcaPathOptions {
  /** From the victim job's protection (`JobState.*Protection` or `MinRuntimeDetail`). */
  protectedUntilMs?: number | null;
  /** Cursor time, to say whether the protection still holds. */
  nowMs?: number | null;
  /** For reclaims: the leveled queues' numbers from the `reclaimable` verdict. */
  reclaimable?: ReclaimableDetail | null;
}

const LINE_HEIGHT = 15;
const CALLOUT_PAD = 8;
const FONT_SIZE = 11;
/** Role tags sit `offset` above their card, `height` tall, in `fontSize` bold. */
export interface TagMetrics {
  offset: number;
  height: number;
  fontSize: number;
  pad: number;
}
export const LCA_TAG: TagMetrics = { offset: 20, height: 14, fontSize: 10, pad: 6 };
/** Tags over compact cards: the cards' one text size. */
export const LCA_TAG_COMPACT: TagMetrics = { offset: 18, height: 15, fontSize: 11, pad: 6 };

const ROLE_WORDS: Record<LcaRole, string> = {
  preemptor: 'preemptor',
  victim: 'victim',
  lca: 'LCA',
  stepDown: 'step down',
  walk: '',
  source: 'source',
};
const ROLE_ORDER: readonly LcaRole[] = ['preemptor', 'victim', 'lca', 'stepDown', 'walk', 'source'];

function calloutBox(lines: string[]): { width: number; height: number } {
  const width = Math.max(...lines.map((l) => textWidth(l, FONT_SIZE))) + 2 * CALLOUT_PAD;
  return { width: Math.ceil(width), height: lines.length * LINE_HEIGHT + CALLOUT_PAD };
}

/** Non-zero resources of a figure, as `3 gpu` or `3 gpu, 8 cpu`. */
function amount(v: QueueFigures['allocated'], resources: readonly QueueResourceName[]): string {
  const parts = resources.map(
    (r) => `${formatResource(r, v[r])}${resources.length > 1 || r !== 'gpu' ? ` ${r}` : ''}`,
  );
  return parts.join(', ');
}

function figureResources(f: QueueFigures, request?: QueueFigures['allocated']): QueueResourceName[] {
  const used = QUEUE_RESOURCE_NAMES.filter(
    (r) =>
      f.allocated[r] !== 0 ||
      f.fairShare[r] !== 0 ||
      f.quota[r] !== 0 ||
      (request !== undefined && request[r] !== 0),
  );
  return used.length === 0 ? ['gpu'] : used;
}

/**
 * Highlights `resolution` on `tree`.
 *
 * @param preemptorQueue - the preemptor's leaf queue (defaults to `resolution.preemptorQueue`).
 * @param victimQueue - the victim's leaf queue (defaults to `resolution.victimQueue`).
 */
export function layoutLcaPath(
  tree: QueueTreeLayout,
  resolution: MinRuntimeResolution,
  preemptorQueue: string | null = resolution.preemptorQueue,
  victimQueue: string = resolution.victimQueue,
  options: LcaPathOptions = {},
): LcaPathGeometry {
  const parentOf = tree.parentOf;
  const missing = new Set<string>();
  const known = (q: string | null): q is string => {
    if (q === null) return false;
    if (!parentOf.has(q)) {
      if (q !== 'default') missing.add(q);
      return false;
    }
    return true;
  };

  /** The visible card for a queue: itself, or the nearest visible ancestor (a collapsed queue). */
  const standInOf = (q: string): QueueTreeNode | undefined => {
    for (const a of ancestryFrom(parentOf, q)) {
      const n = tree.byName.get(a);
      if (n !== undefined) return n;
    }
    return undefined;
  };

  const roles = new Map<string, Set<LcaRole>>();
  const walkStep = new Map<string, number>();
  const addRole = (q: string | null, role: LcaRole): void => {
    if (!known(q)) return;
    let set = roles.get(q);
    if (set === undefined) roles.set(q, (set = new Set()));
    set.add(role);
  };

  const preemptor = known(preemptorQueue) ? preemptorQueue : null;
  addRole(preemptor, 'preemptor');
  addRole(victimQueue, 'victim');
  addRole(resolution.lca, 'lca');
  addRole(resolution.stepDown, 'stepDown');
  resolution.path.forEach((q, i) => {
    addRole(q, 'walk');
    if (known(q) && !walkStep.has(q)) walkStep.set(q, i);
  });
  if (resolution.source !== 'default') addRole(resolution.source, 'source');

  const roots = (q: string): string | undefined => ancestryFrom(parentOf, q).at(-1);
  const isCrossTree = preemptor !== null && known(victimQueue) && roots(preemptor) !== roots(victimQueue);

  // Branches below the LCA: only where the preemptor's position matters (reclaim with the LCA method).
  const branchEdges: { from: string; to: string; kind: 'preemptor' | 'victim' }[] = [];
  if (
    resolution.kind === 'reclaim' &&
    resolution.method === 'lca' &&
    preemptor !== null &&
    known(victimQueue)
  ) {
    const lca = lcaFrom(parentOf, preemptor, victimQueue);
    const top = (q: string): string[] => {
      const up = ancestryFrom(parentOf, q);
      // Different trees meet at the synthetic root when the tree draws one.
      return lca === null
        ? tree.hasSyntheticRoot
          ? [...up, SYNTHETIC_ROOT]
          : up
        : pathUpTo(parentOf, q, lca);
    };
    const chain = (q: string, kind: 'preemptor' | 'victim'): void => {
      const up = top(q);
      for (let i = 0; i + 1 < up.length; i++) {
        branchEdges.push({ from: up[i + 1] as string, to: up[i] as string, kind });
      }
    };
    chain(preemptor, 'preemptor');
    chain(victimQueue, 'victim');
  }

  const isDown = tree.orientation === 'vertical';
  const TAG = tree.density === 'compact' ? LCA_TAG_COMPACT : LCA_TAG;
  const calloutsInTree = tree.density !== 'compact';
  const link = treeLink(tree.orientation);
  const nodeFor = (q: string): QueueTreeNode | undefined =>
    q === SYNTHETIC_ROOT ? tree.byName.get(SYNTHETIC_ROOT) : standInOf(q);

  const edges: LcaPathEdge[] = [];
  for (const e of branchEdges) {
    const parent = nodeFor(e.from);
    const child = nodeFor(e.to);
    if (parent === undefined || child === undefined || parent === child) continue;
    edges.push({ from: parent.name, to: child.name, kind: e.kind, path: link(parent, child) });
  }
  const walkLink = isDown
    ? linkVertical<{ source: [number, number]; target: [number, number] }, [number, number]>()
    : linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>();
  // Walk steps run child -> parent, offset beside the tree link (above it, or right of it top down) so
  // both stay visible.
  for (let i = 0; i + 1 < resolution.path.length; i++) {
    const childName = resolution.path[i] as string;
    const parentName = resolution.path[i + 1] as string;
    if (!known(childName) || !known(parentName)) continue;
    const child = standInOf(childName);
    const parent = standInOf(parentName);
    if (child === undefined || parent === undefined || child === parent) continue;
    let source: [number, number];
    let target: [number, number];
    if (isDown) {
      const shift = Math.min(child.width, parent.width) * 0.25;
      source = [child.x + child.width / 2 + shift, child.y];
      target = [parent.x + parent.width / 2 + shift, parent.y + parent.height + 2];
    } else {
      const lift = Math.min(child.height, parent.height) * 0.3;
      source = [child.x, child.y + child.height / 2 - lift];
      target = [parent.x + parent.width + 2, parent.y + parent.height / 2 - lift];
    }
    edges.push({ from: child.name, to: parent.name, kind: 'walk', path: walkLink({ source, target }) ?? '' });
  }

  const words = (rs: readonly LcaRole[]): string =>
    rs
      .map((r) => ROLE_WORDS[r])
      .filter((w) => w !== '')
      .join(' · ');
  const nodes: LcaPathNode[] = [];
  for (const [name, set] of roles) {
    const card = standInOf(name);
    if (card === undefined) continue;
    const ordered = ROLE_ORDER.filter((r) => set.has(r));
    nodes.push({
      name,
      standIn: card.name,
      isHidden: card.name !== name,
      x: card.x,
      y: card.y,
      width: card.width,
      height: card.height,
      roles: ordered,
      walkStep: walkStep.get(name) ?? null,
      tag: words(ordered),
    });
  }
  nodes.sort((a, b) => (a.walkStep ?? -1) - (b.walkStep ?? -1) || compareNames(a.name, b.name));

  const cards: LcaPathCard[] = [];
  for (const card of tree.nodes) {
    const own = nodes.find((n) => n.name === card.name);
    const hidden = nodes.filter((n) => n.standIn === card.name && n.isHidden);
    if (own === undefined && hidden.length === 0) continue;
    const all = new Set<LcaRole>([...(own?.roles ?? []), ...hidden.flatMap((n) => n.roles)]);
    const parts = [
      own?.tag ?? '',
      ...hidden.map((n) => `${words(n.roles) || 'on the path:'} ${n.name} (hidden)`),
    ].filter((t) => t !== '');
    const tag = parts.join(' · ');
    cards.push({
      name: card.name,
      x: card.x,
      y: card.y,
      width: card.width,
      height: card.height,
      roles: ROLE_ORDER.filter((r) => all.has(r)),
      tag,
      // Bold glyphs run about 10% wider than the estimate.
      tagWidth: tag === '' ? 0 : Math.ceil(textWidth(tag, TAG.fontSize * 1.1) + 2 * TAG.pad),
    });
  }

  // The callout points at the source, or at the last queue looked at when the default was used.
  const calloutQueue =
    resolution.source !== 'default' && known(resolution.source)
      ? resolution.source
      : ([...resolution.path].reverse().find((q) => known(q)) ?? victimQueue);
  const calloutCard = standInOf(calloutQueue) ?? tree.nodes[0];

  const span = formatSpan(resolution.durationMs);
  let headline =
    resolution.source === 'default' ? `${span} plugin default` : `${span} from ${resolution.source}`;
  let tone: LcaResolutionCallout['tone'] = 'none';
  if (options.protectedUntilMs !== undefined) {
    const until = options.protectedUntilMs;
    const now = options.nowMs ?? null;
    if (until === null) {
      tone = 'unstarted';
      headline += ' — not started, not protected';
    } else if (resolution.durationMs <= 0) {
      // A zero min-runtime protects nothing; "ended at" the start time would read as a past protection.
      tone = 'expired';
      headline += ' — no protection';
    } else if (now !== null && now >= until) {
      // Upstream compares strictly: at exactly lastStart + duration the job is no longer protected.
      tone = 'expired';
      headline += ` — protection ended at ${formatTime(until)}`;
    } else {
      tone = 'protected';
      headline += ` — protected until ${formatTime(until)}`;
    }
  }
  const walk = resolution.path.join(' → ');
  let how: string;
  if (resolution.kind === 'preempt') {
    how = `preempt · walk up ${walk}`;
  } else if (resolution.method === 'queue') {
    how = `reclaim (queue method) · walk up ${walk}`;
  } else if (resolution.lca === null) {
    const top = roots(victimQueue) ?? victimQueue;
    how = `reclaim (LCA) · different top-level trees: only ${top} is read`;
  } else {
    how = `reclaim (LCA) · LCA ${resolution.lca} · step down ${resolution.stepDown ?? victimQueue} · walk up ${walk}`;
  }
  if (resolution.source === 'default') how += ' · none set';
  const lines = [headline, how];
  if (resolution.note !== null) lines.push(resolution.note);
  if (missing.size > 0) lines.push(`not in the tree: ${[...missing].sort().join(', ')}`);
  // Obstacles: every card (with its collapse toggle) and every role tag; callouts join as they are placed.
  const obstacles: Box[] = tree.nodes.map((n) => ({
    x: n.x,
    y: n.y,
    width: n.width + (n.toggle === null ? 0 : n.toggle.r + (n.isCollapsed ? 24 : 0)),
    height: n.height,
  }));
  for (const c of cards) {
    if (c.tagWidth > 0)
      obstacles.push({ x: c.x, y: c.y - TAG.offset, width: c.tagWidth, height: TAG.height });
  }
  const hasTag = (name: string): boolean => cards.some((c) => c.name === name && c.tagWidth > 0);
  const place = (card: QueueTreeNode, text: string[]) => {
    const box = calloutBox(text);
    const visibleChildren = tree.nodes.some((n) => n.parent === card.name);
    const placed = placeCallout(card, box.width, box.height, obstacles, {
      canGoRight: !visibleChildren,
      topClearance: hasTag(card.name) ? TAG.offset : 0,
      rightClearance: card.toggle === null ? 0 : card.toggle.r + (card.isCollapsed ? 24 : 0),
    });
    obstacles.push(placed);
    return placed;
  };

  const placed =
    calloutCard === undefined || !calloutsInTree
      ? { x: 0, y: 0, ...calloutBox(lines), leader: { x1: 0, y1: 0, x2: 0, y2: 0 } }
      : place(calloutCard, lines);
  const callout: LcaResolutionCallout = { ...placed, lines, tone, queue: calloutQueue };

  const leveled: LeveledCallout[] = [];
  const detail = options.reclaimable ?? null;
  if (detail !== null && resolution.kind === 'reclaim' && calloutsInTree) {
    const sides: ['reclaimer' | 'victim', QueueFigures][] = [
      ['reclaimer', detail.reclaimerLevel],
      ['victim', detail.victimLevel],
    ];
    for (const [side, f] of sides) {
      const card = standInOf(f.queue);
      if (card === undefined) {
        known(f.queue);
        continue;
      }
      const rs = figureResources(f, side === 'reclaimer' ? detail.request : undefined);
      const figLines = [
        side === 'reclaimer' ? `reclaimer side: ${f.queue}` : `victim side: ${f.queue}`,
        `allocated ${amount(f.allocated, rs)} · fair share ${amount(f.fairShare, rs)}`,
        `quota ${amount(f.quota, rs)} · allocatable share ${amount(f.allocatableShare, rs)}`,
      ];
      if (side === 'reclaimer') figLines.push(`request ${amount(detail.request, rs)}`);
      else {
        figLines.push(
          `maintain fair share ${detail.maintainFairShare ? '✓' : '✗'} · guarantee quota ${detail.guaranteeDeservedQuota ? '✓' : '✗'}`,
        );
      }
      leveled.push({ side, queue: f.queue, figures: f, ...place(card, figLines), lines: figLines });
    }
  }

  const bounds: Bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  const grow = (b: Box): void => {
    bounds.x0 = Math.min(bounds.x0, b.x);
    bounds.y0 = Math.min(bounds.y0, b.y);
    bounds.x1 = Math.max(bounds.x1, b.x + b.width);
    bounds.y1 = Math.max(bounds.y1, b.y + b.height);
  };
  // The outline of a preemptor's or victim's card runs 4 units outside it, and half its 2.5-unit stroke more.
  for (const c of cards)
    grow({
      x: c.x - 6,
      y: c.y - TAG.offset,
      // The tag starts at the card's left edge and may run past its right one.
      width: Math.max(c.width + 12, c.tagWidth + 6),
      height: c.height + TAG.offset + 6,
    });
  if (calloutsInTree) grow(callout);
  for (const l of leveled) grow(l);

  return {
    kind: resolution.kind,
    method: resolution.method,
    preemptorQueue,
    victimQueue,
    lca: resolution.lca,
    source: resolution.source,
    durationMs: resolution.durationMs,
    isCrossTree,
    nodes,
    cards,
    edges,
    callout,
    leveled,
    missing: [...missing].sort(),
    bounds,
    tagMetrics: TAG,
    calloutsInTree,
  };
}
