// The WEBP container: its pixel size from the first chunk (lossy VP8, lossless VP8L or extended
// VP8X) and whether the file is whole — its chunks tiling the RIFF, with a plausible VP8 or VP8L
// header — before a native decoder sees it. Chunks are walked by the RIFF walker.
import { ascii, u16le, u24le, u32le } from '../bytes.js';
import { walkRiff } from './riff.js';

/** Width and height from a WEBP header, or undefined. */
export function webpSize(b: Uint8Array): { width: number; height: number } | undefined {
  if (b.length < 30) return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = u32le(b, 21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: 1 + u24le(b, 24), height: 1 + u24le(b, 27) };
  return undefined;
}

/** True when the whole RIFF is present, its chunks tile it exactly, and it holds a plausible VP8 or VP8L image. */
export function webpWellFormed(b: Uint8Array): boolean {
  const size = u32le(b, 4);
  if (size < 12 || size + 8 > b.length) return false;
  let image = false;
  const end = walkRiff(b, size + 8, ({ type, at, length }) => {
    if (!/^[A-Z0-9 ]{4}$/.test(type)) return false;
    const p = at + 8;
    if (type === 'VP8 ') {
      // frame tag: a shown key frame of version 0-3, first partition within the chunk, start code, non-zero size
      const tagBits = u24le(b, p);
      if (
        length < 10 ||
        tagBits & 1 ||
        ((tagBits >> 1) & 7) > 3 ||
        !((tagBits >> 4) & 1) ||
        tagBits >> 5 > length - 10 ||
        b[p + 3] !== 0x9d ||
        b[p + 4] !== 0x01 ||
        b[p + 5] !== 0x2a
      )
        return false;
      if (!(u16le(b, p + 6) & 0x3fff) || !(u16le(b, p + 8) & 0x3fff)) return false;
      image = true;
    } else if (type === 'VP8L') {
      if (length < 5 || b[p] !== 0x2f) return false;
      image = true;
    } else if (type === 'VP8X') {
      if (at !== 12 || length !== 10) return false;
    } else if (at === 12) return false;
    return true;
  });
  return end === 'complete' && image;
}
