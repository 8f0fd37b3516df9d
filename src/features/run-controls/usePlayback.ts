import { useEffect } from 'react';
import { useAppStore, useAppStoreApi } from '../../store/AppStoreProvider';
import { selectIsPlaying } from '../../store/runSlice';
import { selectPlaySpeed } from '../../store/viewSlice';

/** Drives playback: one tick per 1/speed seconds while playing (the tick itself waits for the worker). */
export function usePlayback(): void {
  const store = useAppStoreApi();
  const isPlaying = useAppStore(selectIsPlaying);
  const speed = useAppStore(selectPlaySpeed);
  useEffect(() => {
    if (!isPlaying) return;
    const timer = setInterval(() => store.getState().actions.playbackTick(), 1000 / speed);
    return () => clearInterval(timer);
  }, [isPlaying, speed, store]);
}
