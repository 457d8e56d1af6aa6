// The PNG container: one chunk walker, and the three readings built on it — the pixel size
// (IHDR), the facts a file tells about itself (text chunks, eXIf, tIME) and whether its chunks up
// to the first IDAT are whole, with correct CRCs and a valid IHDR (checked before a native
// decoder sees the file). Compressed text is inflated with a size and ratio bound.
import { ascii, startsWithBytes, u16be, u32be } from '../bytes.js';
import { inflateBounded } from '../pdf/filters/flate.js';
import { readExif } from './exif.js';
import { type ImageContainer, latin1, MAX_TEXT, utf8 } from './image-facts.js';

/** The eight signature bytes of every PNG. */
export const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;

/** One chunk: its type, where it starts, its declared length and whether it is wholly in the file. */
export interface PngChunk {
  type: string;
  at: number;
  length: number;
  /** The chunk data and its CRC are inside the file. */
  complete: boolean;
  /** The chunk data (cut at the end of the file when incomplete). */
  body: Uint8Array;
}

/**
 * Walks the chunks after the signature, handing each to `visit` (return false to stop); an
 * incomplete chunk ends the walk after its visit, so does IEND. Returns where the walk stopped.
 */
export function walkPng(bytes: Uint8Array, visit: (chunk: PngChunk) => boolean | undefined, maxChunks = Number.POSITIVE_INFINITY): number {
  let at = 8;
  for (let count = 0; count < maxChunks && at + 8 <= bytes.length; count++) {
    const length = u32be(bytes, at);
    const type = ascii(bytes, at + 4, 4);
    const complete = at + 12 + length <= bytes.length;
    if (visit({ type, at, length, complete, body: bytes.subarray(at + 8, at + 8 + length) }) === false || !complete || type === 'IEND') return at;
    at += 12 + length;
  }
  return at;
}

/** Width and height from IHDR, or undefined. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && ascii(bytes, 12, 4) === 'IHDR')
    return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
  return undefined;
}

const MAX_CHUNKS = 4096;
/** Reads what a PNG says about itself into `out`. */
export function readPngFacts(bytes: Uint8Array, out: ImageContainer): void {
  walkPng(
    bytes,
    ({ type, at, length, complete, body }) => {
      if (!complete) {
        if (at + 12 <= bytes.length) out.problems.push(`chunk ${type} runs past the end of the file`);
        return false;
      }
      if (type === 'IHDR' && length >= 8) {
        out.width = u32be(body, 0);
        out.height = u32be(body, 4);
      } else if (type === 'tEXt') {
        const nul = body.indexOf(0);
        if (nul > 0) out.text.set(latin1(body, 0, nul), latin1(body, nul + 1, body.length));
      } else if (type === 'zTXt') {
        const nul = body.indexOf(0);
        const text = nul > 0 ? inflateText(body.subarray(nul + 2)) : undefined;
        if (nul > 0 && text !== undefined) out.text.set(latin1(body, 0, nul), latin1(text, 0, text.length));
      } else if (type === 'iTXt') {
        readItxt(body, out);
      } else if (type === 'eXIf') {
        out.exif = readExif(body);
      } else if (type === 'tIME' && length >= 7) {
        const pad = (n: number): string => String(n).padStart(2, '0');
        out.pngTime = `${u16be(body, 0)}-${pad(body[2]!)}-${pad(body[3]!)}T${pad(body[4]!)}:${pad(body[5]!)}:${pad(body[6]!)}Z`;
      }
      return true;
    },
    MAX_CHUNKS,
  );
  const xmp = out.text.get('XML:com.adobe.xmp');
  if (xmp) out.xmp = xmp;
}

function readItxt(body: Uint8Array, out: ImageContainer): void {
  const nul = body.indexOf(0);
  if (nul <= 0 || nul + 3 > body.length) return;
  const compressed = body[nul + 1] === 1;
  const language = body.indexOf(0, nul + 3);
  if (language < 0) return;
  const translated = body.indexOf(0, language + 1);
  if (translated < 0) return;
  const raw = compressed ? inflateText(body.subarray(translated + 1)) : body.subarray(translated + 1);
  if (raw) out.text.set(latin1(body, 0, nul), utf8(raw));
}

/** Inflates a compressed PNG text, refusing anything that would exceed 1 MiB or expand 1000x. */
function inflateText(data: Uint8Array): Uint8Array | undefined {
  try {
    const { out, ok } = inflateBounded(data, { maxBytes: MAX_TEXT, maxRatio: 1000, ratioFloor: 64 * 1024 });
    return ok ? out : undefined;
  } catch {
    return undefined;
  }
}

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

/** True when the chunks up to the first IDAT are whole, with correct CRCs, a valid IHDR first, and IDAT data follows. */
export function pngWellFormed(b: Uint8Array): boolean {
  if (!startsWithBytes(b, PNG_SIGNATURE)) return false;
  let header = false;
  let verdict = false;
  walkPng(b, ({ type, at, length, complete }) => {
    if (!/^[A-Za-z]{4}$/.test(type) || length > 0x7fffffff) return false;
    if (type === 'IDAT') {
      verdict = header && length > 0 && at + 8 + Math.min(length, 16) <= b.length;
      return false;
    }
    if (!complete || crc32(b, at + 4, at + 8 + length) !== u32be(b, at + 8 + length)) return false;
    if (type === 'IHDR') {
      if (header || at !== 8 || length !== 13) return false;
      const [width, height, depth, colour] = [u32be(b, 16), u32be(b, 20), b[24]!, b[25]!];
      if (!width || !height || width > 0x7fffffff || height > 0x7fffffff || !PNG_DEPTHS[colour]?.includes(depth) || b[26] !== 0 || b[27] !== 0 || b[28]! > 1)
        return false;
      header = true;
    } else if (!header) return false;
    return true;
  });
  return verdict;
}
