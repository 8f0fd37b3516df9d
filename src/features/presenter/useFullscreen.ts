import { useEffect } from 'react';

/**
 * Full screen while mounted, when the browser allows it (the Fullscreen API needs a recent click or key
 * press; without it the presenter view still fills the window). When the browser leaves full screen on
 * its own (Escape is taken by the browser in full screen), `onExit` is called.
 */
export function useFullscreen(onExit: () => void): void {
  useEffect(() => {
    const doc = document;
    let entered = false;
    const onChange = () => {
      if (doc.fullscreenElement !== null) entered = true;
      else if (entered) onExit();
    };
    doc.addEventListener('fullscreenchange', onChange);
    if (doc.fullscreenEnabled && doc.fullscreenElement === null) {
      doc.documentElement.requestFullscreen().catch(() => undefined);
    }
    return () => {
      doc.removeEventListener('fullscreenchange', onChange);
      if (doc.fullscreenElement !== null) void doc.exitFullscreen().catch(() => undefined);
    };
  }, [onExit]);
}
