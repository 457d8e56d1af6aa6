// Edits that leave no revision trail, by tools the tuning never used (packages/fixtures/src/trailless-
// edits.ts): a figure rewritten in the content stream and saved whole by pikepdf or PyMuPDF, then
// re-distilled by Ghostscript or Poppler's cairo back end, is found by the arithmetic of its kind
// with a region on the changed figure, and a figure that grew in place by the column it no longer
// meets; figures written again in the page's own font by how they were written; a figure changed by
// a script and the file written again by pdf-lib under the producer's own name, every sum kept, by
// how the file and its pages are written against the producer's fingerprint; pay raised with
// every sum kept by the income tax withheld the same every period; the same file
// through the same tool with no edit stays CLEAN.

import type { DocumentResult } from '@loupe/core';
import { billLayout, consistentEdit, editLayout, payRaiseEdit, payStubLayout } from '@loupe/fixtures/family-documents';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import { libraryRewrite, locateAll, redistil, regionOver, rewriteFigure, rewriteFigures, sameFontRetype, scanned } from '@loupe/fixtures/trailless-edits';
import { createNodeEngine } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine();
const pixelsOnly = createNodeEngine({ ocr: false });
afterAll(() => Promise.all([engine.dispose(), pixelsOnly.dispose()]));
const producer = (name: string) => PRODUCERS.find((p) => p.name === name)!;
const codes = (d: DocumentResult): string[] => d.indicators.map((i) => i.code);

/** The control of an edit of `pairs`: pikepdf opens the file, changes nothing of the figures, and saves it whole. */
const untouched = (pdf: Uint8Array, pairs: readonly [string, string][]): Promise<Uint8Array> =>
  rewriteFigures(
    pdf,
    pairs.map(([a]) => [a, a] as const),
    'pikepdf',
  );

