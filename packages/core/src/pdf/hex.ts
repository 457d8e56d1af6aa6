// Hexadecimal digits as PDF reads them (hex strings, ASCIIHexDecode): whitespace and other
// non-digits are skipped, an odd final digit is padded with 0, and `>` ends the data.

/** Value of each byte as a hex digit, or -1. */
export const HEX_DIGIT = new Int8Array(256).fill(-1);
for (let i = 0; i < 10; i++) HEX_DIGIT[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX_DIGIT[0x41 + i] = 10 + i;
  HEX_DIGIT[0x61 + i] = 10 + i;
}

/** Decodes the hex digits of `d[start, end)`, stopping at `>`; returns the bytes and where it stopped. */
export function decodeHexDigits(d: Uint8Array, start: number, end: number): { bytes: Uint8Array; stop: number } {
  const out = new Uint8Array((end - start + 1) >> 1);
  let o = 0;
  let hi = -1;
  let p = start;
  for (; p < end; p++) {
    const c = d[p]!;
    if (c === 0x3e) break;
    const v = HEX_DIGIT[c]!;
    if (v < 0) continue;
    if (hi < 0) hi = v;
    else {
      out[o++] = (hi << 4) | v;
      hi = -1;
    }
  }
  if (hi >= 0) out[o++] = hi << 4;
  return { bytes: out.subarray(0, o), stop: p };
}
