// The revision-history check on files saved again by the fixtures' editors: a text edit names the
// words it changed, a save that replaced a page's drawing or added a page is content, and a save
// that only fills a form, adds an annotation or rewrites the metadata is what it is.
import { addOverlay, addPage, editMetadata, editText, fillForm, makeForm, makeStatement } from '@loupe/fixtures/pdf-builders';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { revisionHistory } from './revision-history.js';

const run = async (bytes: Uint8Array) => runCheck(revisionHistory, await checkContext(bytes));
const statement = () => makeStatement({ pages: 1, rowsPerPage: 4 });

describe('revision history', () => {
  it('says nothing of a file saved once', async () => {
    expect(await run(await statement())).toMatchObject({ ran: true, findings: [] });
  });

  it('reports the words a later save changed, on the page and revision it changed them in', async () => {
    const { findings, summaries } = await run(await editText(await statement(), 0, 'First Example Bank', 'Fake Example Bank'));
    const edit = findings.find((f) => f.code === 'revision_text_edit');
    expect(edit).toMatchObject({ page: 1, revision: 2, removed: ['First'], added: ['Fake'] });
    expect(edit?.boxes?.length).toBeGreaterThan(0);
    expect(summaries).toContain('Page 1: "First" became "Fake" in revision 2.');
  });

  it('reports a page added by a later save after the pages it had', async () => {
    const { findings, summaries } = await run(await addPage(await statement(), 'Appendix'));
    expect(findings).toContainEqual(expect.objectContaining({ code: 'revision_page_added', page: 2, revision: 2, added: 1 }));
    expect(summaries).toContain('Revision 2 added 1 page(s) after page 1.');
  });

  it('takes a filled form, an added annotation and a metadata-only save for what they are', async () => {
    expect((await run(await fillForm(await makeForm(), '250,000.00'))).findings.map((f) => f.code)).toEqual(['revision_form_filled']);
    expect((await run(await addOverlay(await statement(), [375, 665, 430, 680], '9,999.99'))).findings.map((f) => f.code)).toEqual([
      'revision_annotation_added',
    ]);
    const metadata = await run(await editMetadata(await statement(), 'Sejda PDF Desktop'));
    expect(metadata.findings).toEqual([{ code: 'revision_metadata_changed', revision: 2, producer: 'Sejda PDF Desktop' }]);
    expect(metadata.summaries).toEqual(['Revision 2 changed only the document metadata (producer now "Sejda PDF Desktop").']);
  });
});
