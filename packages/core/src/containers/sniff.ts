// Content sniffing, the one place that tells what a file is from its leading bytes, never from
// its name. Documents: PDF, PNG and JPEG are analysed; GIF, WEBP, TIFF, HEIC and BMP are
// recognised so they can be refused as `unsupported_type`; anything else is unknown. Media,
// built on the same signatures: the accepted photo (JPG, PNG, WEBP), video (MP4, MOV, WEBM) and
// audio (MP3, WAV, M4A, FLAC, OGG, AAC) containers; ISO base-media files are told apart by their
// `ftyp` brands (M4A audio, QuickTime, MP4), EBML files by their DocType (WebM accepted, other
// Matroska not).
import { ascii, startsWithBytes } from '../bytes.js';
import type { MediaType } from '../spec/media.js';
import { ftypBrands, hasFtyp } from './iso-bmff.js';
import { PNG_SIGNATURE } from './png.js';
import { riffForm } from './riff.js';

/** Formats Loupe recognises as documents or refuses by name. */
export type SniffedFormat = 'pdf' | 'png' | 'jpg' | 'gif' | 'webp' | 'tiff' | 'heic' | 'bmp' | 'unknown';

/** Formats the document engine analyses. */
export const DOCUMENT_FORMATS: ReadonlySet<SniffedFormat> = new Set(['pdf', 'png', 'jpg']);

const HEADERLESS_PDF = /^\s*(?:%[^\r\n]*[\r\n]+\s*)*\d{1,10}\s+\d{1,5}\s+obj\s*<</;
const HEIF_BRANDS = /^(heic|heix|hevc|hevx|heim|heis|mif1|msf1|avif)$/;

/** Identifies `bytes` by signature. A PDF header may sit anywhere in the first 1024 bytes. */
export function sniffFormat(bytes: Uint8Array): SniffedFormat {
  if (startsWithBytes(bytes, PNG_SIGNATURE)) return 'png';
  if (startsWithBytes(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (riffForm(bytes) === 'WEBP') return 'webp';
  if (startsWithBytes(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWithBytes(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (hasFtyp(bytes) && HEIF_BRANDS.test(ascii(bytes, 8, 4))) return 'heic';
  if (ascii(bytes, 0, 2) === 'BM' && bytes.length >= 14) return 'bmp';
  const head = ascii(bytes, 0, 1024);
  if (head.includes('%PDF-')) return 'pdf';
  // a PDF that lost its header but still opens with comments and an `N G obj` header
  if (HEADERLESS_PDF.test(head)) return 'pdf';
  return 'unknown';
}

/** A recognised media container. */
export interface MediaFormat {
  type: MediaType;
  /** Short container name. */
  format: 'jpg' | 'png' | 'webp' | 'mp4' | 'mov' | 'webm' | 'mp3' | 'wav' | 'm4a' | 'flac' | 'ogg' | 'aac';
  mime: string;
}

const FORMATS: Record<MediaFormat['format'], MediaFormat> = {
  jpg: { type: 'image', format: 'jpg', mime: 'image/jpeg' },
  png: { type: 'image', format: 'png', mime: 'image/png' },
  webp: { type: 'image', format: 'webp', mime: 'image/webp' },
  mp4: { type: 'video', format: 'mp4', mime: 'video/mp4' },
  mov: { type: 'video', format: 'mov', mime: 'video/quicktime' },
  webm: { type: 'video', format: 'webm', mime: 'video/webm' },
  mp3: { type: 'audio', format: 'mp3', mime: 'audio/mpeg' },
  wav: { type: 'audio', format: 'wav', mime: 'audio/wav' },
  m4a: { type: 'audio', format: 'm4a', mime: 'audio/mp4' },
  flac: { type: 'audio', format: 'flac', mime: 'audio/flac' },
  ogg: { type: 'audio', format: 'ogg', mime: 'audio/ogg' },
  aac: { type: 'audio', format: 'aac', mime: 'audio/aac' },
};

/** The ISO base-media format from its `ftyp` brands. */
function isoBmff(b: Uint8Array): MediaFormat {
  const brands = ftypBrands(b);
  if (brands.some((x) => x === 'M4A ' || x === 'M4B ')) return FORMATS.m4a;
  if (brands[0] === 'qt  ') return FORMATS.mov;
  return FORMATS.mp4;
}

/** The EBML DocType of a Matroska-family file (first 64 bytes of its header). */
function ebmlDocType(b: Uint8Array): string | undefined {
  for (let at = 4; at + 3 < Math.min(b.length, 64); at++) {
    if (b[at] === 0x42 && b[at + 1] === 0x82) return ascii(b, at + 3, b[at + 2]! & 0x7f);
  }
  return undefined;
}

/** MPEG audio frame header at `at`: layer III for MP3, or an ADTS (AAC) header. */
function mpegAudio(b: Uint8Array, at: number): 'mp3' | 'aac' | undefined {
  if (at + 4 > b.length || b[at] !== 0xff || (b[at + 1]! & 0xe0) !== 0xe0) return undefined;
  const layer = (b[at + 1]! >> 1) & 3;
  if (layer === 0 && (b[at + 1]! & 0xf0) === 0xf0) return 'aac';
  const bitrate = b[at + 2]! >> 4;
  if (layer === 1 && bitrate !== 0 && bitrate !== 15 && ((b[at + 2]! >> 2) & 3) !== 3) return 'mp3';
  return undefined;
}

/** Recognises an accepted media container, or returns undefined. */
export function sniffMedia(b: Uint8Array): MediaFormat | undefined {
  if (b.length < 12) return undefined;
  const still = sniffFormat(b); // the document signatures for the still-image formats
  if (still === 'jpg' || still === 'png' || still === 'webp') return FORMATS[still];
  if (riffForm(b) === 'WAVE') return FORMATS.wav;
  if (hasFtyp(b)) return isoBmff(b);
  if (startsWithBytes(b, [0x1a, 0x45, 0xdf, 0xa3])) return ebmlDocType(b) === 'webm' ? FORMATS.webm : undefined;
  if (ascii(b, 0, 4) === 'fLaC') return FORMATS.flac;
  if (ascii(b, 0, 4) === 'OggS') return FORMATS.ogg;
  if (ascii(b, 0, 3) === 'ID3') {
    // ID3v2 tag, then the first audio frame
    const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
    return mpegAudio(b, 10 + size) === 'aac' ? FORMATS.aac : FORMATS.mp3;
  }
  const kind = mpegAudio(b, 0);
  return kind ? FORMATS[kind] : undefined;
}
