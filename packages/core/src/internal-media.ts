// What Loupe's own media adapters use from the core beside its public media surface (`media.ts`):
// the image containers' checks and sizes, a decoded picture's crops and the core's JPEG luma decoder. Kept apart from
// `internal.ts`, which loads the document engine, so that a media-only process stays small.

export { wellFormedImage } from './containers/image-container.js';
export { jpegLumaFirst, jpegSize } from './containers/jpeg.js';
export { webpSize } from './containers/webp.js';
export { decodeJpegLumaRegions } from './image/jpeg-luma.js';
export { cropPixels } from './media/picture-score.js';
