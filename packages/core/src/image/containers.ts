// Reads what PNG and JPEG files say about themselves without decoding pixels: JPEG segments
// (frame, quantisation tables, JFIF/Adobe/EXIF/XMP/IPTC application segments, comments) and PNG
// chunks (IHDR, text chunks, eXIf, tIME). Every loop is bounded by the bytes it walks and by a
// segment/chunk count; compressed PNG text is inflated with a size bound. Unreadable parts are
// skipped, never thrown: a damaged header leaves the facts it could not read undefined.
import { inflateBounded } from '../pdf/filters/flate.js';
import { readExif, type ExifFacts } from './exif.js';

/** Everything the container tells, for either format. */
export interface ImageContainer {
  format: 'jpg' | 'png';
  width?: number;
  height?: number;
  /** JPEG: progressive (SOF2) rather than baseline. */
  progressive?: boolean;
  /** JPEG: components and their sampling factors, e.g. "3 components 2x2,1x1,1x1". */
  sampling?: string;
  /** JPEG: quantisation tables by id, 64 steps each in natural [v][u] order. */
  quantTables: Map<number, number[]>;
  /** JPEG: the table id each frame component uses, in component order. */
  componentTables: number[];
  /** JPEG: JFIF/Adobe markers present. */
  jfif: boolean;
  adobe: boolean;
  exif?: ExifFacts;
  /** The XMP packet, as text. */
  xmp?: string;
  /** IPTC records present (Photoshop APP13 resource 0x0404). */
  iptc: boolean;
  /** Photoshop image resources (APP13) present at all. */
  photoshopResources: boolean;
  /** JPEG COM segments and PNG text chunks, keyword -> text. */
  comments: string[];
  text: Map<string, string>;
  /** PNG tIME: last modification, ISO 8601. */
  pngTime?: string;
  /** Damage noticed while walking the structure. */
  problems: string[];
}

const MAX_SEGMENTS = 4096;
const MAX_TEXT = 1 << 20;
/** Natural-order index of each zig-zag position. */
export const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < Math.min(to, bytes.length, from + MAX_TEXT); i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, MAX_TEXT));
}

