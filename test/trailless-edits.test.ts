// Edits that leave no revision trail, by tools the tuning never used (test/fixtures/trailless-
// edits.ts): a figure rewritten in the content stream and saved whole by pikepdf or PyMuPDF, then
// re-distilled by Ghostscript or Poppler's cairo back end, is found by the arithmetic of its kind
// with a region on the changed figure, and a figure that grew in place by the column it no longer
// meets; the same file through the same tool with no edit stays CLEAN.
import { afterAll, describe, expect, it } from 'vitest';
import { type DocumentResult, PdfFile, type PaintEvent, TextInterpreter } from '@loupe/core';
import { createNodeEngine } from '@loupe/node';
import { billLayout, editLayout, payStubLayout } from './fixtures/family-documents.js';
import { PRODUCERS } from './fixtures/family-producers.js';
import { redistil, rewriteFigure } from './fixtures/trailless-edits.js';

const engine = createNodeEngine();
afterAll(() => engine.dispose());
const producer = (name: string) => PRODUCERS.find((p) => p.name === name)!;
const codes = (d: DocumentResult): string[] => d.indicators.map((i) => i.code);

/** The page-percent box where `text` is printed on page 1. */
function placeOf(pdf: Uint8Array, text: string): { x: number; y: number; w: number; h: number } {
  const file = PdfFile.open(pdf);
  const view = file.view();
  const page = view.pages()[0]!;
  const paint: PaintEvent[] = [];
  new TextInterpreter(file, view).pageText(page, paint);
  const hit = paint.find((e) => e.kind === 'text' && e.text.trim() === text);
  if (!hit) throw new Error(`${text} is not printed`);
  const [cx0, cy0, cx1, cy1] = page.cropBox;
  const [w, h] = [cx1 - cx0, cy1 - cy0];
  return {
    x: ((hit.box[0] - cx0) / w) * 100,
    y: ((cy1 - hit.box[3]) / h) * 100,
    w: ((hit.box[2] - hit.box[0]) / w) * 100,
    h: ((hit.box[3] - hit.box[1]) / h) * 100,
  };
}
const covers = (d: DocumentResult, code: string, at: ReturnType<typeof placeOf>): boolean =>
  d.regions.some((r) => r.indicator_code === code && r.page === 1 && r.x < at.x + at.w && r.x + r.w > at.x && r.y < at.y + at.h && r.y + r.h > at.y);

describe('trail-less edits', () => {
  it('finds a bill total rewritten in the content stream by pikepdf, where it was changed, and passes the untouched rewrite', async () => {
    const layout = billLayout(1);
    const pdf = await producer('reportlab').render(layout);
    const { original, changed } = editLayout(layout, 'bill-amount-due', 1);
    const control = await engine.scan(await rewriteFigure(pdf, original, original, 'pikepdf'), { name: 'bill.pdf' });
    expect(control.verdict, codes(control).join()).toBe('CLEAN');
    const edited = await rewriteFigure(pdf, original, changed, 'pikepdf');
    const d = await engine.scan(edited, { name: 'bill.pdf' });
    expect(d.verdict).not.toBe('CLEAN');
    // the figure grew from six characters to eight in place: it now ends past its column
    expect(codes(d)).toEqual(expect.arrayContaining(['bill_totals_mismatch', 'figure_off_column']));
    expect(covers(d, 'figure_off_column', placeOf(edited, changed))).toBe(true);
    expect(covers(d, 'bill_totals_mismatch', placeOf(edited, changed))).toBe(true);
    // re-distilled by Ghostscript, the arithmetic still holds the edit
    const redistilled = await engine.scan(await redistil(edited, 'ghostscript'), { name: 'bill.pdf' });
    expect(codes(redistilled)).toContain('bill_totals_mismatch');
  });

  it('finds a pay stub net pay rewritten by PyMuPDF and re-distilled by Poppler', async () => {
    const layout = payStubLayout(2);
    const pdf = await producer('weasyprint').render(layout);
    const { original, changed } = editLayout(layout, 'paystub-net-pay', 2);
    const control = await engine.scan(await redistil(await rewriteFigure(pdf, original, original, 'pymupdf'), 'pdftocairo'), { name: 'stub.pdf' });
    expect(control.verdict, codes(control).join()).toBe('CLEAN');
    const d = await engine.scan(await redistil(await rewriteFigure(pdf, original, changed, 'pymupdf'), 'pdftocairo'), { name: 'stub.pdf' });
    expect(codes(d)).toContain('paystub_totals_mismatch');
  });
});
