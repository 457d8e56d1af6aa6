// Touch-up scan: the traces editing applications leave on pages — Acrobat's TouchUp_TextEdit
// marked content, PieceInfo private data (on pages, form XObjects and the catalog), and page
// /LastModified dates later than the document's creation.
import { asDict, PdfStream } from '../../../../pdf/objects.js';
import { parsePdfDate, textOf } from '../../../../pdf/text-string.js';
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  touch_up_text_edit: indicator<{ page: number }>(copy.touch_up_text_edit, 'content', (f) => `Page ${f.page} carries Acrobat TouchUp text-edit marks.`),
  has_piece_info: indicator<{ page?: number; applications: string[] }>(
    copy.has_piece_info,
    'page_edit_metadata',
    (f) => `${f.page === undefined ? 'The document' : `Page ${f.page}`} carries private data of ${f.applications.join(', ') || 'an editor'}.`,
  ),
  page_modified_after_creation: indicator<{ page: number; modified: string; created: string }>(
    copy.page_modified_after_creation,
    'page_edit_metadata',
    (f) => `Page ${f.page} was last modified ${f.modified}, after the document was created (${f.created}).`,
  ),
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

/** The editors' traces on each page and on the catalog. */
function editorTraces(ctx: PdfCheckContext): CheckResult<FindingOf<typeof indicators>> {
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
}

/** The touch-up check. */
export const touchUp = defineCheck({ name: 'touch-up scan', subjects: ['pdf'], order: 20, indicators, run: editorTraces });
