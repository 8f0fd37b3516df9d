/**
 * SVG export of a chart on screen: a deep clone of the `<svg>` with the computed styles that matter
 * inlined (so the file looks the same outside the page's CSS), interactive bits removed, and — for
 * zoomable charts — re-framed to show the whole content instead of the current pan and zoom.
 */

/** Options of {@link serializeSvg}. */
export interface SerializeSvgOptions {
  /** Background colour painted behind the content (omit for transparent). */
  background?: string;
  /**
   * Re-frame to the `[data-viz-content]` layer's `data-bounds` ("x0 y0 x1 y1"), dropping its zoom
   * transform. Default true.
   */
  fitContent?: boolean;
  /** Space around re-framed content. */
  padding?: number;
}

/** The serialised SVG and its pixel size. */
export interface SerializedSvg {
  text: string;
  width: number;
  height: number;
}

/** Presentation properties copied from computed style when they differ from the parent's. */
const STYLE_PROPERTIES = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-dasharray',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'visibility',
  'display',
] as const;

const SVG_NS = 'http://www.w3.org/2000/svg';

function inlineStyles(source: Element, target: Element, parentStyle: CSSStyleDeclaration | null): void {
  const view = source.ownerDocument.defaultView;
  if (view === null) return;
  const style = view.getComputedStyle(source);
  const out = (target as SVGElement).style as CSSStyleDeclaration | undefined;
  if (out !== undefined) {
    for (const prop of STYLE_PROPERTIES) {
      const value = style.getPropertyValue(prop);
      // Inherited values are written once, on the element that introduces them.
      if (value !== '' && (parentStyle === null || parentStyle.getPropertyValue(prop) !== value)) {
        out.setProperty(prop, value);
      }
    }
    // Animations and transitions have no meaning in a still file.
    out.removeProperty('animation');
    out.removeProperty('transition');
    out.removeProperty('cursor');
  }
  const s = source.children;
  const t = target.children;
  for (let i = 0; i < s.length && i < t.length; i++) {
    const sc = s[i];
    const tc = t[i];
    if (sc !== undefined && tc !== undefined) inlineStyles(sc, tc, style);
  }
}

/** Serialises `svg` as a standalone SVG document string. */
export function serializeSvg(svg: SVGSVGElement, options: SerializeSvgOptions = {}): SerializedSvg {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  inlineStyles(svg, clone, null);
  for (const el of Array.from(clone.querySelectorAll('[data-export="exclude"]'))) el.remove();
  for (const el of Array.from(clone.querySelectorAll('style'))) el.remove();

  let width = Number(svg.getAttribute('width')) || svg.clientWidth || 0;
  let height = Number(svg.getAttribute('height')) || svg.clientHeight || 0;
  const content = clone.querySelector('[data-viz-content]');
  const bounds = content?.getAttribute('data-bounds')?.split(' ').map(Number);
  if ((options.fitContent ?? true) && content !== null && content !== undefined && bounds?.length === 4) {
    const [x0, y0, x1, y1] = bounds as [number, number, number, number];
    // Callouts and tags sit a little outside the cards.
    const pad = options.padding ?? 48;
    width = Math.ceil(x1 - x0 + 2 * pad);
    height = Math.ceil(y1 - y0 + 2 * pad);
    content.removeAttribute('transform');
    clone.setAttribute('viewBox', `${x0 - pad} ${y0 - pad} ${width} ${height}`);
    if (options.background !== undefined) {
      const bg = clone.ownerDocument.createElementNS(SVG_NS, 'rect');
      bg.setAttribute('x', String(x0 - pad));
      bg.setAttribute('y', String(y0 - pad));
      bg.setAttribute('width', String(width));
      bg.setAttribute('height', String(height));
      bg.setAttribute('fill', options.background);
      clone.insertBefore(bg, clone.firstChild);
    }
  } else if (options.background !== undefined) {
    const bg = clone.ownerDocument.createElementNS(SVG_NS, 'rect');
    bg.setAttribute('width', '100%');
    bg.setAttribute('height', '100%');
    bg.setAttribute('fill', options.background);
    clone.insertBefore(bg, clone.firstChild);
  }
  clone.setAttribute('xmlns', SVG_NS);
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.removeAttribute('role');
  clone.removeAttribute('style');
  for (const el of Array.from(clone.querySelectorAll('[tabindex]'))) el.removeAttribute('tabindex');
  const text = `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(clone)}`;
  return { text, width, height };
}

/** The SVG element as an `image/svg+xml` Blob. */
export function exportSvgElement(svg: SVGSVGElement, options: SerializeSvgOptions = {}): Blob {
  return new Blob([serializeSvg(svg, options).text], { type: 'image/svg+xml' });
}
