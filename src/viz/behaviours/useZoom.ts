/**
 * d3-zoom as a React hook. D3 owns only the gesture (listeners and the element's zoom state); the
 * resulting transform is React state, and React writes the `transform` attribute of the zoomed layer.
 */
import { select, zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior } from 'd3';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { Size, ViewTransform } from '../layouts/fitTransform';

/** Options of {@link useZoom}. */
export interface UseZoomOptions {
  /** The viewport (the zoom extent). */
  size: Size;
  /** Transform applied on mount and whenever `resetKey` changes. */
  initial: ViewTransform;
  /** Change it to re-apply `initial` (e.g. a different tree); keep it stable across sessions. */
  resetKey?: string | number;
  scaleExtent?: readonly [number, number];
  /** Respect `prefers-reduced-motion`: programmatic zooms jump instead of animating. */
  reducedMotion?: boolean;
}

/** What {@link useZoom} returns. */
export interface ZoomControls {
  transform: ViewTransform;
  /** Moves the view (animated unless reduced motion). */
  setTransform: (t: ViewTransform) => void;
  /** Multiplies the scale around the viewport centre. */
  zoomBy: (factor: number) => void;
  /** Back to `initial`. */
  reset: () => void;
}

const DEFAULT_EXTENT: readonly [number, number] = [0.05, 4];

/**
 * Attaches pan and zoom to `ref`'s element. Creates the behaviour on mount, updates its extent and
 * limits when the options change, and removes its listeners on unmount.
 */
export function useZoom(ref: RefObject<SVGSVGElement | null>, options: UseZoomOptions): ZoomControls {
  const { size, initial, resetKey, reducedMotion = false } = options;
  const [minScale, maxScale] = options.scaleExtent ?? DEFAULT_EXTENT;
  const [transform, setState] = useState<ViewTransform>(initial);
  const behaviourRef = useRef<ZoomBehavior<SVGSVGElement, unknown> | null>(null);
  const initialRef = useRef(initial);
  const motionRef = useRef(reducedMotion);

  useEffect(() => {
    initialRef.current = initial;
    motionRef.current = reducedMotion;
  });

  // Create and destroy.
  useEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    const behaviour = zoom<SVGSVGElement, unknown>().on(
      'zoom',
      (event: D3ZoomEvent<SVGSVGElement, unknown>) => {
        const { x, y, k } = event.transform;
        setState((prev) => (prev.x === x && prev.y === y && prev.k === k ? prev : { x, y, k }));
      },
    );
    behaviourRef.current = behaviour;
    const selection = select(el);
    // Double-click stays free for the chart (and zooming on it surprises more than it helps).
    selection.call(behaviour).on('dblclick.zoom', null);
    return () => {
      selection.on('.zoom', null);
      behaviourRef.current = null;
    };
  }, [ref]);

  // Update limits; an explicit extent avoids reading SVG geometry D3 would otherwise measure.
  useEffect(() => {
    behaviourRef.current?.extent([
      [0, 0],
      [size.width, size.height],
    ]);
    behaviourRef.current?.scaleExtent([minScale, maxScale]);
  }, [size.width, size.height, minScale, maxScale]);

  const apply = useCallback(
    (t: ViewTransform, animate: boolean) => {
      const el = ref.current;
      const behaviour = behaviourRef.current;
      if (el === null || behaviour === null) {
        setState(t);
        return;
      }
      const target = zoomIdentity.translate(t.x, t.y).scale(t.k);
      const selection = select(el);
      if (animate && !motionRef.current)
        selection.transition().duration(250).call(behaviour.transform, target);
      else selection.call(behaviour.transform, target);
    },
    [ref],
  );

  // Apply the initial view on mount and when the caller says the content is new.
  useEffect(() => {
    apply(initialRef.current, false);
  }, [apply, resetKey]);

  const setTransform = useCallback((t: ViewTransform) => apply(t, true), [apply]);
  const reset = useCallback(() => apply(initialRef.current, true), [apply]);
  const zoomBy = useCallback(
    (factor: number) => {
      const el = ref.current;
      const behaviour = behaviourRef.current;
      if (el === null || behaviour === null) return;
      if (motionRef.current) select(el).call(behaviour.scaleBy, factor);
      else select(el).transition().duration(200).call(behaviour.scaleBy, factor);
    },
    [ref],
  );

  return { transform, setTransform, zoomBy, reset };
}
