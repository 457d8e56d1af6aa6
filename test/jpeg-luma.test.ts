// The core's JPEG luma decoder (packages/core/src/image/jpeg-luma.ts, assembly/jpeg.ts) against
// libjpeg-turbo's djpeg on files cjpeg and jpegtran write (chroma sampling 4:2:0, 4:2:2, 4:4:4,
// grey, odd sizes, restart intervals, a scan per component); what it leaves to the platform
// (progressive, arithmetic coding, damage) answered undefined; random damage never throws; and a
// photo's detection taking this path, the platform's decoder only for what it leaves.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJpegLumaRegions } from '@loupe/core/internal/media';
import { createMediaEngine, type ImageDecoder } from '@loupe/core/media';
import { seededRandom } from '@loupe/core/testing';
import { createCanvasDecoder, createModelStore, createOnnxInference, ffmpegPaths } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'loupe-jpeg-luma-'));
afterAll(() => rmSync(dir, { recursive: true }));

// a picture of odd size (no whole MCU at the right and bottom edges), with detail in every block
const WIDTH = 203;
const HEIGHT = 157;
const source = join(dir, 'source.ppm');
execFileSync(ffmpegPaths().ffmpeg, [
  '-v',
  'error',
  '-f',
  'lavfi',
  '-i',
  'testsrc2=size=320x240',
  '-frames:v',
  '1',
  '-vf',
  `scale=${WIDTH}:${HEIGHT}`,
  '-pix_fmt',
  'rgb24',
  '-y',
  source,
]);

const cjpeg = (name: string, args: string[], input = source): Uint8Array => {
  const out = join(dir, name);
  execFileSync('cjpeg', [...args, '-outfile', out, input]);
  return new Uint8Array(readFileSync(out));
};
const jpegtran = (name: string, args: string[], input: Uint8Array): Uint8Array => {
  const from = join(dir, `${name}.in.jpg`);
  writeFileSync(from, input);
  const out = join(dir, name);
  execFileSync('jpegtran', [...args, '-outfile', out, from]);
  return new Uint8Array(readFileSync(out));
};
/** The luma plane djpeg decodes (its accurate integer transform), from a PGM. */
function djpegLuma(bytes: Uint8Array): Uint8Array {
  const file = join(dir, 'ref.jpg');
  writeFileSync(file, bytes);
  const pgm = execFileSync('djpeg', ['-grayscale', '-pnm', file]);
  const header = pgm.subarray(0, 32).toString('latin1');
  const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(header)!;
  const at = header.indexOf('255') + 4;
  expect([Number(width), Number(height)]).toEqual([WIDTH, HEIGHT]);
  return new Uint8Array(pgm.subarray(at, at + WIDTH * HEIGHT));
}
const whole = (width: number, height: number) => [{ x: 0, y: 0, width, height }];

const baseline = cjpeg('420.jpg', ['-quality', '90', '-sample', '2x2']);
const files: Record<string, Uint8Array> = {
  '4:2:0': baseline,
  '4:2:2': cjpeg('422.jpg', ['-quality', '75', '-sample', '2x1']),
  '4:4:4, optimised tables': cjpeg('444.jpg', ['-quality', '95', '-sample', '1x1', '-optimize']),
  grey: cjpeg('grey.jpg', ['-quality', '85', '-grayscale']),
  'restart every MCU row': jpegtran('rst-row.jpg', ['-restart', '1'], baseline),
  'restart every 3 MCUs': jpegtran('rst-3.jpg', ['-restart', '3B'], baseline),
};

