import type { PaintContext } from '../charts/paintOps';

/**
 * A 2D context for tests (happy-dom and node have no canvas): counts calls by name and logs each call with
 * its arguments and the style it was made with.
 */
export function recordingContext(): PaintContext & { calls: Record<string, number>; log: string[] } {
  const calls: Record<string, number> = {};
  const log: string[] = [];
  const ctx = {
    calls,
    log,
    fillStyle: '',
    strokeStyle: '',
    lineWidth: 1,
    globalAlpha: 1,
    font: '',
    textBaseline: 'alphabetic',
  } as PaintContext & { calls: Record<string, number>; log: string[] };
  const style = () =>
    `${String(ctx.fillStyle)}|${String(ctx.strokeStyle)}|${ctx.lineWidth}|${ctx.globalAlpha}|${ctx.font}`;
  const names = ['beginPath', 'moveTo', 'lineTo', 'arc', 'rect', 'fill', 'stroke', 'setLineDash', 'fillText'];
  for (const name of names)
    Object.assign(ctx, {
      [name]: (...args: unknown[]) => {
        calls[name] = (calls[name] ?? 0) + 1;
        log.push(`${name}(${JSON.stringify(args)}) ${style()}`);
      },
    });
  return ctx;
}
