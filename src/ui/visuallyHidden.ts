/** Kept for screen readers, not drawn (sx for a heading whose room the page needs). */
export const VISUALLY_HIDDEN = {
  position: 'absolute',
  // Strings: the sx numbers 0-1 are fractions (a height of 1 was the page's, and the page scrolled by 57 px).
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
