/**
 * Queue tree layout: a tidy tree (d3-hierarchy) of queue cards, left to right (the Queue tree tab) or top
 * down (the stage picks whichever shows more at a readable size, decision 0100). Each card carries bars
 * that compare quota, fair share and allocation per resource, and a row of badges the profile's UI module
 * words from what the engine resolved for the queue (KAI: the effective min-runtimes and where they come
 * from; Kueue: what the ClusterQueue borrows and lends). The layout places the badges and resolves nothing
 * (decisions 0003, 0298).
 *
 * Positions depend only on the queue names, the parent links and the collapsed set (children are
 * sorted by name), so cards do not move between sessions when allocations change.
 */
import { hierarchy, linkHorizontal, linkVertical, tree, type HierarchyPointNode } from 'd3';
import { writtenSpecOf } from '../../engine/model/writtenQueueSpec';
import type { QueueResourceName } from '../../engine/model/resources';
import type { QueueState } from '../../engine/model/snapshot';
import { compareNames } from './compareNames';
import type { Bounds, Size } from './fitTransform';
import { formatResource } from './formatSpan';
import { textWidth, truncateText } from './textWidth';

/** Name of the synthetic root that joins several top-level queues (not a valid Kubernetes name). */
export const SYNTHETIC_ROOT = '(cluster)';

/** Card metrics in tree units (px at zoom 1). */
export interface CardMetrics {
  width: number;
  padX: number;
  header: number;
  /** Baseline of the name in the header. */
  nameY: number;
  /** Side of the leaf's colour swatch (and its top edge). */
  swatch: number;
  swatchY: number;
  gpuRow: number;
  gpuBar: number;
  smallRow: number;
  smallBar: number;
  badgeRow: number;
  badgeHeight: number;
  badgeGap: number;
  bottomPad: number;
  /** Room right of a bar for its `allocated/fair share` text; `auto`: the widest such text. */
  valueWidth: number | 'auto';
  tagWidth: number;
  /** Left to right: the gap between columns (levels) and between cards in a column. */
  levelGap: number;
  rowGap: number;
  /** Top down: the gap between rows (levels, room for the role tags) and between cards in a row. */
  levelGapDown: number;
  siblingGapDown: number;
  fontSize: number;
  smallFontSize: number;
  syntheticWidth: number;
  syntheticHeight: number;
  toggleRadius: number;
}

/** The Queue tree tab's cards. */
export const QUEUE_CARD: CardMetrics = {
  width: 208,
  padX: 8,
  header: 22,
  nameY: 15,
  swatch: 8,
  swatchY: 7,
  gpuRow: 15,
  gpuBar: 9,
  smallRow: 11,
  smallBar: 5,
  badgeRow: 17,
  badgeHeight: 13,
  badgeGap: 6,
  bottomPad: 6,
  valueWidth: 60,
  tagWidth: 26,
  levelGap: 64,
  rowGap: 14,
  levelGapDown: 40,
  siblingGapDown: 16,
  fontSize: 12,
  smallFontSize: 10,
  syntheticWidth: 72,
  syntheticHeight: 22,
  toggleRadius: 8,
};

/**
 * The stage's cards: every text one size (so the zoom that makes the smallest readable does not blow the
 * name up further), a narrower card, values only as wide as they are, tighter gaps (decision 0100).
 */
export const QUEUE_CARD_COMPACT: CardMetrics = {
  width: 112,
  padX: 6,
  header: 17,
  nameY: 12.5,
  swatch: 8,
  swatchY: 5,
  gpuRow: 13,
  gpuBar: 8,
  smallRow: 13,
  smallBar: 5,
  badgeRow: 15,
  badgeHeight: 13,
  badgeGap: 4,
  bottomPad: 3,
  valueWidth: 'auto',
  tagWidth: 28,
  levelGap: 36,
  rowGap: 22,
  levelGapDown: 30,
  siblingGapDown: 10,
  fontSize: 11,
  smallFontSize: 11,
  syntheticWidth: 60,
  syntheticHeight: 20,
  toggleRadius: 7,
};

