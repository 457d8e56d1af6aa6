// The pixel size of a PNG (IHDR) or JPEG (first SOF marker) from its header, without decoding.

/** Width and height in pixels, or undefined when the header cannot be read. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  const u16 = (i: number): number => (bytes[i]! << 8) | bytes[i + 1]!;
  const u32 = (i: number): number => ((bytes[i]! << 24) | (bytes[i + 1]! << 16) | (bytes[i + 2]! << 8) | bytes[i + 3]!) >>> 0;
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[12] === 0x49 && bytes[13] === 0x48 && bytes[14] === 0x44 && bytes[15] === 0x52) {
    return { width: u32(16), height: u32(20) };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xd8) {
    let p = 2;
    while (p + 9 < bytes.length) {
      if (bytes[p] !== 0xff) return undefined;
      const marker = bytes[p + 1]!;
      if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
        p += 2;
        continue;
      }
      // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC)
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: u16(p + 7), height: u16(p + 5) };
      }
      p += 2 + u16(p + 2);
    }
  }
  return undefined;
}
