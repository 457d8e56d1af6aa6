// Genuine loan documents from the eight producers of test/fixtures/family-producers.ts, in every
// form a lender receives them: the native file, the same file after a benign incremental save
// (PyMuPDF bookmark, sticky note or attachment; ExifTool metadata), a 300 dpi flatbed scan and a
// phone photo of its first page. Each sample says which split its producer belongs to (tuning or
// held out), so bench:accuracy reports the two apart.
import { PdfFile } from '@loupe/core';
import { createPdfJsRaster } from '@loupe/node';
import { conditionsFor, imageOnlyPdf, phoneCapture, scanOf } from '../test/fixtures/captures.js';
import { familyLayouts } from '../test/fixtures/family-documents.js';
import { BENIGN_SAVES, benignSave, PRODUCERS } from '../test/fixtures/family-producers.js';

/** One genuine sample of the producer families. */
export interface FamilySample {
  name: string;
  producer: string;
  split: 'tuning' | 'held-out';
  document: 'statement' | 'paystub' | 'bill';
  form: 'native' | 'benign save' | 'scan' | 'photo';
  bytes: Uint8Array;
}

const raster = createPdfJsRaster();

async function scanned(pdf: Uint8Array, seed: number): Promise<Uint8Array> {
  const pages = PdfFile.open(pdf).view().pages();
  const [x0, y0, x1, y1] = pages[0]!.cropBox;
  const pngs: Uint8Array[] = [];
  for (let p = 1; p <= pages.length; p++) pngs.push(await scanOf((await raster.renderPage(pdf, p, 300)).image, seed + p));
  return imageOnlyPdf(pngs, [x1 - x0, y1 - y0]);
}

/**
 * The samples: `seeds` layouts of each kind per producer natively and after each benign save, and
 * for `capturedSeeds` of them a scan and a phone photo.
 */
export async function producerFamilySamples(
  seeds: readonly number[] = [1, 2, 3, 4],
  capturedSeeds: readonly number[] = [1],
  split?: FamilySample['split'],
): Promise<FamilySample[]> {
  const samples: FamilySample[] = [];
  for (const producer of PRODUCERS) {
    if (split && (split === 'held-out') !== producer.heldOut) continue;
    for (const seed of seeds) {
      for (const layout of familyLayouts([seed])) {
        const base = { producer: producer.name, split: producer.heldOut ? 'held-out' : 'tuning', document: layout.kind } as const;
        const name = `${producer.name}-${layout.kind}-${seed}`;
        const pdf = await producer.render(layout);
        samples.push({ ...base, name, form: 'native', bytes: pdf });
        for (const save of BENIGN_SAVES) samples.push({ ...base, name: `${name}-${save}`, form: 'benign save', bytes: benignSave(pdf, save) });
        if (!capturedSeeds.includes(seed)) continue;
        samples.push({ ...base, name: `${name}-scan.pdf`, form: 'scan', bytes: await scanned(pdf, seed) });
        const page = (await raster.renderPage(pdf, 1, 200)).image;
        samples.push({ ...base, name: `${name}-photo.jpg`, form: 'photo', bytes: await phoneCapture(page, conditionsFor(seed + samples.length)) });
      }
    }
  }
  return samples;
}
