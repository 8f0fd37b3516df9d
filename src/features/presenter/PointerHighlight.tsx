import { useEffect, useRef } from 'react';
import { useAppStore } from '../../store/AppStoreProvider';
import { selectIsPointerHighlight } from '../../store/viewSlice';

const SIZE = 96;

/**
 * A large translucent ring that follows the mouse, so a room watching a projector sees what the
 * presenter points at. Drawn over the page with pointer-events none (it never takes a click); moved by
 * writing its transform directly, so following the mouse never re-renders React.
 */
export function PointerHighlight() {
  const isOn = useAppStore(selectIsPointerHighlight);
  const ring = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!isOn) return undefined;
    const onMove = (event: PointerEvent) => {
      const el = ring.current;
      if (el === null) return;
      el.style.transform = `translate(${event.clientX - SIZE / 2}px, ${event.clientY - SIZE / 2}px)`;
      el.style.opacity = '1';
    };
    const onLeave = () => {
      if (ring.current !== null) ring.current.style.opacity = '0';
    };
    window.addEventListener('pointermove', onMove, { passive: true });
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      window.removeEventListener('pointermove', onMove);
      document.documentElement.removeEventListener('pointerleave', onLeave);
    };
  }, [isOn]);
  if (!isOn) return null;
  return (
    <div
      ref={ring}
      aria-hidden="true"
      data-testid="pointer-highlight"
      style={{
        position: 'fixed',
        left: 0,
        top: 0,
        width: SIZE,
        height: SIZE,
        borderRadius: '50%',
        border: '6px solid rgba(255, 184, 0, 0.75)',
        background: 'rgba(255, 214, 0, 0.22)',
        boxShadow: '0 0 0 3px rgba(0, 0, 0, 0.25)',
        pointerEvents: 'none',
        zIndex: 2000,
        opacity: 0,
        transform: 'translate(-200px, -200px)',
      }}
    />
  );
}