/** Which way the levels run. */
export type TreeOrientation = 'horizontal' | 'vertical';
/** Card size: `regular` (the Queue tree tab) or `compact` (the stage). */
export type TreeDensity = 'regular' | 'compact';

/** How a badge is drawn: filled (set here), outlined (inherited, or a figure), dashed (a default). */
export type QueueBadgeStyle = 'filled' | 'outlined' | 'dashed';

/** A badge as the profile's UI module words it from the snapshot's queue (`resolved`, `extras`). */
export interface QueueBadgeFact {
  /** Unique on the card (a test id suffix): `preempt`, `reclaim`, `borrowed`… */
  key: string;
  text: string;
  /** Full wording for tooltips and accessible labels. */
  description: string;
  style: QueueBadgeStyle;
  /**
   * Whether a word wider than the whole badge row may be cut (an inherited value's "↑queue"); else it
   * overflows its box. Text that fits is never cut: badges wrap onto more rows and lines.
   */
  shortenable: boolean;
}

/** The badges of a queue card (none when absent). */
export type QueueBadgesOf = (queue: QueueState) => readonly QueueBadgeFact[];

/** How bar lengths are scaled. */
export type BarScale = 'siblings' | 'node' | 'global';

/** Options of {@link layoutQueueTree}. */
export interface QueueTreeOptions {
  /** Queues whose children are hidden. */
  collapsed?: ReadonlySet<string>;
  /** Resources drawn as bars; `auto` = gpu, plus cpu and memory where some queue sets a quota or limit. */
  resources?: 'auto' | readonly QueueResourceName[];
  /**
   * `siblings` (default): one scale per set of siblings, so the queues that share a parent's fair share
   * compare directly; `node`: each card fills its own bar; `global`: one scale for the whole tree.
   */
  barScale?: BarScale;
  /** Each card's badges (the profile UI module's `queueBadges`); the row is drawn when some card has one. */
  badges?: QueueBadgesOf;
  /** `horizontal` (default): levels left to right; `vertical`: top down. */
  orientation?: TreeOrientation;
  /** `regular` (default) or `compact` cards. */
  density?: TreeDensity;
  /**
   * Queues folded away off the explained path (the stage, decision 0271): not drawn; a drawn queue below one
   * hangs from its nearest drawn ancestor by an elided link, and that ancestor says "+N queues".
   */
  hidden?: ReadonlySet<string>;
}

/** One resource bar on a card; x/y are relative to the card's top-left corner. */
export interface QueueBar {
  resource: QueueResourceName;
  /** Short resource tag drawn left of the bar when several resources are shown. */
  tag: string | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The value at the right end of the track. */
  scaleMax: number;
  quota: number;
  fairShare: number;
  allocated: number;
  requested: number;
  limit: number;
  overQuotaWeight: number;
  fairShareWidth: number;
  /** Allocation up to the fair share. */
  allocatedWidth: number;
  /** Allocation above the fair share (reclaimable), from `overFairShareX`. */
  overFairShareX: number;
  overFairShareWidth: number;
  /** End of the requested amount (allocated + pending), clipped to the track. */
  requestedWidth: number;
  isRequestClipped: boolean;
  /** Quota tick; null when the quota is 0 or unlimited (-1). */
  quotaX: number | null;
  /** Limit cap; null when there is no limit (-1) or it lies beyond the track. */
  limitX: number | null;
  /** `allocated/fairShare`, right-aligned at `valueX`. */
  valueText: string;
  valueX: number;
}

