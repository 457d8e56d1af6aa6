// The `ImageDecoder` port on Node: @napi-rs/canvas decodes PNG and JPEG (through Skia) and hands
// back RGBA pixels, and encodes JPEG thumbnails; WEBP is decoded by ffmpeg in its own process.
// Skia crashes the process on some damaged files, so nothing reaches it that is not a PNG or JPEG
// well formed up to its pixel data (`wellFormedImage`), and WEBP never does (damage inside
// lossless WEBP data crashes it too, which no header check can see). A JPEG's grey levels alone
// (what the image model reads) come from ffmpeg, in its own process, which decodes the luma plane
// without colour conversion (a 12 MP photo's nine tiles in about a third of Skia's colour
// decode). The canvas is drawn without any transform, so pixels stay in stored orientation.

import { cropPixels, jpegLumaFirst, jpegSize, webpSize, wellFormedImage } from '@loupe/core/internal/media';
import type { DecodedImage, DecodedLuma, DecodedRegions, ImageDecoder, PixelRect } from '@loupe/core/media';
import type { Canvas, Image } from '@napi-rs/canvas';
import { loadCanvas } from './canvas.js';
import { decodeJpegLumaRegions, decodeStill } from './ffmpeg-media.js';

/** `rect` clipped to a picture of `size` (at least one pixel). */
function clipped(rect: PixelRect, size: { width: number; height: number }): PixelRect {
  const x = Math.max(0, Math.min(rect.x, size.width - 1));
  const y = Math.max(0, Math.min(rect.y, size.height - 1));
  return { x, y, width: Math.max(1, Math.min(rect.width, size.width - x)), height: Math.max(1, Math.min(rect.height, size.height - y)) };
}

/** Creates the canvas image decoder. */
export function createCanvasDecoder(): ImageDecoder {
  /** The decoded picture, ready to be drawn (WEBP: its RGBA from ffmpeg). */
  async function load(bytes: Uint8Array): Promise<Image | DecodedImage> {
    if (!wellFormedImage(bytes)) throw new Error('Not a well-formed PNG, JPEG or WEBP up to its pixel data.');
    const webp = bytes[0] === 0x52 ? webpSize(bytes) : undefined; // RIFF
    if (webp) return { ...webp, rgba: await decodeStill(bytes, webp.width, webp.height) };
    const { Image } = await loadCanvas();
    const image = new Image();
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = (error) => reject(error instanceof Error ? error : new Error(String(error)));
      image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
    if (!image.width || !image.height) throw new Error('The image has no pixels.');
    return image;
  }
  /**
   * The pixels of each of `rects` of a loaded picture, each drawn alone (a 12 MP photo's nine tiles
   * cost a fifth of reading it whole) on one canvas per size, its pixels replaced by each draw.
   */
  function pixels(canvasModule: Awaited<ReturnType<typeof loadCanvas>>, picture: Image | DecodedImage, rects: readonly PixelRect[]): DecodedImage[] {
    const canvases = new Map<string, Canvas>();
    return rects.map((rect) => {
      const { x, y, width, height } = clipped(rect, picture);
      if ('rgba' in picture) return cropPixels(picture, { x, y, width, height });
      const size = `${width}x${height}`;
      const canvas = canvases.get(size) ?? canvasModule.createCanvas(width, height);
      canvases.set(size, canvas);
      const ctx = canvas.getContext('2d');
      ctx.globalCompositeOperation = 'copy'; // transparent pixels replace, never blend with, the last draw
      ctx.drawImage(picture, x, y, width, height, 0, 0, width, height);
      const data = ctx.getImageData(0, 0, width, height).data;
      return { width, height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
    });
  }
  return {
    async decode(bytes): Promise<DecodedImage> {
      const picture = await load(bytes);
      return 'rgba' in picture ? picture : pixels(await loadCanvas(), picture, [{ x: 0, y: 0, width: picture.width, height: picture.height }])[0]!;
    },
    async decodeRegions(bytes, regionsOf): Promise<DecodedRegions> {
      const picture = await load(bytes);
      const canvas = await loadCanvas();
      return { width: picture.width, height: picture.height, regions: pixels(canvas, picture, regionsOf(picture.width, picture.height)) };
    },
    async decodeJpegLuma(bytes, regionsOf): Promise<DecodedLuma> {
      const size = wellFormedImage(bytes) && jpegLumaFirst(bytes) ? jpegSize(bytes) : undefined;
      if (!size) throw new Error('Not a well-formed JPEG whose first component is its luma.');
      const rects = regionsOf(size.width, size.height).map((rect) => clipped(rect, size));
      const planes = await decodeJpegLumaRegions(bytes, rects);
      return { ...size, regions: rects.map(({ width, height }, i) => ({ width, height, luma: planes[i]! })) };
    },
    async encodeJpeg(image, quality) {
      const canvas = (await loadCanvas()).createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      const data = ctx.createImageData(image.width, image.height);
      data.data.set(image.rgba);
      ctx.putImageData(data, 0, 0);
      return new Uint8Array(await canvas.encode('jpeg', quality));
    },
  };
}
