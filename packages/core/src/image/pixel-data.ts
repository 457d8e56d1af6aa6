// Whether a PNG, JPEG or WEBP file is well formed up to its compressed pixel data, checked before
// any platform decoder sees it (other formats are refused): some native decoders crash the process on damaged headers
// (Skia in @napi-rs/canvas does, on PNGs and JPEGs cut inside their headers and on single
// changed bytes in chunk lengths, Huffman tables or RIFF sizes). The checks are structural and
// cheap: a PNG's chunks up to its first IDAT must be whole with correct CRCs and a valid IHDR; a
// JPEG's segments up to its first scan must be the markers of baseline, extended or progressive
// JPEG (APPn, COM, DQT, DHT, DRI, SOF0-2, SOS) with consistent lengths and fields; a WEBP must be
// whole, its chunks tiling the RIFF, with a plausible VP8 or VP8L header. Damage in
// the compressed data itself is left to the decoder, which reports it as an error.

const u16 = (b: Uint8Array, i: number): number => (b[i]! << 8) | b[i + 1]!;
const u32 = (b: Uint8Array, i: number): number => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;
const le32 = (b: Uint8Array, i: number): number => (b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24)) >>> 0;
const u16le = (b: Uint8Array, i: number): number => b[i]! | (b[i + 1]! << 8);
const tag = (b: Uint8Array, i: number): string => String.fromCharCode(b[i]!, b[i + 1]!, b[i + 2]!, b[i + 3]!);

