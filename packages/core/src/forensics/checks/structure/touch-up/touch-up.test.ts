// The touch-up scan on pages built byte by byte: Acrobat's TouchUp_TextEdit marks in a page's
// content, PieceInfo on a page and on the catalog, and a page's /LastModified after the
// document's creation.
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { touchUp } from './touch-up.js';

/** A one-page file; `page` and `catalog` add entries to the page and catalog dictionaries, `content` replaces the page's content. */
function file({ page = '', catalog = '', content = 'BT /F1 12 Tf 72 720 Td (Net pay 4,200.00) Tj ET', info = '' } = {}): Uint8Array {
  const objects = onePageObjects('x').map((o) => {
    if (o.num === 1) return { num: 1, body: `<< /Type /Catalog /Pages 2 0 R ${catalog} >>` };
    if (o.num === 3)
      return { num: 3, body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${page} >>` };
    if (o.num === 4) return { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` };
    return o;
  });
  return new RawPdf().section([...objects, { num: 6, body: `<< ${info} >>` }], { trailer: '/Root 1 0 R /Info 6 0 R' }).bytes();
}
const found = async (bytes: Uint8Array) => runCheck(touchUp, await checkContext(bytes));

describe('touch-up scan', () => {
  it('says nothing of a page without an editor’s traces', async () => {
    expect(await found(file())).toMatchObject({ ran: true, findings: [] });
  });

  it('finds TouchUp text-edit marks in a page’s content and points at the page', async () => {
    const { findings, summaries } = await found(file({ content: 'BT /F1 12 Tf 72 720 Td (Net pay 4,200.00) Tj ET /TouchUp_TextEdit MP' }));
    expect(findings).toEqual([{ code: 'touch_up_text_edit', page: 1, boxes: [{ page: 1, x0: 0, y0: 0, x1: 612, y1: 792 }] }]);
    expect(summaries).toEqual(['Page 1 carries Acrobat TouchUp text-edit marks.']);
  });

  it('names the applications whose private data a page and the catalog carry', async () => {
    const { summaries } = await found(file({ page: '/PieceInfo << /Illustrator << >> >>', catalog: '/PieceInfo << /AdobePhotoshop << >> >>' }));
    expect(summaries).toEqual(['Page 1 carries private data of Illustrator.', 'The document carries private data of AdobePhotoshop.']);
  });

  it('reports a page modified after the document was created, not one modified within the minute', async () => {
    const created = '/CreationDate (D:20240301100000Z)';
    const later = await found(file({ page: '/LastModified (D:20240305093000Z)', info: created }));
    expect(later.findings).toEqual([expect.objectContaining({ code: 'page_modified_after_creation', page: 1, created: '2024-03-01T10:00:00Z' })]);
    expect((await found(file({ page: '/LastModified (D:20240301100030Z)', info: created }))).findings).toEqual([]);
  });
});
