/**
 * PNG export: draw an SVG document (or paint operations) onto a canvas and encode it with `toBlob`.
 */

/** `canvas.toBlob` as a promise. */
export function canvasToBlob(canvas: HTMLCanvasElement, type = 'image/png'): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob === null ? reject(new Error('The canvas could not be encoded.')) : resolve(blob)),
      type,
    );
  });
}

/** A canvas of `width` x `height` CSS px at `scale` device px per CSS px, with its 2D context. */
export function createScaledCanvas(
  width: number,
  height: number,
  scale: number,
): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(width * scale));
  canvas.height = Math.max(1, Math.round(height * scale));
  const ctx = canvas.getContext('2d');
  if (ctx === null) throw new Error('No 2D canvas context available for the PNG export.');
  ctx.setTransform(scale, 0, 0, scale, 0, 0);
  return { canvas, ctx };
}

/** Rasterises an SVG document string to PNG (`scale` 2 gives crisp images on high-density screens). */
export async function svgTextToPng(text: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.decoding = 'sync';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('The SVG could not be loaded as an image.'));
      image.src = url;
    });
    const { canvas, ctx } = createScaledCanvas(width, height, scale);
    ctx.drawImage(image, 0, 0, width, height);
    return await canvasToBlob(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}
