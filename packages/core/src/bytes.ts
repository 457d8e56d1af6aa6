// The one byte reader of the core: big- and little-endian integers, ASCII tags and Latin-1 text
// read from a `Uint8Array` at an offset. Reads past the end give 0 bits rather than throwing (a
// walker checks its bounds before it trusts a value), so every container walker shares the same
// arithmetic instead of redefining it.

/** Concatenates byte arrays into one new array. */
export function concatBytes(...parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Unsigned 16-bit big-endian integer at `at`. */
export const u16be = (b: Uint8Array, at: number): number => (b[at]! << 8) | b[at + 1]!;

/** Unsigned 32-bit big-endian integer at `at`. */
export const u32be = (b: Uint8Array, at: number): number => ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;

/** Unsigned 16-bit little-endian integer at `at`. */
export const u16le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8);

/** Unsigned 24-bit little-endian integer at `at`. */
export const u24le = (b: Uint8Array, at: number): number => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);

/** Unsigned 32-bit little-endian integer at `at`. */
export const u32le = (b: Uint8Array, at: number): number => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** `length` bytes from `at` as one character each (a four-character code, a signature); stops at the end. */
export function ascii(b: Uint8Array, at: number, length: number): string {
  let s = '';
  for (let i = at; i < Math.min(b.length, at + length); i++) s += String.fromCharCode(b[i]!);
  return s;
}

/** True when the bytes at `at` spell `text` (one byte per character). */
export function startsWithAscii(b: Uint8Array, at: number, text: string): boolean {
  if (at + text.length > b.length) return false;
  for (let i = 0; i < text.length; i++) if (b[at + i] !== text.charCodeAt(i)) return false;
  return true;
}

/** True when `b` starts with the byte values of `signature` at `at`. */
export function startsWithBytes(b: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (b.length < at + signature.length) return false;
  for (let i = 0; i < signature.length; i++) if (b[at + i] !== signature[i]) return false;
  return true;
}
