// Image documents end to end on the Node platform (canvas decoding, WebAssembly kernels,
// onnxruntime): genuine photos and scans stay INSUFFICIENT_EVIDENCE, a copied pair of digits is
// FORGED with both places marked, the docforge heatmap scores a generator-style image, and broken
// or hostile images end in a Document, never a crash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { imageOnlyPdf } from '@loupe/fixtures/captures';
import { type Box, captureDocument, copyMoveDigit, resave, retypeAmount, spliceAmount } from '@loupe/fixtures/document-photos';
import { createNodeEngine, MODELS_DIR } from '@loupe/node';
import { createCanvas } from '@napi-rs/canvas';
import { afterAll, describe, expect, it } from 'vitest';

/** The JPEG with an APP1 EXIF segment whose IFD1 holds `thumbnail` (a camera names itself in IFD0). */
function withExifThumbnail(jpeg: Uint8Array, thumbnail: Uint8Array): Uint8Array {
  const u16 = (n: number): number[] => [n >> 8, n & 255];
  const u32 = (n: number): number[] => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
  const make = [...'Canon'].map((c) => c.charCodeAt(0)).concat(0);
  const ifd0At = 8;
  const ifd1At = ifd0At + 2 + 12 + 4;
  const makeAt = ifd1At + 2 + 2 * 12 + 4;
  const thumbAt = makeAt + make.length;
  const tiff = [
    ...'MM'.split('').map((c) => c.charCodeAt(0)),
    0,
    42,
    ...u32(ifd0At),
    ...u16(1),
    ...u16(0x010f),
    ...u16(2),
    ...u32(make.length),
    ...u32(makeAt),
    ...u32(ifd1At),
    ...u16(2),
    ...u16(0x0201),
    ...u16(4),
    ...u32(1),
    ...u32(thumbAt),
    ...u16(0x0202),
    ...u16(4),
    ...u32(1),
    ...u32(thumbnail.length),
    ...u32(0),
    ...make,
    ...thumbnail,
  ];
  const body = [...'Exif'].map((c) => c.charCodeAt(0)).concat(0, 0, ...tiff);
  const app1 = [0xff, 0xe1, ...u16(body.length + 2), ...body];
  return new Uint8Array([0xff, 0xd8, ...app1, ...jpeg.subarray(2)]);
}

/** A letter-size PDF whose only content is a JPEG placed over the whole page, as scanners write. */
async function jpegScanPdf(jpeg: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const image = await doc.embedJpg(jpeg);
  doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return doc.save();
}

const engine = createNodeEngine({ ocr: false });
afterAll(() => engine.dispose());

const overlaps = (r: { x: number; y: number; w: number; h: number }, b: Box, width: number, height: number): boolean =>
  r.x < (b.x1 / width) * 100 && r.x + r.w > (b.x0 / width) * 100 && r.y < (b.y1 / height) * 100 && r.y + r.h > (b.y0 / height) * 100;