function startsWithAscii(bytes: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > bytes.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

function empty(format: 'jpg' | 'png'): ImageContainer {
  return { format, quantTables: new Map(), componentTables: [], jfif: false, adobe: false, iptc: false, photoshopResources: false, comments: [], text: new Map(), problems: [] };
}

/** Reads the container of a PNG or JPEG file. */
export function readContainer(bytes: Uint8Array, format: 'jpg' | 'png'): ImageContainer {
  return format === 'jpg' ? readJpeg(bytes) : readPng(bytes);
}

function readJpeg(bytes: Uint8Array): ImageContainer {
  const out = empty('jpg');
  const u16 = (i: number): number => (bytes[i]! << 8) | bytes[i + 1]!;
  let p = 2;
  for (let count = 0; count < MAX_SEGMENTS && p + 4 <= bytes.length; count++) {
    if (bytes[p] !== 0xff) {
      out.problems.push(`no marker at offset ${p}`);
      break;
    }
    const marker = bytes[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break; // end of image, or entropy-coded data follows
    const length = u16(p + 2);
    const start = p + 4;
    const end = p + 2 + length;
    if (length < 2 || end > bytes.length) {
      out.problems.push(`segment 0x${marker.toString(16)} runs past the end of the file`);
      break;
    }
    const body = bytes.subarray(start, end);
    if (marker === 0xdb) readDqt(body, out);
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) readSof(body, marker, out);
    else if (marker === 0xe0 && startsWithAscii(body, 0, 'JFIF\0')) out.jfif = true;
    else if (marker === 0xee && startsWithAscii(body, 0, 'Adobe')) out.adobe = true;
    else if (marker === 0xe1 && startsWithAscii(body, 0, 'Exif\0')) out.exif = readExif(body.subarray(6));
    else if (marker === 0xe1 && startsWithAscii(body, 0, 'http://ns.adobe.com/xap/1.0/\0')) out.xmp = utf8(body.subarray(29));
    else if (marker === 0xed && startsWithAscii(body, 0, 'Photoshop 3.0\0')) readPhotoshop(body.subarray(14), out);
    else if (marker === 0xfe) out.comments.push(latin1(body, 0, body.length));
    p = end;
  }
  return out;
}

function readDqt(body: Uint8Array, out: ImageContainer): void {
  let p = 0;
  while (p < body.length) {
    const precision = body[p]! >> 4;
    const id = body[p]! & 15;
    const size = precision ? 128 : 64;
    if (p + 1 + size > body.length) return;
    const table = new Array<number>(64);
    for (let i = 0; i < 64; i++) table[ZIGZAG[i]!] = precision ? (body[p + 1 + 2 * i]! << 8) | body[p + 2 + 2 * i]! : body[p + 1 + i]!;
    out.quantTables.set(id, table);
    p += 1 + size;
  }
}

function readSof(body: Uint8Array, marker: number, out: ImageContainer): void {
  if (out.width !== undefined || body.length < 6) return;
  out.height = (body[1]! << 8) | body[2]!;
  out.width = (body[3]! << 8) | body[4]!;
  out.progressive = marker === 0xc2 || marker === 0xc6 || marker === 0xca || marker === 0xce;
  const components = body[5]!;
  const factors: string[] = [];
  for (let i = 0; i < components && 6 + i * 3 + 2 < body.length; i++) {
    const s = body[6 + i * 3 + 1]!;
    factors.push(`${s >> 4}x${s & 15}`);
    out.componentTables.push(body[6 + i * 3 + 2]!);
  }
  out.sampling = `${components} component${components === 1 ? '' : 's'} ${factors.join(',')}`;
}

/** Photoshop image resources ("8BIM" blocks); 0x0404 holds IPTC-IIM records. */
function readPhotoshop(body: Uint8Array, out: ImageContainer): void {
  out.photoshopResources = true;
  let p = 0;
  for (let count = 0; count < MAX_SEGMENTS && p + 12 <= body.length; count++) {
    if (!startsWithAscii(body, p, '8BIM')) return;
    const id = (body[p + 4]! << 8) | body[p + 5]!;
    const nameLength = body[p + 6]!;
    let q = p + 6 + 1 + nameLength;
    if (q % 2) q++;
    if (q + 4 > body.length) return;
    const size = ((body[q]! << 24) | (body[q + 1]! << 16) | (body[q + 2]! << 8) | body[q + 3]!) >>> 0;
    if (id === 0x0404 && size > 0) out.iptc = true;
    p = q + 4 + size + (size % 2);
  }
}

function readPng(bytes: Uint8Array): ImageContainer {
  const out = empty('png');
  const u32 = (i: number): number => ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0;
  let p = 8;
  for (let count = 0; count < MAX_SEGMENTS && p + 12 <= bytes.length; count++) {
    const length = u32(p);
    const type = latin1(bytes, p + 4, p + 8);
    const start = p + 8;
    const end = start + length;
    if (end + 4 > bytes.length) {
      out.problems.push(`chunk ${type} runs past the end of the file`);
      break;
    }
    const body = bytes.subarray(start, end);
    if (type === 'IHDR' && length >= 8) {
      out.width = u32(start);
      out.height = u32(start + 4);
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
      const y = (body[0]! << 8) | body[1]!;
      const pad = (n: number): string => String(n).padStart(2, '0');
      out.pngTime = `${y}-${pad(body[2]!)}-${pad(body[3]!)}T${pad(body[4]!)}:${pad(body[5]!)}:${pad(body[6]!)}Z`;
    } else if (type === 'IEND') {
      break;
    }
    p = end + 4;
  }
  const xmp = out.text.get('XML:com.adobe.xmp');
  if (xmp) out.xmp = xmp;
  return out;
}

function readItxt(body: Uint8Array, out: ImageContainer): void {
  const nul = body.indexOf(0);
  if (nul <= 0 || nul + 3 > body.length) return;
  const compressed = body[nul + 1] === 1;
  let p = nul + 3;
  const language = body.indexOf(0, p);
  if (language < 0) return;
  const translated = body.indexOf(0, language + 1);
  if (translated < 0) return;
  p = translated + 1;
  const raw = compressed ? inflateText(body.subarray(p)) : body.subarray(p);
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