describe('the core JPEG luma decoder', () => {
  it('decodes what djpeg decodes, within a grey level, for every sampling, grey, restart intervals', () => {
    for (const [kind, bytes] of Object.entries(files)) {
      const ours = decodeJpegLumaRegions(bytes, whole);
      expect(ours, kind).toBeDefined();
      expect([ours!.width, ours!.height], kind).toEqual([WIDTH, HEIGHT]);
      const reference = djpegLuma(bytes);
      let max = 0;
      let sum = 0;
      ours!.regions[0]!.luma.forEach((v, i) => {
        const d = Math.abs(v - reference[i]!);
        max = Math.max(max, d);
        sum += d;
      });
      expect(max, kind).toBeLessThanOrEqual(1);
      expect(sum / reference.length, kind).toBeLessThan(0.05);
    }
  });

  it('reads restart markers as marks in the same data: the pixels are those of the file without them', () => {
    const plain = decodeJpegLumaRegions(baseline, whole)!.regions[0]!.luma;
    for (const kind of ['restart every MCU row', 'restart every 3 MCUs'])
      expect(decodeJpegLumaRegions(files[kind]!, whole)!.regions[0]!.luma, kind).toEqual(plain);
  });

  it('decodes a first scan that holds the luma alone (a scan per component)', () => {
    const scans = join(dir, 'scans.txt');
    writeFileSync(scans, '0;\n1;\n2;\n');
    const separate = cjpeg('scans.jpg', ['-quality', '90', '-sample', '2x2', '-scans', scans]);
    expect(decodeJpegLumaRegions(separate, whole)!.regions[0]!.luma).toEqual(decodeJpegLumaRegions(baseline, whole)!.regions[0]!.luma);
  });

  it('decodes regions as the whole picture has them, clipped to it, overlapping or not', () => {
    const all = decodeJpegLumaRegions(baseline, whole)!.regions[0]!.luma;
    const rects = [
      { x: 0, y: 0, width: 17, height: 9 },
      { x: 13, y: 5, width: 40, height: 33 }, // overlaps the first
      { x: 190, y: 150, width: 30, height: 30 }, // runs past the corner: clipped
      { x: 101, y: 77, width: 1, height: 1 },
    ];
    const decoded = decodeJpegLumaRegions(baseline, () => rects)!;
    decoded.regions.forEach((region, i) => {
      const { x, y } = rects[i]!;
      const [width, height] = [Math.min(rects[i]!.width, WIDTH - x), Math.min(rects[i]!.height, HEIGHT - y)];
      expect([region.width, region.height], `${i}`).toEqual([width, height]);
      for (let row = 0; row < height; row++)
        expect(region.luma.subarray(row * width, (row + 1) * width), `${i} row ${row}`).toEqual(
          all.subarray((y + row) * WIDTH + x, (y + row) * WIDTH + x + width),
        );
    });
  });

  it('leaves to the platform what it does not decode: progressive, arithmetic coding, no luma, damage', () => {
    expect(decodeJpegLumaRegions(jpegtran('prog.jpg', ['-progressive'], baseline), whole)).toBeUndefined();
    expect(decodeJpegLumaRegions(jpegtran('arith.jpg', ['-arithmetic'], baseline), whole)).toBeUndefined();
    const rgb = cjpeg('rgb.jpg', ['-rgb']);
    expect(decodeJpegLumaRegions(rgb, whole)).toBeUndefined();
    // the data cut short, and its scan ended by a marker half-way
    expect(decodeJpegLumaRegions(baseline.subarray(0, Math.floor(baseline.length * 0.6)), whole)).toBeUndefined();
    const marked = baseline.slice();
    marked.set([0xff, 0xd9], Math.floor(baseline.length * 0.6));
    expect(decodeJpegLumaRegions(marked, whole)).toBeUndefined();
  });

  it('never throws on damaged data: every mutation is decoded or left undefined', () => {
    const random = seededRandom(54);
    let decoded = 0;
    for (let i = 0; i < 300; i++) {
      const bytes = baseline.slice();
      for (let flips = 1 + Math.floor(random() * 4); flips > 0; flips--) bytes[Math.floor(random() * bytes.length)] = Math.floor(random() * 256);
      const out = decodeJpegLumaRegions(bytes, whole);
      if (out) {
        decoded++;
        expect(out.regions[0]!.luma.length).toBe(out.width * out.height);
      }
    }
    // most damage inside the scan changes pixels without breaking the code
    expect(decoded).toBeGreaterThan(0);
  });
});

describe("a photo's detection", () => {
  it("reads a baseline JPEG's grey levels in the core, and the platform's decoder only for what the core leaves", async () => {
    const canvas = createCanvasDecoder();
    const asked: string[] = [];
    const images: ImageDecoder = {
      decode: canvas.decode.bind(canvas),
      decodeRegions: canvas.decodeRegions!.bind(canvas),
      decodeJpegLuma: (bytes, regionsOf) => {
        asked.push('luma');
        return canvas.decodeJpegLuma!(bytes, regionsOf);
      },
    };
    const engine = createMediaEngine({ images, inference: createOnnxInference(), models: createModelStore() });
    const photo = await engine.detect(baseline, { filename: 'photo.jpg' });
    expect(photo.score).not.toBeNull();
    expect(asked).toEqual([]);
    const progressive = await engine.detect(jpegtran('prog2.jpg', ['-progressive'], baseline), { filename: 'photo.jpg' });
    expect(asked).toEqual(['luma']);
    // the same grey levels, decoded by ffmpeg: the same score to a grey level's difference
    expect(Math.abs(progressive.score! - photo.score!)).toBeLessThan(0.02);
  });
});
