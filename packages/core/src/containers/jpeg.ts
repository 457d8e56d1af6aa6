// The JPEG container: one marker-segment walker, and the three readings built on it — the pixel
// size (first SOF), the facts a file tells about itself (quantisation tables, frame, JFIF/Adobe,
// EXIF, XMP, IPTC, comments) and whether its headers are well formed enough to hand to a native
// decoder. The walk stops at the first scan (SOS), at EOI, at damage, or after `maxSegments`.
import { startsWithAscii, u16be, u32be } from '../bytes.js';
import { readExif } from './exif.js';
import { type ImageContainer, latin1, utf8 } from './image-facts.js';

/** One step of the walk: a marker segment with its length, or a standalone marker (SOI, RSTn, TEM). */
export interface JpegSegment {
  marker: number;
  /** Offset of the segment's 0xFF. */
  at: number;
  /** Declared length (0 for a standalone marker). */
  length: number;
  /** The segment's payload (empty for a standalone marker). */
  body: Uint8Array;
  standalone: boolean;
}

/** Why the walk ended. */
export type JpegWalkEnd =
  | { kind: 'scan' | 'end_of_image' | 'stopped' | 'limit' | 'out_of_bytes'; at: number }
  | { kind: 'no_marker'; at: number }
  | { kind: 'truncated'; at: number; marker: number };

const isStandalone = (marker: number): boolean => marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
export const isStartOfFrame = (marker: number): boolean => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * Walks the marker segments after SOI. Fill bytes (0xFF 0xFF) are skipped; each segment is
 * handed to `visit` (return false to stop) once its declared length fits in the file; the walk
 * ends after the first SOS, at EOI, on a byte that is no marker, on a segment running past the
 * end, or after `maxSegments` steps.
 */
export function walkJpeg(bytes: Uint8Array, visit: (segment: JpegSegment) => boolean | undefined, maxSegments = Number.POSITIVE_INFINITY): JpegWalkEnd {
  let p = 2;
  for (let count = 0; count < maxSegments; count++) {
    if (p + 4 > bytes.length) return { kind: 'out_of_bytes', at: p };
    if (bytes[p] !== 0xff) return { kind: 'no_marker', at: p };
    const marker = bytes[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (isStandalone(marker)) {
      if (visit({ marker, at: p, length: 0, body: bytes.subarray(p + 2, p + 2), standalone: true }) === false) return { kind: 'stopped', at: p };
      p += 2;
      continue;
    }
    if (marker === 0xd9) return { kind: 'end_of_image', at: p };
    const length = u16be(bytes, p + 2);
    const end = p + 2 + length;
    if (length < 2 || end > bytes.length) return { kind: 'truncated', at: p, marker };
    if (visit({ marker, at: p, length, body: bytes.subarray(p + 4, end), standalone: false }) === false) return { kind: 'stopped', at: p };
    if (marker === 0xda) return { kind: 'scan', at: p };
    p = end;
  }
  return { kind: 'limit', at: p };
}

/** Width and height from the first frame header, or undefined. */
export function jpegSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  let size: { width: number; height: number } | undefined;
  walkJpeg(bytes, (s) => {
    if (s.standalone || !isStartOfFrame(s.marker)) return true;
    if (s.body.length >= 5) size = { width: u16be(s.body, 3), height: u16be(s.body, 1) };
    return false;
  });
  return size;
}

/**
 * True when a JPEG's first component is its luma (BT.601 Y, as JFIF defines it), so that decoding
 * that plane alone gives the picture's grey levels: one component, or three read as YCbCr — an
 * Adobe segment saying so (transform 1), else component ids that are not R, G, B. Not CMYK, not
 * RGB, not an Adobe file without a transform (read as RGB).
 */
export function jpegLumaFirst(bytes: Uint8Array): boolean {
  let components: number[] | undefined;
  let adobeTransform: number | undefined;
  walkJpeg(bytes, ({ marker, body, standalone }) => {
    if (standalone) return true;
    if (marker === 0xee && startsWithAscii(body, 0, 'Adobe') && body.length >= 12) adobeTransform = body[11];
    if (isStartOfFrame(marker) && body.length >= 6) components = Array.from({ length: body[5]! }, (_, i) => body[6 + i * 3] ?? -1);
    return marker !== 0xda;
  });
  if (components?.length === 1) return true;
  if (components?.length !== 3) return false;
  if (adobeTransform !== undefined) return adobeTransform === 1;
  return components.join() !== [0x52, 0x47, 0x42].join();
}

/** Natural-order index of each zig-zag position. */
export const ZIGZAG = [
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22,
  15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
];

const MAX_SEGMENTS = 4096;
/** Reads what a JPEG says about itself into `out` (segments up to the first scan). */
export function readJpegFacts(bytes: Uint8Array, out: ImageContainer): void {
  const end = walkJpeg(
    bytes,
    ({ marker, body, standalone }) => {
      if (standalone) return true;
      if (marker === 0xda) return false; // entropy-coded data follows
      if (marker === 0xdb) readDqt(body, out);
      else if (isStartOfFrame(marker)) readSof(body, marker, out);
      else if (marker === 0xe0 && startsWithAscii(body, 0, 'JFIF\0')) out.jfif = true;
      else if (marker === 0xee && startsWithAscii(body, 0, 'Adobe')) out.adobe = true;
      else if (marker === 0xe1 && startsWithAscii(body, 0, 'Exif\0')) out.exif = readExif(body.subarray(6));
      else if (marker === 0xe1 && startsWithAscii(body, 0, 'http://ns.adobe.com/xap/1.0/\0')) out.xmp = utf8(body.subarray(29));
      else if (marker === 0xed && startsWithAscii(body, 0, 'Photoshop 3.0\0')) readPhotoshop(body.subarray(14), out);
      else if (marker === 0xfe) out.comments.push(latin1(body, 0, body.length));
      return true;
    },
    MAX_SEGMENTS,
  );
  if (end.kind === 'no_marker') out.problems.push(`no marker at offset ${end.at}`);
  if (end.kind === 'truncated' && end.marker !== 0xda) out.problems.push(`segment 0x${end.marker.toString(16)} runs past the end of the file`);
}

