/**
 * Colour and type tokens for every visualisation in `viz/`. Components take a `VizTheme` prop and never
 * spell colours themselves, so light and dark modes (and exports) stay consistent.
 */

/** Light or dark variant. */
export type VizMode = 'light' | 'dark';

/** Roles the min-runtime (LCA) overlay highlights. */
export interface LcaTokens {
  /** The preemptor's queue and its branch up to the LCA. */
  preemptor: string;
  /** The victim's queue and its branch down from the LCA. */
  victim: string;
  /** The LCA, the step-down queue and the walk up the tree. */
  walk: string;
  /** The queue whose value was used. */
  source: string;
  /** Callout background and text. */
  labelBackground: string;
  labelText: string;
  labelBorder: string;
}

/** Every token a chart may use. */
export interface VizTheme {
  mode: VizMode;
  fontFamily: string;
  /** Base font size (px) for labels; `fontSizeSmall` for secondary text. */
  fontSize: number;
  fontSizeSmall: number;
  background: string;
  /** Queue cards and tooltips. */
  surface: string;
  border: string;
  text: string;
  textMuted: string;
  /** Tree links. */
  edge: string;
  /** Bar tracks (the empty part of a bar). */
  track: string;
  /** Fair-share band in the queue bars. */
  fairShare: string;
  /** Allocation up to the fair share. */
  allocated: string;
  /** Allocation above the fair share: what reclaim may take back. */
  overFairShare: string;
  /** Pending demand beyond the allocation (dashed outline). */
  requested: string;
  /** Deserved quota tick. */
  quota: string;
  /** Hard limit cap. */
  limit: string;
  /** Min-runtime badges: set on the queue, inherited from an ancestor, plugin default. */
  badgeSet: string;
  badgeSetText: string;
  badgeInherited: string;
  badgeDefault: string;
  /** Cluster map: node frame, idle GPU cell, releasing hatch, protection ring. */
  nodeFrame: string;
  idleCell: string;
  releasingHatch: string;
  protection: string;
  protectionTrack: string;
  /** Fallback for tasks whose queue is unknown. */
  unknownQueue: string;
  /** Selection and hover outlines. */
  selection: string;
  hover: string;
  /** Opacity of marks that are not part of the current highlight. */
  dimOpacity: number;
  /** Transition accents (cluster map): eviction flash, new placement, protection running out. */
  evicted: string;
  placed: string;
  lca: LcaTokens;
  /** Categorical palette for queue colours (Observable 10). */
  categorical: readonly string[];
}

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';

/** Light theme. Categorical colours are Observable Plot's `observable10`. */
export const LIGHT_VIZ_THEME: VizTheme = {
  mode: 'light',
  fontFamily: FONT,
  fontSize: 12,
  fontSizeSmall: 10,
  background: '#ffffff',
  surface: '#ffffff',
  border: '#c9ced6',
  text: '#1d2330',
  textMuted: '#667085',
  edge: '#b4bcc8',
  track: '#eef1f5',
  fairShare: '#c7d7ee',
  allocated: '#3d4f6b',
  overFairShare: '#e8590c',
  requested: '#8a94a6',
  quota: '#111827',
  limit: '#c92a2a',
  badgeSet: '#5f3dc4',
  badgeSetText: '#ffffff',
  badgeInherited: '#7950f2',
  badgeDefault: '#98a2b3',
  nodeFrame: '#f3f5f8',
  idleCell: '#e3e7ed',
  releasingHatch: '#ffffff',
  protection: '#ffffff',
  protectionTrack: 'rgba(255,255,255,0.35)',
  unknownQueue: '#9aa1ad',
  selection: '#111827',
  hover: '#1d4ed8',
  dimOpacity: 0.28,
  evicted: '#e03131',
  placed: '#2b8a3e',
  lca: {
    preemptor: '#2b8a3e',
    victim: '#e03131',
    walk: '#7048e8',
    source: '#7048e8',
    labelBackground: '#ffffff',
    labelText: '#1d2330',
    labelBorder: '#7048e8',
  },
  categorical: [
    '#4269d0',
    '#efb118',
    '#ff725c',
    '#6cc5b0',
    '#3ca951',
    '#ff8ab7',
    '#a463f2',
    '#97bbf5',
    '#9c6b4e',
    '#9498a0',
  ],
};

/** Dark theme: same hues, lifted slightly so they hold up on a dark background. */
export const DARK_VIZ_THEME: VizTheme = {
  mode: 'dark',
  fontFamily: FONT,
  fontSize: 12,
  fontSizeSmall: 10,
  background: '#12151c',
  surface: '#1b2029',
  border: '#3a4352',
  text: '#e6e9ef',
  textMuted: '#98a2b3',
  edge: '#4a5568',
  track: '#262d39',
  fairShare: '#34507a',
  allocated: '#c3cee0',
  overFairShare: '#ff8a3d',
  requested: '#8a94a6',
  quota: '#f8fafc',
  limit: '#ff6b6b',
  badgeSet: '#9775fa',
  badgeSetText: '#12151c',
  badgeInherited: '#b197fc',
  badgeDefault: '#667085',
  nodeFrame: '#1b2029',
  idleCell: '#2a313d',
  releasingHatch: '#12151c',
  protection: '#ffffff',
  protectionTrack: 'rgba(255,255,255,0.3)',
  unknownQueue: '#6b7280',
  selection: '#f8fafc',
  hover: '#74c0fc',
  dimOpacity: 0.3,
  evicted: '#ff6b6b',
  placed: '#69db7c',
  lca: {
    preemptor: '#69db7c',
    victim: '#ff6b6b',
    walk: '#b197fc',
    source: '#b197fc',
    labelBackground: '#1b2029',
    labelText: '#e6e9ef',
    labelBorder: '#b197fc',
  },
  categorical: [
    '#5b84e8',
    '#f5c040',
    '#ff8a75',
    '#7fd6c2',
    '#52bf67',
    '#ff9fc4',
    '#b480f5',
    '#a9c7f7',
    '#b8856a',
    '#a9adb5',
  ],
};

/** The theme for a mode. */
export function vizTheme(mode: VizMode): VizTheme {
  return mode === 'dark' ? DARK_VIZ_THEME : LIGHT_VIZ_THEME;
}
