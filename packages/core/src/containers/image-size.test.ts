import { describe, expect, it } from 'vitest';
import { imageSize } from './image-container.js';

describe('imageSize', () => {
  it('reads a PNG IHDR', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0x06, 0xa4, 0, 0, 0x08, 0x98]);
    expect(imageSize(png)).toEqual({ width: 1700, height: 2200 });
  });

  it('reads a JPEG SOF after other segments', () => {
    const jpeg = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0x03, 0x20, 0x04, 0xb0, 3, 0, 0, 0, 0]);
    expect(imageSize(jpeg)).toEqual({ width: 1200, height: 800 });
  });

  it('says undefined for anything else', () => {
    expect(imageSize(new Uint8Array(30))).toBeUndefined();
  });
});
