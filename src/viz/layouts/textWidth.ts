/**
 * Text measurement without a DOM. Layouts are pure, so they estimate widths from an average glyph width;
 * the estimate errs wide, so truncated labels fit in every common sans-serif font.
 */

/** Average advance of a glyph as a fraction of the font size (system sans-serif, mixed case). */
const GLYPH_EM = 0.6;

/** Estimated width in px of `text` at `fontSize`. */
export function textWidth(text: string, fontSize: number): number {
  return text.length * fontSize * GLYPH_EM;
}

/** `text`, shortened with an ellipsis so that it fits `maxWidth` px at `fontSize`. */
export function truncateText(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  const fit = Math.floor(maxWidth / (fontSize * GLYPH_EM)) - 1;
  return fit <= 0 ? '…' : `${text.slice(0, fit)}…`;
}
