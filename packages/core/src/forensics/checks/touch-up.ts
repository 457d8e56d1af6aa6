// Touch-up scan: the traces editing applications leave on pages — Acrobat's TouchUp_TextEdit
// marked content, PieceInfo private data (on pages, form XObjects and the catalog), and page
// /LastModified dates later than the document's creation.
import { asDict, PdfStream } from '../../pdf/objects.js';
import { parsePdfDate, textOf } from '../../pdf/text-string.js';
import type { Check, CheckContext } from '../context.js';
import type { Finding } from '../findings.js';

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
export const touchUp: Check = {
  name: 'touch-up scan',
  run(ctx: CheckContext) {
    const { view, file } = ctx;
    const findings: Finding[] = [];
    const created = ctx.revisions[0]?.info.created ?? ctx.revisions[ctx.revisions.length - 1]?.info.created;
    const catalogPiece = asDict(view.getIn(view.catalog(), 'PieceInfo'));
    for (const page of ctx.pages) {
      const [x0, y0, x1, y1] = page.cropBox;
      const whole = [{ page: page.number, x0, y0, x1, y1 }];
      const contents = view.resolve(page.dict.get('Contents'));
      const streams = (Array.isArray(contents) ? contents.map((c) => view.resolve(c)) : [contents]).filter((s): s is PdfStream => s instanceof PdfStream);
      const touched = streams.some((s) => {
        try {
          return containsAscii(file.decode(s).data, TOUCH_UP);
        } catch {
          return false;
        }
      });
      if (touched)
        findings.push({
          code: 'touch_up_text_edit',
          summary: `Page ${page.number} carries Acrobat TouchUp text-edit marks.`,
          page: page.number,
          boxes: whole,
          confidence: 0.95,
        });
      const piece = asDict(view.resolve(page.dict.get('PieceInfo')));
      if (piece) {
        const apps = [...piece.map.keys()].join(', ');
        findings.push({ code: 'has_piece_info', summary: `Page ${page.number} carries private data of ${apps || 'an editor'}.`, page: page.number });
      }
      const modified = parsePdfDate(textOf(view.resolve(page.dict.get('LastModified')) ?? undefined));
      if (modified && created && Date.parse(modified) - Date.parse(created) > 60_000) {
        findings.push({
          code: 'page_modified_after_creation',
          summary: `Page ${page.number} was last modified ${modified}, after the document was created (${created}).`,
          page: page.number,
        });
      }
    }
    if (catalogPiece)
      findings.push({ code: 'has_piece_info', summary: `The document carries private data of ${[...catalogPiece.map.keys()].join(', ') || 'an editor'}.` });
    return { findings };
  },
};
