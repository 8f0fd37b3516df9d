/** Display formats of the Workshop's figures (the numbers themselves come from the worker). */
export const gpuMin = (gpuMs: number) => `${(gpuMs / 60_000).toFixed(gpuMs % 60_000 === 0 ? 0 : 1)} GPU·min`;
export const seconds = (ms: number | null) =>
  ms === null ? '—' : ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${Math.round(ms / 1000)} s`;
export const percent = (x: number) => `${Math.round(x * 100)}%`;
export const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