describe('image forensics', () => {
  it('leaves genuine photos and scans INSUFFICIENT_EVIDENCE after every pixel check ran', async () => {
    for (const capture of [await captureDocument({ kind: 'photo', seed: 3000 }), await captureDocument({ kind: 'scan', seed: 3002, format: 'png' })]) {
      const { document, checksNotRun } = await engine.scanDetailed(capture.bytes, { name: `genuine.${capture.format}` });
      expect(document).toMatchObject({ capture: 'photo', verdict: 'INSUFFICIENT_EVIDENCE', next_step: 'request_recapture' });
      expect(document.checks_passed).toEqual(expect.arrayContaining(['image metadata', 'pixel consistency', 'copy-move search']));
      // read without OCR (this engine's), the picture's words are not read: only the checks of its text did not run
      expect(checksNotRun?.map((n) => n.check)).toEqual(['typesetting consistency', 'arithmetic consistency']);
    }
  });

  it('finds two digits copied over another amount and marks both places', async () => {
    const source = await captureDocument({ kind: 'photo', seed: 3001 });
    const tampered = await copyMoveDigit(source, 1, 'png');
    const doc = await engine.scan(tampered.bytes, { name: 'edited.jpg' });
    expect(doc.verdict).toBe('FORGED');
    const regions = doc.regions.filter((r) => r.indicator_code === 'copy_move_detected');
    expect(regions.some((r) => overlaps(r, tampered.edits[0]!, source.width, source.height))).toBe(true);
    expect(regions.some((r) => overlaps(r, tampered.source!, source.width, source.height))).toBe(true);
  });

  it('finds a single digit copied over another in a lossless image, pixel for pixel', async () => {
    for (const capture of [await captureDocument({ kind: 'photo', seed: 3001 }), await captureDocument({ kind: 'scan', seed: 3002, format: 'png' })]) {
      const tampered = await copyMoveDigit(capture, 2, 'png', 1);
      const doc = await engine.scan(tampered.bytes, { name: 'edited.png' });
      expect(doc.verdict).toBe('FORGED');
      const regions = doc.regions.filter((r) => r.indicator_code === 'copy_move_detected');
      expect(regions.some((r) => overlaps(r, tampered.edits[0]!, capture.width, capture.height))).toBe(true);
    }
  });

  it('finds an amount retyped over a filled box, an amount pasted from another photo, and a re-save', async () => {
    const source = await captureDocument({ kind: 'photo', seed: 3000 });
    const retyped = await retypeAmount(source, 0, 92);
    const a = await engine.scan(retyped.bytes, { name: 'edited.jpg' });
    expect(a.verdict).toBe('SUSPICIOUS');
    expect(a.regions.some((r) => r.indicator_code === 'print_sharper_than_capture' && overlaps(r, retyped.edits[0]!, source.width, source.height))).toBe(true);
    const pasted = await spliceAmount(source, await captureDocument({ kind: 'photo', seed: 4000 }), 0, 95);
    const b = await engine.scan(pasted.bytes, { name: 'edited.jpg' });
    expect(b.verdict).toBe('SUSPICIOUS');
    expect(b.regions.some((r) => r.indicator_code === 'jpeg_first_compression_missing' && overlaps(r, pasted.edits[0]!, source.width, source.height))).toBe(
      true,
    );
    const again = await engine.scan((await resave(source, 70)).bytes, { name: 'photo.jpg' });
    expect(again.indicators.map((i) => i.code)).toContain('jpeg_double_compressed');
    expect(again.verdict).toBe('INSUFFICIENT_EVIDENCE'); // a re-save alone is no evidence of an edit
  });

  it('examines the page images of scanned PDFs (JPEG and lossless) and marks copies on the page', async () => {
    const source = await captureDocument({ kind: 'photo', seed: 3001 });
    const genuine = await engine.scanDetailed(await jpegScanPdf(source.bytes), { name: 'scan.pdf' });
    expect(genuine.document).toMatchObject({ capture: 'scan', verdict: 'INSUFFICIENT_EVIDENCE' });
    expect(genuine.document.checks_passed).toEqual(expect.arrayContaining(['pixel consistency', 'JPEG structure', 'copy-move search']));
    const copied = await copyMoveDigit(source, 1, 'png');
    for (const pdf of [await imageOnlyPdf(copied.bytes), await jpegScanPdf((await copyMoveDigit(source, 1, 95)).bytes)]) {
      const doc = await engine.scan(pdf, { name: 'scan.pdf' });
      expect(doc.verdict).toBe('FORGED');
      const regions = doc.regions.filter((r) => r.indicator_code === 'copy_move_detected' && r.page === 1);
      // the page shows the image over its whole area, so page percentages equal image percentages
      expect(regions.some((r) => overlaps(r, copied.edits[0]!, source.width, source.height))).toBe(true);
    }
  });

  it('notices an EXIF thumbnail that shows another picture', async () => {
    const photo = await captureDocument({ kind: 'photo', seed: 3004 });
    const { loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(Buffer.from(photo.bytes));
    const thumbnailOf = (draw: (ctx: ReturnType<ReturnType<typeof createCanvas>['getContext']>) => void): Uint8Array => {
      const canvas = createCanvas(160, Math.round((160 * image.height) / image.width));
      draw(canvas.getContext('2d'));
      return new Uint8Array(canvas.encodeSync('jpeg', 80));
    };
    const same = thumbnailOf((ctx) => ctx.drawImage(image, 0, 0, 160, Math.round((160 * image.height) / image.width)));
    const other = thumbnailOf((ctx) => {
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, 160, 200);
      ctx.fillStyle = '#000';
      ctx.fillRect(20, 20, 60, 140);
    });
    const codes = async (thumbnail: Uint8Array): Promise<string[]> =>
      (await engine.scan(withExifThumbnail(photo.bytes, thumbnail), { name: 'photo.jpg' })).indicators.map((i) => i.code);
    expect(await codes(same)).not.toContain('exif_thumbnail_mismatch');
    expect(await codes(other)).toContain('exif_thumbnail_mismatch');
  });

  it('does not search a noiseless render for copies, and says why', async () => {
    const canvas = createCanvas(600, 400);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, 600, 400);
    ctx.fillStyle = '#000';
    for (let y = 40; y < 400; y += 40) ctx.fillRect(40, y, 200, 12);
    const { document, checksNotRun } = await engine.scanDetailed(new Uint8Array(canvas.encodeSync('png')), { name: 'render.png' });
    expect(document.verdict).toBe('INSUFFICIENT_EVIDENCE');
    expect(checksNotRun?.find((c) => c.check === 'copy-move search')?.reason).toMatch(/noise/);
  });

  it('adds the docforge heatmap when asked, and flags an upsampled, smoothed image', async () => {
    const real = await captureDocument({ kind: 'photo', seed: 3001 });
    const plain = await engine.scan(real.bytes, { name: 'photo.jpg' });
    expect(plain.genai_heatmap).toBeUndefined();
    expect(plain.model).toBe('pdf-native-forensics');
    const scored = await engine.scan(real.bytes, { name: 'photo.jpg', models: ['docforge'] });
    // the Document names the model that scored its pixels, at its manifest version
    const manifest = JSON.parse(readFileSync(join(MODELS_DIR, 'manifest.json'), 'utf8')) as { models: { id: string; version: string }[] };
    expect([scored.model, scored.model_version]).toEqual(['docforge', manifest.models.find((m) => m.id === 'docforge')?.version]);
    expect(scored.genai_heatmap).toHaveLength(Math.floor(real.height / 64));
    expect(scored.genai_heatmap![0]).toHaveLength(Math.floor(real.width / 64));
    expect(scored.indicators.map((i) => i.code)).not.toContain('genai_synthetic_region');
    // the same page through a generator-style pipeline: a quarter of the pixels, upsampled bilinearly
    const { loadImage } = await import('@napi-rs/canvas');
    const image = await loadImage(Buffer.from(real.bytes));
    const small = createCanvas(Math.floor(image.width / 3), Math.floor(image.height / 3));
    small.getContext('2d').drawImage(image, 0, 0, small.width, small.height);
    const big = createCanvas(image.width, image.height);
    big.getContext('2d').drawImage(small, 0, 0, image.width, image.height);
    const fake = await engine.scan(new Uint8Array(big.encodeSync('jpeg', 93)), { name: 'generated.jpg', models: ['docforge'] });
    expect(fake.indicators.map((i) => i.code)).toContain('genai_synthetic_region');
    expect(fake.regions.some((r) => r.indicator_code === 'genai_synthetic_region')).toBe(true);
  });

  it('ships the model its manifest describes', () => {
    const manifest = JSON.parse(readFileSync(join(MODELS_DIR, 'manifest.json'), 'utf8')) as { models: { id: string; file: string; sha256: string }[] };
    const entry = manifest.models.find((m) => m.id === 'docforge')!;
    expect(
      createHash('sha256')
        .update(readFileSync(join(MODELS_DIR, entry.file)))
        .digest('hex'),
    ).toBe(entry.sha256);
  });

  it('ends truncated, tiny and bomb-sized images in a Document, saying which checks could not run', async () => {
    const photo = await captureDocument({ kind: 'photo', seed: 3003 });
    const truncated = await engine.scanDetailed(photo.bytes.subarray(0, photo.bytes.length >> 1), { name: 'cut.jpg' });
    expect(truncated.document.status).toBe('completed');
    const tiny = createCanvas(1, 1);
    const one = await engine.scanDetailed(new Uint8Array(tiny.encodeSync('png')), { name: 'dot.png' });
    expect(one.checksNotRun?.find((n) => n.check === 'pixel consistency')?.reason).toMatch(/too few/);
    // a PNG header declaring 20000 x 20000 pixels (400 megapixels) and nothing behind it
    const ihdr = [0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0x4e, 0x20, 0, 0, 0x4e, 0x20, 8, 6, 0, 0, 0, 0, 0, 0, 0];
    const bomb = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...ihdr]);
    const big = await engine.scanDetailed(bomb, { name: 'bomb.png' });
    expect(big.document.verdict).toBe('INSUFFICIENT_EVIDENCE');
    expect(big.checksNotRun?.find((n) => n.check === 'pixel consistency')?.reason).toMatch(/400 megapixels/);
  });
});
