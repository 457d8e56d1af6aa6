// Media type from content, for the media detection engine: the accepted photo (JPG, PNG, WEBP),
// video (MP4, MOV, WEBM) and audio (MP3, WAV, M4A, FLAC, OGG, AAC) containers are recognised by
// their signatures, never by name; still images by the document engine's `sniffFormat`. ISO
// base-media files are told apart by their `ftyp` brands (M4A audio, QuickTime, MP4), EBML files
// by their DocType (WebM accepted, other Matroska not).
import { sniffFormat } from '../sniff.js';

/** Media kinds of the Detection envelope. */
import type { MediaType } from '../spec/media.js';

/** A recognised media container. */
export interface MediaFormat {
  type: MediaType;
  /** Short container name. */
  format: 'jpg' | 'png' | 'webp' | 'mp4' | 'mov' | 'webm' | 'mp3' | 'wav' | 'm4a' | 'flac' | 'ogg' | 'aac';
  mime: string;
}

const ascii = (b: Uint8Array, at: number, n: number): string => String.fromCharCode(...b.subarray(at, at + n));

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

/** The ISO base-media format of a file whose first box is `ftyp`, from its brands. */
function isoBmff(b: Uint8Array): MediaFormat | undefined {
  const size = ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0;
  const end = Math.min(b.length, Math.max(16, Math.min(size, 256)));
  const brands: string[] = [ascii(b, 8, 4)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(b, at, 4));
  if (brands.some((x) => x === 'M4A ' || x === 'M4B ')) return FORMATS.m4a;
  if (brands[0] === 'qt  ') return FORMATS.mov;
  return FORMATS.mp4;
}

/** The EBML DocType of a Matroska-family file (first 64 bytes of its header). */
function ebmlDocType(b: Uint8Array): string | undefined {
  for (let at = 4; at + 3 < Math.min(b.length, 64); at++) {
    if (b[at] === 0x42 && b[at + 1] === 0x82) {
      const len = b[at + 2]! & 0x7f;
      return ascii(b, at + 3, len);
    }
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
  const still = sniffFormat(b); // the document engine's signatures for the still-image formats
  if (still === 'jpg' || still === 'png' || still === 'webp') return FORMATS[still];
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WAVE') return FORMATS.wav;
  if (ascii(b, 4, 4) === 'ftyp') return isoBmff(b);
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return ebmlDocType(b) === 'webm' ? FORMATS.webm : undefined;
  if (ascii(b, 0, 4) === 'fLaC') return FORMATS.flac;
  if (ascii(b, 0, 4) === 'OggS') return FORMATS.ogg;
  if (ascii(b, 0, 3) === 'ID3') {
    // ID3v2 tag, then the first audio frame
    const size = ((b[6]! & 0x7f) << 21) | ((b[7]! & 0x7f) << 14) | ((b[8]! & 0x7f) << 7) | (b[9]! & 0x7f);
    const kind = mpegAudio(b, 10 + size);
    return kind === 'aac' ? FORMATS.aac : FORMATS.mp3;
  }
  const kind = mpegAudio(b, 0);
  if (kind) return FORMATS[kind];
  return undefined;
}
