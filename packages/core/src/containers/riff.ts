// The RIFF container (WEBP, WAV): one chunk walker over a RIFF body. Chunks are a four-character
// code, a little-endian length and a payload padded to an even size.
import { ascii, u32le } from '../bytes.js';

/** One chunk of a RIFF body. */
export interface RiffChunk {
  type: string;
  at: number;
  length: number;
  /** Offset of the next chunk (payload padded to an even size). */
  next: number;
}

/**
 * Walks the chunks from offset 12 up to `end` (the RIFF size + 8), handing each to `visit`
 * (return false to stop). Returns 'complete' when the chunks tile the body exactly, 'stopped'
 * when `visit` stopped it, and 'overrun' when a chunk header or payload crosses `end`.
 */
export function walkRiff(bytes: Uint8Array, end: number, visit: (chunk: RiffChunk) => boolean | undefined): 'complete' | 'stopped' | 'overrun' {
  let at = 12;
  while (at < end) {
    if (at + 8 > end) return 'overrun';
    const length = u32le(bytes, at + 4);
    const next = at + 8 + length + (length & 1);
    if (next > end + (length & 1)) return 'overrun';
    if (visit({ type: ascii(bytes, at, 4), at, length, next }) === false) return 'stopped';
    at = next;
  }
  return 'complete';
}

/** The RIFF form type (`WEBP`, `WAVE`) of a file, or undefined. */
export function riffForm(bytes: Uint8Array): string | undefined {
  return ascii(bytes, 0, 4) === 'RIFF' && bytes.length >= 12 ? ascii(bytes, 8, 4) : undefined;
}
