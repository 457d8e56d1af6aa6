// The ISO base-media container (MP4, MOV, M4A, HEIC): the brands of its leading `ftyp` box, which
// tell the kinds apart. Boxes are a big-endian size and a four-character type.
import { ascii, u32be } from '../bytes.js';

/** True when the file opens with an `ftyp` box. */
export const hasFtyp = (b: Uint8Array): boolean => ascii(b, 4, 4) === 'ftyp';

/** The major brand, then the compatible brands of the leading `ftyp` box (read within its first 256 bytes). */
export function ftypBrands(b: Uint8Array): string[] {
  const end = Math.min(b.length, Math.max(16, Math.min(u32be(b, 0), 256)));
  const brands: string[] = [ascii(b, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(b, at, 4));
  return brands;
}