/** True when a region of `code` covers where `text` is printed in `pdf`. */
const covers = (d: DocumentResult, code: string, pdf: Uint8Array, text: string): boolean => {
  const at = locateAll(pdf, text)[0];
  if (!at) throw new Error(`${text} is not printed`);
  return regionOver(d, at, code);
};

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
    expect(covers(d, 'figure_off_column', edited, changed)).toBe(true);
    expect(covers(d, 'bill_totals_mismatch', edited, changed)).toBe(true);
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

  it("finds a pay stub's pay raised with every sum and statutory rate kept, through Poppler, by its income tax's equal periods, on gross pay", async () => {
    const layout = payStubLayout(1);
    const pdf = await producer('fpdf').render(layout);
    const edit = payRaiseEdit(layout, 1)!;
    const control = await engine.scan(await redistil(await untouched(pdf, edit.pairs), 'pdftocairo'), { name: 'stub.pdf' });
    expect(control.verdict, codes(control).join()).toBe('CLEAN');
    const edited = await redistil(await rewriteFigures(pdf, edit.pairs, 'pikepdf'), 'pdftocairo');
    const d = await engine.scan(edited, { name: 'stub.pdf' });
    // every figure keeps its width, and hours × rate, the sums and social security and Medicare at their
    // rates all hold: the federal and state income taxes, withheld the same every period, no longer fit
    // gross pay's year to date
    expect(codes(d)).toEqual(['paystub_withholding_periods_mismatch']);
    expect(d.verdict).toBe('SUSPICIOUS');
    expect(covers(d, 'paystub_withholding_periods_mismatch', edited, edit.changed)).toBe(true);
  });

  it('finds one digit pasted over another on a 300 dpi scan, on the figure, and nothing on the scan itself', async () => {
    const layout = payStubLayout(3);
    const pdf = await producer('reportlab').render(layout);
    const figure = (label: RegExp): string => layout.blocks.flatMap((b) => (b.kind === 'table' ? b.rows.filter((r) => label.test(r[0] ?? '')) : []))[0]![1]!;
    const [net, deductions] = [figure(/^Net pay$/), figure(/^Total deductions$/)];
    const [to, from] = [locateAll(pdf, net)[0]!, locateAll(pdf, deductions)[0]!];
    const control = await pixelsOnly.scan(await scanned(pdf, 5), { name: 'stub.pdf' });
    expect(codes(control)).not.toContain('copy_move_detected');
    const d = await pixelsOnly.scan(await scanned(pdf, 5, [], 'canvas', [{ from, to, digits: { from: deductions, to: net } }]), { name: 'stub.pdf' });
    expect(codes(d)).toContain('copy_move_detected');
    expect(regionOver(d, to, 'copy_move_detected')).toBe(true);
  });

  it('finds figures retyped on a scan, blurred and grained like it, every sum kept, by their print, on the figures', async () => {
    const layout = payStubLayout(1);
    const pdf = await producer('reportlab').render(layout);
    const edit = consistentEdit(layout, 1)!;
    const retypes = edit.pairs.flatMap(([original, text]) => locateAll(pdf, original).map((at) => ({ at, text })));
    const control = await engine.scan(await scanned(pdf, 1), { name: 'stub.pdf' });
    expect(codes(control)).not.toContain('figure_print_mismatch');
    const d = await engine.scan(await scanned(pdf, 1, retypes, 'canvas-blurred'), { name: 'stub.pdf' });
    expect(codes(d)).toContain('figure_print_mismatch');
    expect(retypes.some(({ at }) => regionOver(d, at, 'figure_print_mismatch'))).toBe(true);
  });

  it("finds a pay stub's figures written again in its own font at their own places, every sum kept, by how they were written", async () => {
    const layout = payStubLayout(1);
    const pdf = await producer('reportlab').render(layout);
    const edit = consistentEdit(layout, 1)!;
    const control = await engine.scan(await untouched(pdf, edit.pairs), { name: 'stub.pdf' });
    expect(control.verdict, codes(control).join()).toBe('CLEAN');
    expect(control.findings.map((f) => f.code)).not.toContain('figure_operator_mismatch');
    // `Td` to two decimals with literal strings: ReportLab places with `Tm` and writes hex
    const edited = await sameFontRetype(pdf, edit.pairs, 'tidy');
    const d = await engine.scan(edited, { name: 'stub.pdf' });
    expect(d.verdict).not.toBe('CLEAN');
    expect(codes(d)).toContain('figure_operator_mismatch');
    expect(covers(d, 'figure_operator_mismatch', edited, edit.pairs[0]![1])).toBe(true);
    // the font, the size, the baseline and the spacing are the page's own: nothing else of the figures is out of place
    expect(codes(d)).not.toContain('figure_font_mismatch');
    expect(codes(d)).not.toContain('figure_off_baseline');
  });

  it("finds a bill's figures changed by a script and the whole file written again by pdf-lib under its producer's name, every sum kept, by the producer's fingerprint", async () => {
    const layout = billLayout(2);
    const edit = consistentEdit(layout, 2)!;
    const through = async (name: string) => {
      const pdf = await producer(name).render(layout);
      const genuine = await engine.scan(pdf, { name: 'bill.pdf' });
      const edited = await engine.scan(await libraryRewrite(pdf, edit.pairs, 'pdf-lib'), { name: 'bill.pdf' });
      return { genuine, edited };
    };
    // ReportLab writes a file much as pdf-lib does, but several instructions to a line and text in
    // literal strings: the pages written again say it, and the content evidence makes the bill SUSPICIOUS
    const reportlab = await through('reportlab');
    expect(codes(reportlab.genuine)).not.toContain('content_stream_rewritten');
    expect(reportlab.edited.metadata.find((row) => row.key === 'Producer')?.value).toBe('ReportLab PDF Library - www.reportlab.com');
    expect(codes(reportlab.edited)).toContain('content_stream_rewritten');
    expect(reportlab.edited.verdict).toBe('SUSPICIOUS');
    // WeasyPrint writes its pages as the library writes them again, but not its file: its mark, no document ID
    const weasyprint = await through('weasyprint');
    expect(codes(weasyprint.genuine)).not.toContain('producer_fingerprint_mismatch');
    expect(codes(weasyprint.edited)).toContain('producer_fingerprint_mismatch');
  });
});