function readDqt(body: Uint8Array, out: ImageContainer): void {
  let p = 0;
  while (p < body.length) {
    const precision = body[p]! >> 4;
    const id = body[p]! & 15;
    const size = precision ? 128 : 64;
    if (p + 1 + size > body.length) return;
    const table = new Array<number>(64);
    for (let i = 0; i < 64; i++) table[ZIGZAG[i]!] = precision ? u16be(body, p + 1 + 2 * i) : body[p + 1 + i]!;
    out.quantTables.set(id, table);
    p += 1 + size;
  }
}

function readSof(body: Uint8Array, marker: number, out: ImageContainer): void {
  if (out.width !== undefined || body.length < 6) return;
  out.height = u16be(body, 1);
  out.width = u16be(body, 3);
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
    const id = u16be(body, p + 4);
    const nameLength = body[p + 6]!;
    let q = p + 6 + 1 + nameLength;
    if (q % 2) q++;
    if (q + 4 > body.length) return;
    const size = u32be(body, q);
    if (id === 0x0404 && size > 0) out.iptc = true;
    p = q + 4 + size + (size % 2);
  }
}

/** Checks one marker segment's fields; `frame` collects the frame's component ids. */
function segmentValid(s: JpegSegment, frame: { ids: number[] }): boolean {
  const { marker, body: b, length } = s;
  if (marker === 0xdb) {
    // DQT: tables of 64 one- or two-byte values, ids 0-3
    for (let q = 0; q < b.length; ) {
      const precision = b[q]! >> 4;
      if (precision > 1 || (b[q]! & 15) > 3) return false;
      q += 1 + 64 * (precision + 1);
      if (q > b.length) return false;
    }
    return true;
  }
  if (marker === 0xc4) {
    // DHT: class 0-1, id 0-3, at most 256 codes of which the counts say
    for (let q = 0; q < b.length; ) {
      if (b[q]! >> 4 > 1 || (b[q]! & 15) > 3 || q + 17 > b.length) return false;
      let codes = 0;
      for (let i = 1; i <= 16; i++) codes += b[q + i]!;
      if (codes > 256) return false;
      q += 17 + codes;
      if (q > b.length) return false;
    }
    return true;
  }
  if (marker >= 0xc3 && marker <= 0xcf) return false; // lossless, hierarchical and arithmetic-coded JPEG: not read
  if (marker >= 0xc0 && marker <= 0xc2) {
    // SOF0-2 (baseline, extended, progressive): precision 8 or 12, size, 1-4 components with sampling 1-4 and table ids 0-3
    const n = b[5]!;
    if ((b[0] !== 8 && b[0] !== 12) || (!u16be(b, 1) && marker !== 0xc0) || !u16be(b, 3) || n < 1 || n > 4 || length !== 8 + 3 * n) return false;
    for (let c = 0; c < n; c++) {
      const f = b[7 + 3 * c]!;
      if (f >> 4 < 1 || f >> 4 > 4 || (f & 15) < 1 || (f & 15) > 4 || b[8 + 3 * c]! > 3) return false;
      frame.ids.push(b[6 + 3 * c]!);
    }
    return frame.ids.length === n;
  }
  if (marker === 0xda) {
    // SOS: 1-4 components of the frame, table ids 0-3
    const n = b[0]!;
    if (n < 1 || n > 4 || length !== 6 + 2 * n) return false;
    for (let c = 0; c < n; c++) if (!frame.ids.includes(b[1 + 2 * c]!) || b[2 + 2 * c]! >> 4 > 3 || (b[2 + 2 * c]! & 15) > 3) return false;
    return true;
  }
  if (marker === 0xdd) return length === 4;
  // APPn and COM: any content
  return (marker >= 0xe0 && marker <= 0xef) || marker === 0xfe;
}

/**
 * True when the segments up to the first scan are those of baseline, extended or progressive
 * JPEG (APPn, COM, DQT, DHT, DRI, one SOF0-2, SOS) with consistent lengths and fields, and the
 * scan has data after its header. Standalone markers before the scan are not accepted.
 */
export function jpegWellFormed(bytes: Uint8Array): boolean {
  const frame = { ids: [] as number[] };
  let frames = 0;
  let scanData = false;
  const end = walkJpeg(bytes, (s) => {
    if (s.standalone || !segmentValid(s, frame)) return false;
    if (s.marker >= 0xc0 && s.marker <= 0xc2 && ++frames > 1) return false;
    if (s.marker === 0xda) scanData = frames === 1 && s.at + 2 + s.length + 2 <= bytes.length;
    return true;
  });
  return end.kind === 'scan' && scanData;
}