let crcTable: Uint32Array | undefined;
function crc32(b: Uint8Array, from: number, to: number): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = crcTable[(c ^ b[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Bit depths allowed for each PNG colour type. */
const PNG_DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };

function pngWellFormed(b: Uint8Array): boolean {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (signature.some((v, i) => b[i] !== v)) return false;
  let at = 8;
  let header = false;
  while (at + 8 <= b.length) {
    const length = u32(b, at);
    const type = tag(b, at + 4);
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) return false;
    if (type === 'IDAT') return header && length > 0 && at + 8 + Math.min(length, 16) <= b.length;
    if (at + 12 + length > b.length) return false;
    if (crc32(b, at + 4, at + 8 + length) !== u32(b, at + 8 + length)) return false;
    if (type === 'IHDR') {
      if (header || at !== 8 || length !== 13) return false;
      const [width, height, depth, colour] = [u32(b, 16), u32(b, 20), b[24]!, b[25]!];
      if (!width || !height || width > 0x7fffffff || height > 0x7fffffff || !PNG_DEPTHS[colour]?.includes(depth) || b[26] !== 0 || b[27] !== 0 || b[28]! > 1) return false;
      header = true;
    } else if (!header) return false;
    at += 12 + length;
  }
  return false;
}

/** Checks one JPEG marker segment's fields; `frame` collects the frame's component ids. */
function jpegSegmentValid(b: Uint8Array, marker: number, at: number, length: number, frame: { ids: number[] }): boolean {
  const end = at + 2 + length;
  const p = at + 4;
  if (marker === 0xdb) {
    // DQT: tables of 64 one- or two-byte values, ids 0-3
    for (let q = p; q < end; ) {
      const precision = b[q]! >> 4;
      if (precision > 1 || (b[q]! & 15) > 3) return false;
      q += 1 + 64 * (precision + 1);
      if (q > end) return false;
    }
    return true;
  }
  if (marker === 0xc4) {
    // DHT: class 0-1, id 0-3, at most 256 codes of which the counts say
    for (let q = p; q < end; ) {
      if (b[q]! >> 4 > 1 || (b[q]! & 15) > 3 || q + 17 > end) return false;
      let codes = 0;
      for (let i = 1; i <= 16; i++) codes += b[q + i]!;
      if (codes > 256) return false;
      q += 17 + codes;
      if (q > end) return false;
    }
    return true;
  }
  if (marker >= 0xc3 && marker <= 0xcf) return false; // lossless, hierarchical and arithmetic-coded JPEG: not read
  if (marker >= 0xc0 && marker <= 0xc2) {
    // SOF0-2 (baseline, extended, progressive): precision 8 or 12, size, 1-4 components with sampling 1-4 and table ids 0-3
    const n = b[p + 5]!;
    if ((b[p] !== 8 && b[p] !== 12) || !u16(b, p + 1) && marker !== 0xc0 || !u16(b, p + 3) || n < 1 || n > 4 || length !== 8 + 3 * n) return false;
    for (let c = 0; c < n; c++) {
      const s = b[p + 7 + 3 * c]!;
      if (s >> 4 < 1 || s >> 4 > 4 || (s & 15) < 1 || (s & 15) > 4 || b[p + 8 + 3 * c]! > 3) return false;
      frame.ids.push(b[p + 6 + 3 * c]!);
    }
    return frame.ids.length === n;
  }
  if (marker === 0xda) {
    // SOS: 1-4 components of the frame, table ids 0-3
    const n = b[p]!;
    if (n < 1 || n > 4 || length !== 6 + 2 * n) return false;
    for (let c = 0; c < n; c++) if (!frame.ids.includes(b[p + 1 + 2 * c]!) || b[p + 2 + 2 * c]! >> 4 > 3 || (b[p + 2 + 2 * c]! & 15) > 3) return false;
    return true;
  }
  if (marker === 0xdd) return length === 4;
  // APPn and COM: any content
  return (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
}

function jpegWellFormed(b: Uint8Array): boolean {
  let at = 2;
  const frame = { ids: [] as number[] };
  let frames = 0;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return false;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = u16(b, at + 2);
    if (length < 2 || at + 2 + length > b.length) return false;
    if (!jpegSegmentValid(b, marker, at, length, frame)) return false;
    if (marker >= 0xc0 && marker <= 0xc2 && ++frames > 1) return false;
    if (marker === 0xda) return frames === 1 && at + 2 + length + 2 <= b.length;
    at += 2 + length;
  }
  return false;
}

function webpWellFormed(b: Uint8Array): boolean {
  // the whole RIFF must be present and its chunks must tile it exactly
  const size = le32(b, 4);
  if (size < 12 || size + 8 > b.length) return false;
  const end = size + 8;
  let at = 12;
  let image = false;
  while (at < end) {
    if (at + 8 > end) return false;
    const type = tag(b, at);
    const length = le32(b, at + 4);
    const next = at + 8 + length + (length & 1);
    if (!/^[A-Z0-9 ]{4}$/.test(type) || next > end + (length & 1)) return false;
    const p = at + 8;
    if (type === 'VP8 ') {
      // frame tag: a shown key frame of version 0-3, first partition within the chunk, start code, non-zero size
      const tagBits = b[p]! | (b[p + 1]! << 8) | (b[p + 2]! << 16);
      if (length < 10 || tagBits & 1 || ((tagBits >> 1) & 7) > 3 || !((tagBits >> 4) & 1) || tagBits >> 5 > length - 10 || b[p + 3] !== 0x9d || b[p + 4] !== 0x01 || b[p + 5] !== 0x2a) return false;
      if (!(u16le(b, p + 6) & 0x3fff) || !(u16le(b, p + 8) & 0x3fff)) return false;
      image = true;
    } else if (type === 'VP8L') {
      if (length < 5 || b[p] !== 0x2f) return false;
      image = true;
    } else if (type === 'VP8X') {
      if (at !== 12 || length !== 10) return false;
    } else if (at === 12) return false;
    at = next;
  }
  return image;
}

/** True when `bytes` are a PNG, JPEG or WEBP well formed up to its pixel data (anything else is false). */
export function wellFormedImage(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  if (bytes[0] === 0x89 && bytes[1] === 0x50) return pngWellFormed(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return jpegWellFormed(bytes);
  if (tag(bytes, 0) === 'RIFF' && tag(bytes, 8) === 'WEBP') return webpWellFormed(bytes);
  return false;
}