/** A badge placed on a card; x/y are relative to the card. */
export interface QueueCardBadge {
  key: string;
  style: QueueBadgeStyle;
  /** The whole text (what a reader or a test reads). */
  text: string;
  /**
   * The text as drawn: one line, or two when it is wider than the card's badge row (split at a space; the
   * first line keeps the space, so the lines read back as `text`).
   */
  lines: string[];
  description: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One queue card (or the synthetic root) in tree coordinates. */
export interface QueueTreeNode {
  name: string;
  /** The name, truncated to fit the card. */
  label: string;
  isSynthetic: boolean;
  queue: QueueState | null;
  /** Visible parent (the synthetic root for top-level queues when there is one). */
  parent: string | null;
  depth: number;
  /** Card box (top-left corner and size). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Children in the data (0 for leaves). */
  childCount: number;
  /**
   * Queues hidden under this card: its descendants when it is collapsed, else the queues folded off the path
   * (`hidden`) whose nearest drawn ancestor it is.
   */
  hiddenCount: number;
  isCollapsed: boolean;
  isLeaf: boolean;
  bars: QueueBar[];
  badges: QueueCardBadge[];
  /**
   * Collapse toggle of cards with children, in tree coordinates: on the right edge where the links leave
   * (left to right), or in the header's right corner (top down, where a toggle on the bottom edge would sit
   * on the badges and the children's role tags).
   */
  toggle: { x: number; y: number; r: number } | null;
  /** Where a collapsed card says "+N queues", relative to the card: beside the toggle, or under the card. */
  foldLabel: { x: number; y: number; anchor: 'start' | 'middle' } | null;
}

/** An edge from a parent card to a child card. */
export interface QueueTreeLink {
  source: string;
  target: string;
  /** SVG path data. */
  path: string;
  /** True for edges from the synthetic root. */
  isSynthetic: boolean;
  /** Queues between the two that are folded away (0 for a parent and its child). */
  elided: number;
}

/** Output of {@link layoutQueueTree}. */
export interface QueueTreeLayout {
  nodes: QueueTreeNode[];
  links: QueueTreeLink[];
  byName: ReadonlyMap<string, QueueTreeNode>;
  /** Parent of every queue in the data (not only visible ones); `null` for top-level queues. */
  parentOf: ReadonlyMap<string, string | null>;
  /** Content box of all cards. */
  bounds: Bounds;
  /** Point to keep in view when the tree is larger than the viewport (the root's centre). */
  focus: { x: number; y: number };
  size: Size;
  resources: QueueResourceName[];
  /** Whether the cards have a badge row. */
  showsBadges: boolean;
  hasSyntheticRoot: boolean;
  /** Height of a queue card. */
  cardHeight: number;
  orientation: TreeOrientation;
  density: TreeDensity;
  metrics: CardMetrics;
}

const TAGS: Record<QueueResourceName, string> = { gpu: 'GPU', cpu: 'CPU', memory: 'MEM' };
const EPS = 1e-9;

interface Datum {
  name: string;
  queue: QueueState | null;
  children: Datum[];
}

/** Resources shown in `auto` mode: gpu always, cpu/memory when some queue sets a quota or a limit. */
function autoResources(queues: readonly QueueState[]): QueueResourceName[] {
  const out: QueueResourceName[] = ['gpu'];
  for (const r of ['cpu', 'memory'] as const) {
    if (queues.some((q) => q.quota[r] !== 0 || shownLimit(q, r) !== -1)) out.push(r);
  }
  return out;
}

/**
 * The cap a card draws: KAI's limit, or for a Volcano queue its written `capability` where it sets one
 * (the snapshot's queue extras, read through `writtenSpecOf`; the capacity and proportion plugins bound a
 * queue by it). -1 = none.
 */
export function shownLimit(q: QueueState, r: QueueResourceName): number {
  const capability = writtenSpecOf(q)?.capability?.[r];
  return capability === undefined ? q.limit[r] : capability;
}

/** The largest value a bar has to show: quota (when finite), fair share, allocation. */
function barExtent(q: QueueState, r: QueueResourceName): number {
  return Math.max(0, q.quota[r] > 0 ? q.quota[r] : 0, q.fairShare[r], q.allocated[r]);
}

function buildBar(
  C: CardMetrics,
  valueWidth: number,
  q: QueueState,
  r: QueueResourceName,
  scaleMax: number,
  y: number,
  withTag: boolean,
): QueueBar {
  const isGpu = r === 'gpu';
  const height = isGpu ? C.gpuBar : C.smallBar;
  const rowHeight = isGpu ? C.gpuRow : C.smallRow;
  const x = C.padX + (withTag ? C.tagWidth : 0);
  const width = C.width - x - C.padX - 4 - valueWidth;
  const max = scaleMax > EPS ? scaleMax : 1;
  const sx = (v: number): number => Math.max(0, Math.min(width, (v / max) * width));
  const fairShare = q.fairShare[r];
  const allocated = q.allocated[r];
  const requested = q.requested[r];
  const quota = q.quota[r];
  const limit = shownLimit(q, r);
  const within = Math.min(allocated, fairShare);
  const isOver = allocated > fairShare + EPS;
  const requestedEnd = Math.max(requested, allocated);
  return {
    resource: r,
    tag: withTag ? TAGS[r] : null,
    x,
    y: y + (rowHeight - height) / 2,
    width,
    height,
    scaleMax: max,
    quota,
    fairShare,
    allocated,
    requested,
    limit,
    overQuotaWeight: q.overQuotaWeight[r],
    fairShareWidth: sx(fairShare),
    allocatedWidth: sx(within),
    overFairShareX: sx(fairShare),
    overFairShareWidth: isOver ? sx(allocated) - sx(fairShare) : 0,
    requestedWidth: sx(requestedEnd),
    isRequestClipped: requestedEnd > max + EPS,
    quotaX: quota > 0 ? sx(quota) : null,
    limitX: limit >= 0 && limit <= max + EPS ? sx(limit) : null,
    valueText: `${formatResource(r, allocated)}/${formatResource(r, fairShare)}`,
    // Clear of the collapse toggle that overhangs the right edge.
    valueX: C.width - C.padX - 4,
  };
}

/** A badge's second line adds this much height (the small font's line step). */
export const badgeLineStep = (C: CardMetrics): number => Math.round(C.smallFontSize * 1.2);

/**
 * A badge's text as drawn lines in `maxWidth` px: whole when it fits; else split at the last space that
 * lets the first line fit (two lines, issue 22: "borrowed 6 G…" hid the figure). Only a word wider than
 * the row itself (a long queue name) is still cut, with an ellipsis, on its line, and only when the badge
 * is `shortenable`.
 */
export function badgeLines(text: string, maxWidth: number, fontSize: number, shortenable = true): string[] {
  const cut = (t: string): string => (shortenable ? truncateText(t, maxWidth, fontSize) : t);
  if (textWidth(text, fontSize) <= maxWidth) return [text];
  for (let i = text.lastIndexOf(' '); i > 0; i = text.lastIndexOf(' ', i - 1)) {
    const first = text.slice(0, i + 1);
    if (textWidth(first.trimEnd(), fontSize) <= maxWidth) return [first, cut(text.slice(i + 1))];
  }
  return [cut(text)];
}

/**
 * Places a card's badges from `y` down: in one row when they fit there (shortenable texts cut, as KAI's
 * inherited "↑queue" always was); else left to right at their natural width, wrapping onto a new row when
 * the next one does not fit, and a badge wider than the whole row on two lines (decision 0313). A badge that
 * is not shortenable (Kueue's figures) is never cut, so it reads in full.
 */
function placeBadges(C: CardMetrics, facts: readonly QueueBadgeFact[], y: number): QueueCardBadge[] {
  return oneRow(C, facts, y) ?? wrapped(C, facts, y);
}

/**
 * The badges in one row, each at its natural width when the row holds them all; else each but the last gets
 * at least its share of what is left and the last what remains, cutting only shortenable texts (KAI's
 * "↑queue", so its cards keep one badge row). Null when a badge that may not be cut would not fit.
 */
function oneRow(C: CardMetrics, facts: readonly QueueBadgeFact[], y: number): QueueCardBadge[] | null {
  const natural = facts.map((f) => textWidth(f.text, C.smallFontSize) + 8);
  const out: QueueCardBadge[] = [];
  let x = C.padX;
  for (const [i, f] of facts.entries()) {
    const left = C.width - C.padX - x - C.badgeGap * (facts.length - 1 - i);
    const after = natural.slice(i + 1).reduce((a, b) => a + b, 0);
    const fits = (natural[i] ?? 0) + after <= left;
    const maxWidth =
      i === facts.length - 1 || fits ? left : Math.max(left / (facts.length - i), left - after);
    if (!f.shortenable && (natural[i] ?? 0) > maxWidth + 0.01) return null;
    const text = f.shortenable ? truncateText(f.text, maxWidth - 8, C.smallFontSize) : f.text;
    const width = Math.min(maxWidth, textWidth(text, C.smallFontSize) + 8);
    const { key, style, description } = f;
    out.push({ key, style, text: f.text, lines: [text], description, x, y, width, height: C.badgeHeight });
    x += width + C.badgeGap;
  }
  return out;
}

/** The badges wrapped onto rows, and a badge wider than the row onto two lines ({@link badgeLines}). */
function wrapped(C: CardMetrics, facts: readonly QueueBadgeFact[], y: number): QueueCardBadge[] {
  const right = C.width - C.padX;
  const out: QueueCardBadge[] = [];
  let x = C.padX;
  let rowTop = y;
  let rowBottom = y;
  for (const f of facts) {
    const room = right - C.padX;
    const lines = badgeLines(f.text, room - 8, C.smallFontSize, f.shortenable);
    const width = Math.min(room, Math.max(...lines.map((l) => textWidth(l.trimEnd(), C.smallFontSize))) + 8);
    const height = C.badgeHeight + (lines.length - 1) * badgeLineStep(C);
    if (x > C.padX && x + width > right) {
      x = C.padX;
      rowTop = rowBottom + C.badgeGap / 2;
    }
    const { key, style, text, description } = f;
    out.push({ key, style, text, lines, description, x, y: rowTop, width, height });
    rowBottom = Math.max(rowBottom, rowTop + height);
    x += width + C.badgeGap;
  }
  return out;
}

/** Height the badges of one card take (0 without badges). */
function badgesHeight(C: CardMetrics, facts: readonly QueueBadgeFact[]): number {
  const placed = placeBadges(C, facts, 0);
  return placed.reduce((h, b) => Math.max(h, b.y + b.height), 0);
}

/** Room for the widest `allocated/fair share` text of `resources` (compact cards). */
function widestValue(C: CardMetrics, queues: Iterable<QueueState>, resources: readonly QueueResourceName[]) {
  let widest = 0;
  for (const q of queues) {
    for (const r of resources) {
      const text = `${formatResource(r, q.allocated[r])}/${formatResource(r, q.fairShare[r])}`;
      widest = Math.max(widest, textWidth(text, C.smallFontSize));
    }
  }
  return Math.min(C.width / 2, Math.ceil(widest) + 2);
}

/**
 * Lays out `queues` as a tree of cards, left to right or top down.
 *
 * @param size - the viewport (kept on the layout for fitting; card positions do not depend on it).
 */
export function layoutQueueTree(
  queues: readonly QueueState[],
  size: Size,
  options: QueueTreeOptions = {},
): QueueTreeLayout {
  const orientation = options.orientation ?? 'horizontal';
  const density = options.density ?? 'regular';
  const C = density === 'compact' ? QUEUE_CARD_COMPACT : QUEUE_CARD;
  const isDown = orientation === 'vertical';
  const collapsed = options.collapsed ?? new Set<string>();
  const resources =
    options.resources === undefined || options.resources === 'auto'
      ? autoResources(queues)
      : [...options.resources];
  const barScale = options.barScale ?? 'siblings';
  const badgesOf = options.badges;
  // What the profile words per queue, asked once per queue (the row's height depends on any card having one).
  const factsOf = new Map<QueueState, readonly QueueBadgeFact[]>();
  for (const q of queues) factsOf.set(q, badgesOf === undefined ? [] : badgesOf(q));
  const showsBadges = [...factsOf.values()].some((f) => f.length > 0);

  // Data tree: parents missing from the data make a queue top-level (as upstream's resolver does).
  const byQueue = new Map<string, QueueState>();
  for (const q of queues) if (!byQueue.has(q.name)) byQueue.set(q.name, q);
  const parentOf = new Map<string, string | null>();
  for (const q of byQueue.values()) {
    parentOf.set(q.name, q.parent !== null && byQueue.has(q.parent) && q.parent !== q.name ? q.parent : null);
  }
  const childrenOf = new Map<string | null, QueueState[]>();
  for (const q of byQueue.values()) {
    const p = parentOf.get(q.name) ?? null;
    const list = childrenOf.get(p);
    if (list === undefined) childrenOf.set(p, [q]);
    else list.push(q);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => compareNames(a.name, b.name));

  const visited = new Set<string>();
  const hidden = options.hidden ?? new Set<string>();
  // Queues folded off the path, per nearest drawn ancestor; a folded queue's drawn descendants hang from it.
  const foldedUnder = new Map<string, number>();
  const build = (q: QueueState): Datum => {
    visited.add(q.name);
    const drawnKids: QueueState[] = [];
    const collect = (parent: string): void => {
      for (const c of childrenOf.get(parent) ?? []) {
        if (visited.has(c.name)) continue;
        if (hidden.has(c.name)) {
          visited.add(c.name);
          foldedUnder.set(q.name, (foldedUnder.get(q.name) ?? 0) + 1);
          collect(c.name);
        } else drawnKids.push(c);
      }
    };
    collect(q.name);
    drawnKids.sort((a, b) => compareNames(a.name, b.name));
    return { name: q.name, queue: q, children: drawnKids.map(build) };
  };
  const tops = (childrenOf.get(null) ?? []).map(build);
  // Queues caught in a parent cycle are never reached from a top-level queue: show them as top-level.
  for (const q of [...byQueue.values()].sort((a, b) => compareNames(a.name, b.name))) {
    if (!visited.has(q.name)) {
      parentOf.set(q.name, null);
      tops.push(build(q));
    }
  }
  let cardHeight = C.header;
  for (const r of resources) cardHeight += r === 'gpu' ? C.gpuRow : C.smallRow;
  // Every card is as tall as the one with the most badge rows (the tree's rows stay aligned).
  if (showsBadges) {
    let badgeBlock = C.badgeHeight;
    for (const facts of factsOf.values()) badgeBlock = Math.max(badgeBlock, badgesHeight(C, facts));
    cardHeight += C.badgeRow - C.badgeHeight + badgeBlock;
  }
  cardHeight += C.bottomPad;

  const first = tops[0];
  if (first === undefined) {
    const bounds = { x0: 0, y0: 0, x1: 0, y1: 0 };
    const common = {
      bounds,
      focus: { x: 0, y: 0 },
      size,
      resources,
      showsBadges,
      cardHeight,
      orientation,
      density,
      metrics: C,
    };
    return { nodes: [], links: [], byName: new Map(), parentOf, hasSyntheticRoot: false, ...common };
  }
  const hasSyntheticRoot = tops.length > 1;
  const rootDatum: Datum = hasSyntheticRoot ? { name: SYNTHETIC_ROOT, queue: null, children: tops } : first;

  const descendants = new Map<string, number>();
  const countDescendants = (d: Datum): number => {
    let n = 0;
    for (const c of d.children) n += 1 + countDescendants(c);
    // Queues folded off the path below it are hidden too when it is collapsed.
    n += foldedUnder.get(d.name) ?? 0;
    descendants.set(d.name, n);
    return n;
  };
  countDescendants(rootDatum);

  const root = hierarchy(rootDatum, (d) => (collapsed.has(d.name) && d.queue !== null ? [] : d.children));
  const colWidth = C.width + C.levelGap;
  // A "+N queues" under an open card needs its own line above the role tags of the cards below it.
  const foldLine = [...foldedUnder.keys()].some((n) => !collapsed.has(n)) ? C.smallFontSize + 5 : 0;
  // Top down, d3's breadth axis runs across the screen and the depth axis down it.
  const rowPitch = cardHeight + C.levelGapDown + foldLine;
  const laid = tree<Datum>()
    .nodeSize(isDown ? [C.width + C.siblingGapDown, rowPitch] : [cardHeight + C.rowGap + foldLine, colWidth])
    // Cousins sit a little further apart than siblings (less so top down, where width is what runs out).
    .separation((a, b) => (a.parent === b.parent ? 1 : isDown ? 1.15 : 1.25))(root);
  const valueWidth = C.valueWidth === 'auto' ? widestValue(C, byQueue.values(), resources) : C.valueWidth;

  // Bar scales: the extent of each scale group per resource.
  const groupOf = (q: QueueState): string =>
    barScale === 'node' ? `n:${q.name}` : barScale === 'global' ? 'g' : `p:${parentOf.get(q.name) ?? ''}`;
  const groupMax = new Map<string, number>();
  for (const q of byQueue.values()) {
    for (const r of resources) {
      const key = `${groupOf(q)}|${r}`;
      groupMax.set(key, Math.max(groupMax.get(key) ?? 0, barExtent(q, r)));
    }
  }

  const nodes: QueueTreeNode[] = [];
  const byName = new Map<string, QueueTreeNode>();
  const place = (p: HierarchyPointNode<Datum>): QueueTreeNode => {
    const d = p.data;
    const isSynthetic = d.queue === null;
    const depth = hasSyntheticRoot ? p.depth - 1 : p.depth;
    const width = isSynthetic ? C.syntheticWidth : C.width;
    const height = isSynthetic ? C.syntheticHeight : cardHeight;
    // The synthetic root sits just before the top-level column (row) rather than a whole level away.
    let x: number;
    let y: number;
    if (isDown) {
      x = p.x - width / 2;
      y = isSynthetic ? -(C.syntheticHeight + C.levelGapDown * 0.75) : depth * rowPitch;
    } else {
      x = isSynthetic ? -(C.syntheticWidth + C.levelGap * 0.75) : depth * colWidth;
      y = p.x - height / 2;
    }
    const q = d.queue;
    const bars: QueueBar[] = [];
    const badges: QueueCardBadge[] = [];
    if (q !== null) {
      let rowY = C.header;
      for (const r of resources) {
        const scaleMax = groupMax.get(`${groupOf(q)}|${r}`) ?? 0;
        bars.push(buildBar(C, valueWidth, q, r, scaleMax, rowY, resources.length > 1));
        rowY += r === 'gpu' ? C.gpuRow : C.smallRow;
      }
      if (showsBadges) badges.push(...placeBadges(C, factsOf.get(q) ?? [], rowY + 2));
    }
    const childCount = d.children.length;
    const isCollapsed = !isSynthetic && collapsed.has(d.name) && childCount > 0;
    const folded = isCollapsed ? 0 : (foldedUnder.get(d.name) ?? 0);
    const label = isSynthetic
      ? 'cluster'
      : truncateText(
          d.name,
          C.width -
            2 * C.padX -
            (q !== null && childCount === 0 ? C.swatch + 6 : 0) -
            (isDown && childCount > 0 ? 2 * C.toggleRadius + 4 : 0),
          C.fontSize,
        );
    const node: QueueTreeNode = {
      name: d.name,
      label,
      isSynthetic,
      queue: q,
      parent: p.parent === null ? null : p.parent.data.name,
      depth,
      x,
      y,
      width,
      height,
      childCount,
      hiddenCount: isCollapsed ? (descendants.get(d.name) ?? 0) : folded,
      isCollapsed,
      isLeaf: childCount === 0,
      bars,
      badges,
      toggle:
        isSynthetic || childCount === 0
          ? null
          : isDown
            ? { x: x + width - C.padX - C.toggleRadius + 2, y: y + C.header / 2 + 1, r: C.toggleRadius }
            : { x: x + width, y: p.x, r: C.toggleRadius },
      // Folded off the path: under the card's left corner, clear of the links that leave its middle.
      foldLabel: !isCollapsed
        ? folded > 0
          ? { x: 0, y: height + C.smallFontSize + 2, anchor: 'start' }
          : null
        : isDown
          ? { x: width / 2, y: height + C.smallFontSize + 4, anchor: 'middle' }
          : { x: width + C.toggleRadius + 3, y: height / 2 + C.smallFontSize * 0.4, anchor: 'start' },
    };
    nodes.push(node);
    byName.set(node.name, node);
    return node;
  };
  laid.each((p) => {
    place(p);
  });

  const link = treeLink(orientation);
  const links: QueueTreeLink[] = [];
  for (const n of nodes) {
    if (n.parent === null) continue;
    const parent = byName.get(n.parent);
    if (parent === undefined) continue;
    links.push({
      source: parent.name,
      target: n.name,
      path: link(parent, n),
      isSynthetic: parent.isSynthetic,
      elided: elidedBetween(parentOf, n.name, parent.name),
    });
  }

  const bounds: Bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  for (const n of nodes) {
    bounds.x0 = Math.min(bounds.x0, n.x);
    bounds.y0 = Math.min(bounds.y0, n.y);
    // Leave room for the collapse toggle that overhangs the right edge and for a fold's "+N queues" (beside
    // the toggle, or top down under the card).
    const overhang = n.toggle === null || isDown ? 0 : n.toggle.r;
    bounds.x1 = Math.max(bounds.x1, n.x + n.width + overhang);
    if (n.foldLabel !== null && !n.isCollapsed) {
      const words = `+${n.hiddenCount} ${n.hiddenCount === 1 ? 'queue' : 'queues'}`;
      bounds.x1 = Math.max(bounds.x1, n.x + textWidth(words, C.smallFontSize));
      bounds.y1 = Math.max(bounds.y1, n.y + n.foldLabel.y + 3);
    } else if (n.foldLabel !== null && !isDown) {
      const words = `+${n.hiddenCount} ${n.hiddenCount === 1 ? 'queue' : 'queues'}`;
      bounds.x1 = Math.max(bounds.x1, n.x + n.foldLabel.x + textWidth(words, C.smallFontSize));
    }
    bounds.y1 = Math.max(bounds.y1, n.y + n.height + (isDown && n.isCollapsed ? C.smallFontSize + 6 : 0));
  }
  const rootNode = nodes[0];
  const focus =
    rootNode === undefined
      ? { x: 0, y: 0 }
      : isDown
        ? { x: rootNode.x + rootNode.width / 2, y: rootNode.y }
        : { x: rootNode.x, y: rootNode.y + rootNode.height / 2 };

  return {
    nodes,
    links,
    byName,
    parentOf,
    bounds,
    focus,
    size,
    resources,
    showsBadges,
    hasSyntheticRoot,
    cardHeight,
    orientation,
    density,
    metrics: C,
  };
}

/** How many queues lie between `child` and its drawn parent `parent` in the data (folded away). */
function elidedBetween(parentOf: ReadonlyMap<string, string | null>, child: string, parent: string): number {
  let n = 0;
  for (let a = parentOf.get(child) ?? null; a !== null && a !== parent; a = parentOf.get(a) ?? null) {
    n++;
    if (n > parentOf.size) break; // a cycle in a bad snapshot: the validator rejects them, this bounds it
  }
  return n;
}

type Card = Pick<QueueTreeNode, 'x' | 'y' | 'width' | 'height'>;

/**
 * The edge from a parent card to a child card: from the parent's right edge to the child's left edge (left
 * to right), or from the parent's bottom to the child's top (top down).
 */
export function treeLink(orientation: TreeOrientation): (parent: Card, child: Card) => string {
  if (orientation === 'vertical') {
    const link = linkVertical<{ source: [number, number]; target: [number, number] }, [number, number]>();
    return (p, c) =>
      link({ source: [p.x + p.width / 2, p.y + p.height], target: [c.x + c.width / 2, c.y] }) ?? '';
  }
  const link = linkHorizontal<{ source: [number, number]; target: [number, number] }, [number, number]>();
  return (p, c) =>
    link({ source: [p.x + p.width, p.y + p.height / 2], target: [c.x, c.y + c.height / 2] }) ?? '';
}
