import { addPage, editMetadata, editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { PdfFile } from './pdf-file.js';
import { analyseRevisions } from './revision-changes.js';

describe('analyseRevisions', () => {
  it('reports a content edit: the changed page object, the new content stream, the touched page', async () => {
    const base = await makeStatement({ pages: 3, rowsPerPage: 5 });
    const edited = await editText(base, 1, 'First Example Bank', 'Frist Example Bank');
    const revs = analyseRevisions(PdfFile.open(edited));
    expect(revs).toHaveLength(2);
    expect(revs[0]!.touchedPages).toEqual([]);
    expect(revs[1]!.touchedPages).toEqual([2]);
    expect(revs[1]!.changed.length).toBeGreaterThan(0);
    expect(revs[1]!.added.length).toBeGreaterThan(0);
    // the end-of-line after the original's %%EOF belongs to the original
    expect(revs[1]!.start - base.length).toBeGreaterThanOrEqual(0);
    expect(revs[1]!.start - base.length).toBeLessThanOrEqual(2);
  });

  it('reports a metadata-only save as touching no page, with its own Info', async () => {
    const base = await makeStatement({ pages: 2, rowsPerPage: 3 });
    const revs = analyseRevisions(PdfFile.open(await editMetadata(base, 'Online PDF Editor 3.1')));
    expect(revs[1]!.touchedPages).toEqual([]);
    expect(revs[0]!.info.producer).toBe('Loupe fixture generator');
    expect(revs[1]!.info.producer).toBe('Online PDF Editor 3.1');
    expect(revs[1]!.info.modified).toBe('2024-04-01T09:00:00Z');
  });

  it('reports an added page as touched', async () => {
    const base = await makeStatement({ pages: 2, rowsPerPage: 3 });
    const revs = analyseRevisions(PdfFile.open(await addPage(base, 'Extra page')));
    expect(revs[1]!.pageCount).toBe(3);
    expect(revs[1]!.touchedPages).toEqual([3]);
  });

  it('separates restated objects (rewritten identically) and freed objects from real changes', () => {
    const objects = onePageObjects('same');
    const pdf = new RawPdf()
      .section([...objects, { num: 6, body: '(spare)' }], { trailer: '/Root 1 0 R' })
      .section([objects[4]!], { trailer: '/Root 1 0 R' })
      .raw('');
    const bytes = new TextDecoder('latin1').decode(pdf.bytes());
    // append a third save that frees object 6
    const prevXref = bytes.lastIndexOf('xref\n0 1');
    const free = `xref\n0 1\n0000000000 65535 f \n6 1\n0000000000 00001 f \ntrailer\n<< /Size 7 /Root 1 0 R /Prev ${prevXref} >>\nstartxref\n${bytes.length}\n%%EOF\n`;
    const revs = analyseRevisions(PdfFile.open(new TextEncoder().encode(bytes + free)));
    expect(revs[1]!.restated).toEqual([5]);
    expect(revs[1]!.changed).toEqual([]);
    expect(revs[1]!.touchedPages).toEqual([]);
    expect(revs[2]!.freed).toEqual([6]);
  });
});
