// Touch-up scan: the traces editing applications leave on pages — Acrobat's TouchUp_TextEdit
// marked content, PieceInfo private data (on pages, form XObjects and the catalog), and page
// /LastModified dates later than the document's creation.
import { asDict, PdfStream } from '../../../../pdf/objects.js';
import { parsePdfDate, textOf } from '../../../../pdf/text-string.js';
import { defineCheck, type FindingOf, indicator, ran } from '../../../check.js';

const indicators = {
  touch_up_text_edit: indicator<{ page: number }>({
    title: 'Acrobat TouchUp text edit',
    severity: 'high',
    evidence: 'content',
    what_it_is: "Marks left by Acrobat's TouchUp text tool, which edits text in place.",
    what_it_means: 'Text on the page was edited with a PDF editor after it was produced.',
    how_detected: 'TouchUp_TextEdit marked content or private data was found in page content or PieceInfo.',
    summary: (f) => `Page ${f.page} carries Acrobat TouchUp text-edit marks.`,
  }),
  has_piece_info: indicator<{ page?: number; applications: string[] }>({
    title: 'Editor private data on pages',
    severity: 'medium',
    evidence: 'page_edit_metadata',
    what_it_is: 'Page-piece dictionaries (PieceInfo) left by an editing application.',
    what_it_means: 'An application such as Acrobat or Illustrator edited the page after creation.',
    how_detected: 'A /PieceInfo dictionary was found on a page, form or the catalog.',
    summary: (f) => `${f.page === undefined ? 'The document' : `Page ${f.page}`} carries private data of ${f.applications.join(', ') || 'an editor'}.`,
  }),
  page_modified_after_creation: indicator<{ page: number; modified: string; created: string }>({
    title: 'Page modified after creation',
    severity: 'medium',
    evidence: 'page_edit_metadata',
    what_it_is: "A page's /LastModified date is later than the document's creation date.",
    what_it_means: 'The page was edited after the document was created.',
    how_detected: "The page or piece /LastModified date was compared with the document's CreationDate.",
    summary: (f) => `Page ${f.page} was last modified ${f.modified}, after the document was created (${f.created}).`,
  }),
};

const TOUCH_UP = 'TouchUp_TextEdit';

function containsAscii(data: Uint8Array, needle: string): boolean {
  const first = needle.charCodeAt(0);
  outer: for (let i = 0; i + needle.length <= data.length; i++) {
    if (data[i] !== first) continue;
    for (let j = 1; j < needle.length; j++) if (data[i + j] !== needle.charCodeAt(j)) continue outer;
    return true;
  }
  return false;
}

/** The touch-up check. */
export const touchUp = defineCheck({
  name: 'touch-up scan',
  subjects: ['pdf'],
  order: 20,
  indicators,
  run(ctx) {
    const { view, file } = ctx;
    const findings: FindingOf<typeof indicators>[] = [];
    const created = ctx.revisions[0]?.info.created ?? ctx.revisions[ctx.revisions.length - 1]?.info.created;
    const catalogPiece = asDict(view.getIn(view.catalog(), 'PieceInfo'));
    for (const page of ctx.pages) {
      const [x0, y0, x1, y1] = page.cropBox;
      const contents = view.resolve(page.dict.get('Contents'));
      const streams = (Array.isArray(contents) ? contents.map((c) => view.resolve(c)) : [contents]).filter((s): s is PdfStream => s instanceof PdfStream);
      const touched = streams.some((s) => {
        try {
          return containsAscii(file.decode(s).data, TOUCH_UP);
        } catch {
          return false;
        }
      });
      if (touched) findings.push({ code: 'touch_up_text_edit', page: page.number, boxes: [{ page: page.number, x0, y0, x1, y1 }] });
      const piece = asDict(view.resolve(page.dict.get('PieceInfo')));
      if (piece) findings.push({ code: 'has_piece_info', page: page.number, applications: [...piece.map.keys()] });
      const modified = parsePdfDate(textOf(view.resolve(page.dict.get('LastModified')) ?? undefined));
      if (modified && created && Date.parse(modified) - Date.parse(created) > 60_000) {
        findings.push({ code: 'page_modified_after_creation', page: page.number, modified, created });
      }
    }
    if (catalogPiece) findings.push({ code: 'has_piece_info', applications: [...catalogPiece.map.keys()] });
    return ran(findings);
  },
});
