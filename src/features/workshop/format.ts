/** Display formats of the Workshop's figures (the numbers themselves come from the worker). */
export const gpuMin = (gpuMs: number) => `${(gpuMs / 60_000).toFixed(gpuMs % 60_000 === 0 ? 0 : 1)} GPU·min`;
export const seconds = (ms: number | null) =>
  ms === null ? '—' : ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${Math.round(ms / 1000)} s`;
export const percent = (x: number) => `${Math.round(x * 100)}%`;
export const clock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/**
 * A figure in a unit chosen for the classroom: two significant digits below 1, one decimal up to 100, whole
 * above; no trailing zeros (`10`, not `10.0`).
 */
export const figure = (v: number) =>
  String(Number(Math.abs(v) < 1 ? v.toPrecision(2) : Math.abs(v) < 100 ? v.toFixed(1) : v.toFixed(0)));
/** GPU·ms in GPU·h (the frontier's unit). */
export const gpuHours = (gpuMs: number) => figure(gpuMs / 3_600_000);
/** ms in minutes. */
export const minutes = (ms: number) => figure(ms / 60_000);

/** `mean [low–high]` of a replicate figure; the mean alone when there is no spread (one run); — for none. */
export function spread(
  i: { mean: number; low: number; high: number; n: number } | null,
  f: (v: number) => string,
): string {
  if (i === null) return '—';
  if (i.n <= 1 || i.low === i.high) return f(i.mean);
  return `${f(i.mean)} [${f(i.low)}–${f(i.high)}]`;
}
