// The `ImageDecoder` port on Node: @napi-rs/canvas decodes PNG and JPEG (through Skia) and hands
// back RGBA pixels, and encodes JPEG thumbnails; WEBP is decoded by ffmpeg in its own process.
// Skia crashes the process on some damaged files, so nothing reaches it that is not a PNG or JPEG
// well formed up to its pixel data (`wellFormedImage`), and WEBP never does (damage inside
// lossless WEBP data crashes it too, which no header check can see). The canvas is drawn without
// any transform, so pixels stay in stored orientation.

import { type DecodedImage, type ImageDecoder, webpSize, wellFormedImage } from '@loupe/core';
import { createCanvas, Image } from '@napi-rs/canvas';
import { decodeStill } from './ffmpeg-media.js';

/** Creates the canvas image decoder. */
export function createCanvasDecoder(): ImageDecoder {
  return {
    async decode(bytes): Promise<DecodedImage> {
      if (!wellFormedImage(bytes)) throw new Error('Not a well-formed PNG, JPEG or WEBP up to its pixel data.');
      const webp = bytes[0] === 0x52 ? webpSize(bytes) : undefined; // RIFF
      if (webp) return { ...webp, rgba: await decodeStill(bytes, webp.width, webp.height) };
      const image = new Image();
      await new Promise<void>((resolve, reject) => {
        image.onload = () => resolve();
        image.onerror = (error) => reject(error instanceof Error ? error : new Error(String(error)));
        image.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
      });
      if (!image.width || !image.height) throw new Error('The image has no pixels.');
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, image.width, image.height).data;
      return { width: image.width, height: image.height, rgba: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) };
    },
    async encodeJpeg(image, quality) {
      const canvas = createCanvas(image.width, image.height);
      const ctx = canvas.getContext('2d');
      const data = ctx.createImageData(image.width, image.height);
      data.data.set(image.rgba);
      ctx.putImageData(data, 0, 0);
      return new Uint8Array(await canvas.encode('jpeg', quality));
    },
  };
}
