// Still images as containers, whatever their format: what a PNG or JPEG says about itself
// (`readContainer`), the pixel size any accepted still declares (`imageSize`), and whether a
// PNG, JPEG or WEBP is well formed up to its compressed pixel data (`wellFormedImage`) — checked
// before any platform decoder sees it, because some native decoders crash the process on damaged
// headers (Skia in @napi-rs/canvas does, on files cut inside their headers and on single changed
// bytes in chunk lengths, Huffman tables or RIFF sizes). Damage inside the compressed data is left
// to the decoder, which reports it as an error. Each format's walker lives in its own module.
import { ascii } from '../bytes.js';
import type { ImageContainer } from './image-facts.js';
import { jpegSize, jpegWellFormed, readJpegFacts } from './jpeg.js';
import { pngSize, pngWellFormed, readPngFacts } from './png.js';
import { webpWellFormed } from './webp.js';

/** Reads the container of a PNG or JPEG file (bounded walks; damage is recorded in `problems`). */
export function readContainer(bytes: Uint8Array, format: 'jpg' | 'png'): ImageContainer {
  const out: ImageContainer = {
    format,
    quantTables: new Map(),
    componentTables: [],
    jfif: false,
    adobe: false,
    iptc: false,
    photoshopResources: false,
    comments: [],
    text: new Map(),
    problems: [],
  };
  if (format === 'jpg') readJpegFacts(bytes, out);
  else readPngFacts(bytes, out);
  return out;
}

/** The pixel size a PNG (IHDR) or JPEG (first frame header) declares, without decoding; undefined when unreadable. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return pngSize(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegSize(bytes);
  return undefined;
}

/** True when `bytes` are a PNG, JPEG or WEBP well formed up to its pixel data (anything else is false). */
export function wellFormedImage(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return pngWellFormed(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegWellFormed(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return webpWellFormed(bytes);
  return false;
}

export type { ImageContainer };
