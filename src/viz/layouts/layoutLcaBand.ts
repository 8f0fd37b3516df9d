/**
 * The band below a compact (stage) queue tree that carries the min-runtime path's headline, such as
 * "1m from d — protection ended at t=1s" and how it was resolved. Drawn at screen size outside the zoomed
 * layer, it is never panned out of view or drawn below the readable size (decision 0100).
 */
import type { LcaPathGeometry } from './layoutLcaPath';
import { textWidth } from './textWidth';

/** One wrapped line of the band. */
export interface LcaBandLine {
  text: string;
  /** A line of the headline (the resolved duration and the protection), drawn bold. */
  isHeadline: boolean;
}

/** Output of {@link layoutLcaBand}. */
export interface LcaBandLayout {
  lines: LcaBandLine[];
  fontSize: number;
  lineHeight: number;
  padX: number;
  padY: number;
  /** Total height in px. */
  height: number;
}

/** The band never takes more than this many lines; the last one shown ends with an ellipsis. */
export const MAX_BAND_LINES = 4;

/** Greedy word wrap of `text` into lines no wider than `maxWidth` at `fontSize` (bold glyphs run wider). */
function wrap(text: string, maxWidth: number, fontSize: number, isBold: boolean): string[] {
  const measure = (t: string) => textWidth(t, fontSize) * (isBold ? 1.1 : 1);
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line === '' ? word : `${line} ${word}`;
    if (line !== '' && measure(next) > maxWidth) {
      out.push(line);
      line = word;
    } else line = next;
  }
  if (line !== '') out.push(line);
  return out;
}

/** Wraps the callout's lines to `width` px at `fontSize` px. */
export function layoutLcaBand(geometry: LcaPathGeometry, width: number, fontSize: number): LcaBandLayout {
  const padX = Math.round(fontSize * 0.6);
  const padY = Math.round(fontSize * 0.35);
  const lineHeight = Math.round(fontSize * 1.35);
  const maxWidth = Math.max(fontSize * 4, width - 2 * padX);
  const lines: LcaBandLine[] = [];
  geometry.callout.lines.forEach((text, i) => {
    for (const l of wrap(text, maxWidth, fontSize, i === 0)) lines.push({ text: l, isHeadline: i === 0 });
  });
  if (lines.length > MAX_BAND_LINES) {
    lines.length = MAX_BAND_LINES;
    const last = lines[MAX_BAND_LINES - 1] as LcaBandLine;
    last.text = `${last.text.replace(/\s*\S*$/, '')} …`;
  }
  return { lines, fontSize, lineHeight, padX, padY, height: lines.length * lineHeight + 2 * padY };
}
