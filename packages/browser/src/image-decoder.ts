// The `ImageDecoder` port in browsers: the browser's own decoders through createImageBitmap,
// pixels read back from an OffscreenCanvas (no colour-space conversion, stored orientation, as
// the Node port), and JPEG thumbnails through convertToBlob.
import type { DecodedImage, ImageDecoder } from '@loupe/core';
import { wellFormedImage } from '@loupe/core/internal';

/** Creates the canvas image decoder for browsers. */
export function createBrowserImageDecoder(): ImageDecoder {
  return {
    async decode(bytes): Promise<DecodedImage> {
      if (!wellFormedImage(bytes)) throw new Error('Not a well-formed PNG, JPEG or WEBP up to its pixel data.');
      const bitmap = await createImageBitmap(new Blob([new Uint8Array(bytes)]), {
        imageOrientation: 'none',
        colorSpaceConversion: 'none',
        premultiplyAlpha: 'none',
      });
      try {
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) throw new Error('No 2D canvas in this browser.');
        ctx.drawImage(bitmap, 0, 0);
        const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
        return { width: bitmap.width, height: bitmap.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
      } finally {
        bitmap.close();
      }
    },
    async encodeJpeg(image, quality) {
      const canvas = new OffscreenCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d')!;
      const data = ctx.createImageData(image.width, image.height);
      data.data.set(image.rgba);
      ctx.putImageData(data, 0, 0);
      return new Uint8Array(await (await canvas.convertToBlob({ type: 'image/jpeg', quality: quality / 100 })).arrayBuffer());
    },
  };
}
