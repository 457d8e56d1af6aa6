// What a still image's container tells about it (format facts, metadata, damage noticed), filled
// in by the JPEG and PNG walkers, and the bounded text readers both use for its metadata.
import type { ExifFacts } from './exif.js';

/** Everything the container tells, for either format. Unreadable parts are left undefined, never thrown. */
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

/** Longest text read from one metadata segment or chunk: 1 MiB. */
export const MAX_TEXT = 1 << 20;

/** Bytes `from`..`to` as Latin-1 text, at most `MAX_TEXT` characters. */
export function latin1(bytes: Uint8Array, from: number, to: number): string {
  let s = '';
  for (let i = from; i < Math.min(to, bytes.length, from + MAX_TEXT); i++) s += String.fromCharCode(bytes[i]!);
  return s;
}

/** Bytes as UTF-8 text (malformed sequences replaced), at most `MAX_TEXT` bytes of them. */
export function utf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, MAX_TEXT));
}
