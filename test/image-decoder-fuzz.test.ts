// The Node image decoder on damaged files: every truncation of a small PNG, JPEG and WEBP, and
// random byte changes in their headers and data (seeded). Skia crashes the whole process on some
// of these (found by this test); the decoder must end each in a picture or an error. A crash
// here takes the test worker down with it, so the failure is loud.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { wellFormedImage } from '@loupe/core/internal';
import { jpegLumaFirst } from '@loupe/core/internal/media';
import { seededRandom } from '@loupe/core/testing';
import { createCanvasDecoder, ffmpegPaths } from '@loupe/node';
import { describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-fuzz-'));
const make = (name: string, args: string[]): Uint8Array => {
  execFileSync(ffmpegPaths().ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=96x64', '-frames:v', '1', ...args, join(dir, name)]);
  return new Uint8Array(readFileSync(join(dir, name)));
};
const files: Record<string, Uint8Array> = {
  png: make('a.png', []),
  palette: make('p.png', ['-pix_fmt', 'pal8']),
  jpeg: make('a.jpg', []),
  progressive: make('b.jpg', ['-c:v', 'mjpeg', '-q:v', '3']),
  webp: make('a.webp', ['-c:v', 'libwebp']),
  lossless: make('l.webp', ['-c:v', 'libwebp', '-lossless', '1']),
};
/** Half-transparent pixels: a region drawn on a canvas that held another must not blend with it. */
const translucent = make('t.png', ['-vf', 'format=rgba,colorchannelmixer=aa=0.5']);
rmSync(dir, { recursive: true });
const decoder = createCanvasDecoder();

async function outcome(bytes: Uint8Array): Promise<'picture' | 'error'> {
  try {
    const image = await decoder.decode(bytes);
    expect(image.rgba.length).toBe(image.width * image.height * 4);
    return 'picture';
  } catch {
    return 'error';
  }
}

describe('image decoder on damaged files', () => {
  it.each(Object.keys(files))('%s: whole, every truncation and seeded byte changes end in a picture or an error', async (name) => {
    const whole = files[name]!;
    expect(wellFormedImage(whole)).toBe(true);
    expect(await outcome(whole)).toBe('picture');
    const slow = name.endsWith('webp') || name === 'lossless';
    const step = slow ? Math.ceil(whole.length / 40) : 1;
    for (let n = 0; n < whole.length; n += step) await outcome(whole.subarray(0, n));
    const random = seededRandom(name.length * 97 + 1);
    for (let k = 0; k < (slow ? 40 : 400); k++) {
      const damaged = whole.slice();
      const span = k % 2 ? Math.min(damaged.length, 400) : damaged.length;
      for (let c = 1 + Math.floor(random() * 4); c > 0; c--) damaged[Math.floor(random() * span)] = Math.floor(random() * 256);
      await outcome(damaged);
    }
  });

  it('refuses the damaged headers that crashed Skia', () => {
    const jpeg = files.jpeg!.slice();
    const dht = jpeg.findIndex((v, i) => v === 0xff && jpeg[i + 1] === 0xc4);
    jpeg[dht + 1] = 0xf7; // a JPEG-LS frame marker where the Huffman table was
    expect(wellFormedImage(jpeg)).toBe(false);
    const webp = files.webp!.slice();
    webp[20] = webp[20]! & ~0x10; // a frame not to be shown
    expect(wellFormedImage(webp)).toBe(false);
    const png = files.png!.slice();
    png[40] = png[40]! ^ 1; // a chunk whose CRC no longer matches
    expect(wellFormedImage(png)).toBe(false);
    expect(wellFormedImage(files.png!.subarray(0, 33))).toBe(false);
    expect(wellFormedImage(new TextEncoder().encode('GIF89a not accepted here'))).toBe(false);
  });
});

describe("image decoder: a JPEG's luma alone", () => {
  it('decodes the grey levels of regions of a JPEG (its Y plane) as the luma of its colour decode, clipped to it', async () => {
    const rects = [
      { x: 0, y: 0, width: 16, height: 8 },
      { x: 90, y: 60, width: 30, height: 30 }, // runs past the edge: clipped
      { x: 40, y: 20, width: 24, height: 12 },
    ];
    const jpeg = files.jpeg!;
    expect(jpegLumaFirst(jpeg)).toBe(true);
    const whole = await decoder.decode(jpeg);
    const decoded = await decoder.decodeJpegLuma!(jpeg, () => rects);
    expect([decoded.width, decoded.height]).toEqual([whole.width, whole.height]);
    decoded.regions.forEach((region, i) => {
      const { x, y } = rects[i]!;
      const [width, height] = [Math.min(rects[i]!.width, whole.width - x), Math.min(rects[i]!.height, whole.height - y)];
      expect([region.width, region.height, region.luma.length], `${i}`).toEqual([width, height, width * height]);
      // Y against the BT.601 luma of the RGB the colour decode made of it (rounding and chroma upsampling apart)
      let sum = 0;
      for (let row = 0; row < height; row++)
        for (let col = 0; col < width; col++) {
          const at = ((y + row) * whole.width + x + col) * 4;
          const luma = 0.299 * whole.rgba[at]! + 0.587 * whole.rgba[at + 1]! + 0.114 * whole.rgba[at + 2]!;
          sum += Math.abs(region.luma[row * width + col]! - luma);
        }
      expect(sum / (width * height), `${i}`).toBeLessThan(2);
    });
  });

  it('refuses what is no JPEG whose first component is its luma', async () => {
    await expect(decoder.decodeJpegLuma!(files.png!, (width, height) => [{ x: 0, y: 0, width, height }])).rejects.toThrow();
    // a JPEG whose components are named R, G, B holds no luma plane
    const rgb = files.jpeg!.slice();
    const sof = rgb.findIndex((v, i) => v === 0xff && rgb[i + 1] === 0xc0);
    for (const [k, id] of [0x52, 0x47, 0x42].entries()) rgb[sof + 10 + k * 3] = id;
    expect(jpegLumaFirst(rgb)).toBe(false);
    await expect(decoder.decodeJpegLuma!(rgb, (width, height) => [{ x: 0, y: 0, width, height }])).rejects.toThrow();
  });
});

describe('image decoder regions', () => {
  it('decodes regions with the same pixels as the whole picture, clipped to it, for PNG (translucent too), JPEG and WEBP', async () => {
    const rects = [
      { x: 0, y: 0, width: 16, height: 8 },
      { x: 80, y: 50, width: 16, height: 14 },
      { x: 90, y: 60, width: 30, height: 30 }, // runs past the edge: clipped
      { x: 40, y: 20, width: 16, height: 8 }, // the first one's size: drawn on the same canvas
    ];
    for (const [kind, bytes] of Object.entries({ ...files, translucent })) {
      const whole = await decoder.decode(bytes);
      const decoded = await decoder.decodeRegions!(bytes, (width, height) => {
        expect([width, height]).toEqual([whole.width, whole.height]);
        return rects;
      });
      expect([decoded.width, decoded.height], kind).toEqual([whole.width, whole.height]);
      decoded.regions.forEach((region, i) => {
        const { x, y } = rects[i]!;
        const width = Math.min(rects[i]!.width, whole.width - x);
        const height = Math.min(rects[i]!.height, whole.height - y);
        expect([region.width, region.height], `${kind} ${i}`).toEqual([width, height]);
        for (let row = 0; row < height; row++) {
          const from = ((y + row) * whole.width + x) * 4;
          expect(
            Buffer.from(region.rgba.subarray(row * width * 4, (row + 1) * width * 4)).equals(Buffer.from(whole.rgba.subarray(from, from + width * 4))),
            `${kind} ${i} row ${row}`,
          ).toBe(true);
        }
      });
    }
  });
});
