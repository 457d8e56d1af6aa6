// Genuine documents from eight producers the engine's tuning never used (packages/fixtures/src/
// family-producers.ts) are not flagged: statements whose ledger comes with an account summary, a
// daily ending balance grid, interest and fees and year-to-date boxes; pay stubs and bills with
// their own grids; each also after a benign incremental save by PyMuPDF, Poppler or ExifTool (a new document
// id among them); and a statement with its summary tables scanned and photographed reads as
// INSUFFICIENT_EVIDENCE with no finding.

import { PdfFile } from '@loupe/core/internal';
import { conditionsFor, imageOnlyPdf, phoneCapture, scanOf } from '@loupe/fixtures/captures';
import { billLayout, type DocumentKind, payStubLayout, statementLayout } from '@loupe/fixtures/family-documents';
import { BENIGN_SAVES, benignSave, PRODUCERS } from '@loupe/fixtures/family-producers';
import { createNodeEngine, createPdfJsRaster } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine();
afterAll(() => engine.dispose());

const CATEGORY: Partial<Record<DocumentKind, string>> = { statement: 'bank_statement', paystub: 'paystub', bill: 'utility_bill' };

describe.each(PRODUCERS.map((p) => [p.name, p] as const))('genuine documents made by %s', (_name, producer) => {
  it('are CLEAN with no failed arithmetic, natively and after every benign incremental save', async () => {
    for (const layout of [statementLayout(5), payStubLayout(5), billLayout(5)]) {
      const pdf = await producer.render(layout);
      const native = await engine.scan(pdf, { name: `${layout.kind}.pdf` });
      expect(native.category, layout.kind).toBe(CATEGORY[layout.kind]);
      expect(
        (native.math_checks ?? []).filter((m) => !m.ok),
        `${layout.kind}: ${layout.features.join(', ')}`,
      ).toEqual([]);
      expect(native.verdict, `${layout.kind}: ${native.indicators.map((i) => i.code).join(', ')}`).toBe('CLEAN');
      for (const save of BENIGN_SAVES) {
        const saved = await engine.scan(await benignSave(pdf, save), { name: `${layout.kind}.pdf` });
        expect(saved.verdict, `${layout.kind} after ${save}: ${saved.indicators.map((i) => i.code).join(', ')}`).toBe('CLEAN');
        expect(saved.revisions?.count ?? 1, `${save} saved incrementally`).toBeGreaterThan(native.revisions?.count ?? 1);
      }
    }
  });
});

describe('a statement with summary tables, scanned and photographed', () => {
  const raster = createPdfJsRaster();
  // one page (16 transactions) keeps each OCR test short
  const statement = async (): Promise<Uint8Array> => PRODUCERS.find((p) => p.name === 'jspdf')!.render(statementLayout(3));

  it('is INSUFFICIENT_EVIDENCE with no mismatch when scanned', async () => {
    const pdf = await statement();
    const pages = PdfFile.open(pdf).view().pages();
    const scans: Uint8Array[] = [];
    for (let p = 1; p <= pages.length; p++) scans.push(await scanOf((await raster.renderPage(pdf, p, 300)).image, 11 + p));
    const scan = await engine.scan(await imageOnlyPdf(scans), { name: 'scan.pdf' });
    expect(scan.category).toBe('bank_statement');
    expect(scan.verdict).toBe('INSUFFICIENT_EVIDENCE');
    expect(scan.findings.filter((f) => f.code.endsWith('_mismatch'))).toEqual([]);
  });

  it('is INSUFFICIENT_EVIDENCE with no mismatch when photographed', async () => {
    const photo = await engine.scan(await phoneCapture((await raster.renderPage(await statement(), 1, 200)).image, conditionsFor(2)), { name: 'photo.jpg' });
    expect(photo.verdict).toBe('INSUFFICIENT_EVIDENCE');
    expect(photo.findings.filter((f) => f.code.endsWith('_mismatch'))).toEqual([]);
  });
});
