/**
 * Whether a hover came from the pointer moving or from the page moving under a still pointer. Chromium sends
 * mouseover when content is laid out anew under the pointer (a lesson's next step, a larger text size): a
 * teacher who clicked the step line once and then drives the lesson with a clicker had a glossary tooltip
 * open over the step's text at each step whose term landed under the resting pointer (Welcome step 2 at
 * x1.3). A real move puts the pointer somewhere new; a layout change leaves it where the last move did.
 */
let lastX = Number.NaN;
let lastY = Number.NaN;

/** Follows the pointer (capture phase, before any element's handlers see the event). */
function follow(event: MouseEvent): void {
  lastX = event.clientX;
  lastY = event.clientY;
}

if (typeof window !== 'undefined')
  window.addEventListener('mousemove', follow, { capture: true, passive: true });

/**
 * For a mouseover, asked as it is dispatched (before the mousemove of the same motion, which browsers send
 * after it): true when the pointer is not where the last move left it, so it moved onto the element.
 */
export function pointerMovedOnto(event: { clientX: number; clientY: number }): boolean {
  return event.clientX !== lastX || event.clientY !== lastY;
}
