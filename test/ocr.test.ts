// Scans and photos read with OCR (tesseract.js, offline): a statement rendered to an image,
// placed in an image-only PDF or uploaded as a PNG; genuine ones are INSUFFICIENT_EVIDENCE (nothing
// contradicts them, but they are not examinable like native PDFs), one with a misprinted balance
// is flagged with a MathCheck and a region on the figures.

import { readFiguresAgain, wasmKernels } from '@loupe/core/internal';
import { imageOnlyPdf, photoOf } from '@loupe/fixtures/captures';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { createCanvasDecoder, createNodeEngine, createPdfJsRaster, createTesseractOcr } from '@loupe/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine({ now: () => new Date('2026-11-22T12:00:00Z') });
const raster = createPdfJsRaster();
let genuinePng: Uint8Array;
let forgedPng: Uint8Array;

beforeAll(async () => {
  genuinePng = (await raster.renderPage(await makeStatement({ pages: 1, rowsPerPage: 12, seed: 21 }), 1, 200)).image;
  forgedPng = (await raster.renderPage(await makeStatement({ pages: 1, rowsPerPage: 12, seed: 21, misprint: { row: 5, delta: 100_000 } }), 1, 200)).image;
});

afterAll(async () => {
  await engine.dispose();
});

describe('OCR of scans and photos', () => {
  it('reads a scanned statement: nothing contradicts it, so INSUFFICIENT_EVIDENCE with its category', async () => {
    const doc = await engine.scan(await imageOnlyPdf(genuinePng), { name: 'scan.pdf' });
    expect(doc.capture).toBe('scan');
    expect(doc.category).toBe('bank_statement');
    expect(doc.verdict).toBe('INSUFFICIENT_EVIDENCE');
    expect(doc.next_step).toBe('request_recapture');
  });

  it('flags a scanned statement whose figures contradict each other', async () => {
    const doc = await engine.scan(await imageOnlyPdf(forgedPng), { name: 'scan.pdf' });
    expect(doc.indicators.map((i) => i.code)).toContain('running_balance_mismatch');
    expect(doc.verdict).toBe('SUSPICIOUS');
    expect(doc.math_checks!.length).toBeGreaterThanOrEqual(1);
    const region = doc.regions.find((r) => r.indicator_code === 'running_balance_mismatch')!;
    expect(region.x).toBeGreaterThan(70); // the balance column, right of centre
  });

  it('reads a photo upload the same way', async () => {
    const genuine = await engine.scan(genuinePng, { name: 'photo.png' });
    expect(genuine).toMatchObject({ capture: 'photo', verdict: 'INSUFFICIENT_EVIDENCE', category: 'bank_statement' });
    const forged = await engine.scan(forgedPng, { name: 'photo.png' });
    expect(forged.verdict).toBe('SUSPICIOUS');
    expect(forged.indicators[0]!.code).toBe('running_balance_mismatch');
    // the balance column is printed at x 480 of a 612-point page
    const region = forged.regions.find((r) => r.indicator_code === 'running_balance_mismatch')!;
    expect(region.x).toBeCloseTo((480 / 612) * 100, 0);
  });
});

describe('further readings of the figures', () => {
  it("reads a rendered statement's figures alike twice, and makes unsure a figure whose first reading had a digit wrong", async () => {
    const ocr = createTesseractOcr();
    try {
      const { words } = await ocr.recognize(genuinePng);
      const image = await createCanvasDecoder().decode(genuinePng);
      const gray = wasmKernels.gray(image.rgba, image.width, image.height);
      const figures = words.filter((w) => /^\d[\d,]*\.\d{2}$/.test(w.text));
      expect(figures.length).toBeGreaterThanOrEqual(12);
      // read again, the clean render's figures read as they did the first time
      const again = await readFiguresAgain(words, gray, ocr);
      const doubted = again.filter((w, i) => w.characterConfidence !== words[i]!.characterConfidence);
      expect(doubted.map((w) => w.text)).toEqual([]);
      // a first reading with one digit wrong (as OCR takes a 5 for a 9) is not what the page reads again
      const target = words.indexOf(figures[3]!);
      const misread = words.map((w, i) => (i === target ? { ...w, text: w.text.replace(/\d(?=[^\d]*$)/, (d) => String((Number(d) + 4) % 10)) } : w));
      const checked = await readFiguresAgain(misread, gray, ocr);
      expect(checked[target]!.characterConfidence).toBe(0.5);
      expect(checked.filter((w) => w.characterConfidence === 0.5)).toHaveLength(1);
    } finally {
      await ocr.dispose?.();
    }
  });
});

describe('invisible OCR layers', () => {
  it('reads a scan through its OCR text layer, without running OCR again', async () => {
    const noOcr = createNodeEngine({ ocr: false, now: () => new Date('2026-11-22T12:00:00Z') });
    const { onePageObjects, RawPdf } = await import('@loupe/fixtures/raw-pdf');
    const image = '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\u0000\nendstream';
    const rows = [
      'Opening balance 1,000.00',
      '03/01/2024 Card -100.00 900.00',
      '03/02/2024 Card -50.00 850.00',
      '03/03/2024 Card -25.00 825.00',
      '03/04/2024 Card -10.00 795.00',
      '03/05/2024 Card -5.00 790.00',
    ];
    const layer = rows.map((r, i) => `BT 3 Tr /F1 10 Tf 50 ${700 - i * 20} Td (${r}) Tj ET`).join(' ');
    const content = `q 612 0 0 792 0 0 cm /Im1 Do Q ${layer}`;
    const objects = onePageObjects('x').map((o) => {
      if (o.num === 3)
        return {
          num: 3,
          body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 6 0 R >> /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
        };
      if (o.num === 4) return { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` };
      return o;
    });
    const doc = await noOcr.scan(new RawPdf().section([...objects, { num: 6, body: image }], { trailer: '/Root 1 0 R' }).bytes(), { name: 'layer.pdf' });
    expect(doc.capture).toBe('scan');
    // 825.00 - 10.00 is not 795.00, and no single misread digit of either figure makes it so
    // (715.00 would have been: 110.00 read as 10.00, so OCR-aware arithmetic leaves that unverified)
    expect(doc.indicators.map((i) => i.code)).toContain('running_balance_mismatch');
    expect(doc.indicators.map((i) => i.code)).not.toContain('invisible_text');
  });

  it('levels a photo taken slightly askew before reading its table', async () => {
    const photo = await photoOf(forgedPng, { degrees: 2, border: 60, background: '#909090', quality: 80 });
    const doc = await engine.scan(photo, { name: 'photo.jpg' });
    expect(doc.capture).toBe('photo');
    expect(doc.indicators.map((i) => i.code)).toContain('running_balance_mismatch');
  });
});
