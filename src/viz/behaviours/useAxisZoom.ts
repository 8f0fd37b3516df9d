/**
 * d3-zoom along one axis, as a React hook (a timeline strip). D3 owns only the gesture: the wheel zooms
 * around the pointer; dragging pans, but only while zoomed in (at the whole view a drag belongs to the
 * caller, e.g. scrubbing). The transform is React state; the caller lays its marks out with it.
 */
import { select, zoom, zoomIdentity, zoomTransform, type D3ZoomEvent, type ZoomBehavior } from 'd3';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** The zoom along x: content x maps to `x + content * k`. */
export interface AxisTransform {
  k: number;
  x: number;
}

export interface AxisZoomOptions {
  width: number;
  height: number;
  /** Largest zoom (e.g. enough for one session per 24 px). */
  maxScale: number;
}

export interface AxisZoomControls {
  transform: AxisTransform;
  /** Multiplies the zoom, keeping screen point `atX` where it is. */
  zoomBy(factor: number, atX: number): void;
  /** Moves the strip by `dx` screen px (e.g. to bring the cursor back into view). */
  panBy(dx: number): void;
  /** Back to the whole strip. */
  reset(): void;
}

const IDENTITY: AxisTransform = { k: 1, x: 0 };

export function useAxisZoom<E extends Element>(
  ref: RefObject<E | null>,
  { width, height, maxScale }: AxisZoomOptions,
): AxisZoomControls {
  const [transform, setTransform] = useState<AxisTransform>(IDENTITY);
  const behaviourRef = useRef<ZoomBehavior<E, unknown> | null>(null);

  // Create and destroy.
  useEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    const behaviour = zoom<E, unknown>()
      // Wheel always; a press only while zoomed in (there is nothing to pan at the whole view).
      .filter((event: Event) => {
        if (event.type === 'wheel') return true;
        const { k } = zoomTransform(el);
        return k > 1 && !(event as MouseEvent).button;
      })
      .on('zoom', (event: D3ZoomEvent<E, unknown>) => {
        const { k, x } = event.transform;
        setTransform((prev) => (prev.k === k && prev.x === x ? prev : { k, x }));
      });
    behaviourRef.current = behaviour;
    const selection = select(el);
    selection.call(behaviour).on('dblclick.zoom', null);
    return () => {
      selection.on('.zoom', null);
      behaviourRef.current = null;
    };
  }, [ref]);

  // Limits: zoom only along x, never past the strip's ends.
  useEffect(() => {
    const behaviour = behaviourRef.current;
    if (behaviour === null) return;
    behaviour
      .scaleExtent([1, Math.max(1, maxScale)])
      .extent([
        [0, 0],
        [width, height],
      ])
      .translateExtent([
        [0, 0],
        [width, height],
      ])
      // Vertical wheel deltas zoom; the strip never moves up or down.
      .constrain((t, extent, translateExtent) => {
        const minX = extent[1][0] - translateExtent[1][0] * t.k;
        const x = Math.min(0, Math.max(minX, t.x));
        return zoomIdentity.translate(x, 0).scale(t.k);
      });
  }, [width, height, maxScale]);

  const zoomBy = useCallback(
    (factor: number, atX: number) => {
      const el = ref.current;
      const behaviour = behaviourRef.current;
      if (el === null || behaviour === null) return;
      select(el).call(behaviour.scaleBy, factor, [atX, height / 2]);
    },
    [ref, height],
  );
  const panBy = useCallback(
    (dx: number) => {
      const el = ref.current;
      const behaviour = behaviourRef.current;
      if (el === null || behaviour === null) return;
      const t = zoomTransform(el);
      select(el).call(behaviour.translateBy, dx / t.k, 0);
    },
    [ref],
  );
  const reset = useCallback(() => {
    const el = ref.current;
    const behaviour = behaviourRef.current;
    if (el === null || behaviour === null) return;
    select(el).call(behaviour.transform, zoomIdentity);
  }, [ref]);

  return { transform, zoomBy, panBy, reset };
}
