// Revision history: what each save after the first did to the document. A save whose text diff
// shows changed words is a text edit; a save that replaced a page's content without a readable
// text change is a content edit (an image edit when it added or changed an image) — unless the new
// content draws exactly what the old did (the same operations once tagging is set aside, images
// decoding to the same samples): a re-encoding save, not an edit; a new font on
// an edited page is reported too. Saves that only fill forms, add signatures, annotations,
// attachments or bookmarks are benign; metadata-only saves are reported at most as suspicious.
import { NameOperand, type Operand, readOperations } from '../../pdf/content/operations.js';
import { PdfDict, PdfRef, PdfStream, PdfString } from '../../pdf/objects.js';
import type { PageNode } from '../../pdf/pages.js';
import type { ObjectView } from '../../pdf/pdf-file.js';
import { PageReach } from '../../pdf/revision-changes.js';
import type { Check, CheckContext } from '../context.js';
import type { Finding } from '../findings.js';
import { appearanceNums, classifyObject, contentStreamNums, type ObjectKind } from './object-kinds.js';

const quote = (words: string[], max = 8): string => {
  const text = words.slice(0, max).join(' ') + (words.length > max ? ' …' : '');
  return text ? `"${text}"` : 'nothing';
};

/** Kinds a save may write on a touched page without changing what its content draws. */
const BENIGN_ON_PAGE = new Set<ObjectKind>([
  'page',
  'pages',
  'annotation',
  'widget',
  'field',
  'signature',
  'appearance',
  'info',
  'metadata',
  'catalog',
  'value',
]);

function sameList(a: number[], b: number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** True when `stream` only saves and restores graphics state (`q`, `Q`): a wrapper, not content. */
function isStateWrapper(ctx: CheckContext, view: ObjectView, num: number): boolean {
  const stream = view.get(num);
  if (!(stream instanceof PdfStream)) return false;
  let onlyState = true;
  try {
    readOperations(ctx.file.decode(stream).data, 1000, (op) => {
      if (op !== 'q' && op !== 'Q') onlyState = false;
    });
  } catch {
    return false;
  }
  return onlyState;
}

/**
 * True when the page's content changed between the two saves: its streams differ, other than by
 * keeping the old streams in order and adding streams that only wrap them in q/Q (which editors
 * such as pdf-lib do whenever they touch a page).
 */
function contentChanged(ctx: CheckContext, view: ObjectView, before: ObjectView, page: PageNode, old: PageNode, rewritten: Set<number>): boolean {
  const now = contentStreamNums(view, page);
  const was = contentStreamNums(before, old);
  if (now.some((n) => rewritten.has(n) && was.includes(n))) return true; // a kept stream was rewritten
  if (sameList(now, was)) return false;
  const kept = now.filter((n) => was.includes(n));
  if (!sameList(kept, was)) return true;
  return now.some((n) => !was.includes(n) && !isStateWrapper(ctx, view, n));
}

/** Operators that tag content (marked content) without drawing anything. */
const TAGGING = new Set(['BDC', 'BMC', 'EMC', 'MP', 'DP']);
/** Operations compared at most when deciding whether a rewritten page draws the same. */
const MAX_COMPARED_OPERATIONS = 200_000;

function operandKey(v: Operand): string {
  if (typeof v === 'number') return String(Math.round(v * 1000) / 1000);
  if (v instanceof NameOperand) return `/${v.name}`;
  if (v instanceof PdfString) return `(${Array.from(v.bytes).join(',')})`;
  if (Array.isArray(v)) return `[${v.map(operandKey).join(' ')}]`;
  if (v instanceof PdfDict) return '<<>>'; // marked-content properties: tagging, not drawing
  return String(v);
}

/** What a page draws, as one string of its operations (tagging left out, numbers to 1/1000); undefined when unreadable. */
function drawing(ctx: CheckContext, view: ObjectView, page: PageNode): string | undefined {
  const parts: string[] = [];
  try {
    for (const num of contentStreamNums(view, page)) {
      const stream = view.get(num);
      if (!(stream instanceof PdfStream)) return undefined;
      readOperations(ctx.file.decode(stream).data, MAX_COMPARED_OPERATIONS, (op, operands) => {
        if (!TAGGING.has(op)) parts.push(`${operands.map(operandKey).join(' ')} ${op}`);
      });
    }
  } catch {
    return undefined;
  }
  return parts.join('\n');
}

/** True when an image object a save rewrote decodes to the same samples as before (re-encoded, not replaced). */
function sameImage(ctx: CheckContext, view: ObjectView, before: ObjectView, num: number): boolean {
  const now = view.get(num);
  const was = before.get(num);
  if (!(now instanceof PdfStream) || !(was instanceof PdfStream)) return false;
  try {
    const a = ctx.file.decode(now).data;
    const b = ctx.file.decode(was).data;
    return a.length === b.length && a.every((x, i) => x === b[i]);
  } catch {
    return false;
  }
}

/** The revision-history check. */
export const revisionHistory: Check = {
  name: 'revision history',
  run(ctx: CheckContext) {
    const findings: Finding[] = [];
    const { file, revisions } = ctx;
    for (const change of ctx.textChanges) {
      findings.push({
        code: 'revision_text_edit',
        summary: `Page ${change.page}: ${quote(change.removed)} became ${quote(change.added)} in revision ${change.toRevision}.`,
        page: change.page,
        revision: change.toRevision,
        boxes: change.boxes,
        confidence: 0.95,
      });
    }
    for (let i = 1; i < revisions.length; i++) {
      const rev = revisions[i]!;
      const prev = revisions[i - 1]!;
      const view = file.view(i);
      const before = file.view(i - 1);
      const pages = view.pages();
      const prevPages = before.pages();
      const infoRef = view.trailer.get('Info');
      const infoNum = infoRef instanceof PdfRef ? infoRef.num : undefined;
      const contentNums = new Set<number>();
      const appearances = new Set<number>();
      for (const page of pages) {
        for (const n of contentStreamNums(view, page)) contentNums.add(n);
        for (const n of appearanceNums(view, page)) appearances.add(n);
      }
      const kinds = new Map<number, ObjectKind>([...rev.added, ...rev.changed].map((n) => [n, classifyObject(view, n, infoNum, contentNums, appearances)]));
      const written = [...kinds.keys()].filter((n) => kinds.get(n) !== 'container');
      const textEdited = new Set(ctx.textChanges.filter((c) => c.toRevision === rev.revision).map((c) => c.page));
      if (pages.length > prevPages.length) {
        findings.push({
          code: 'revision_page_added',
          summary: `Revision ${rev.revision} added ${pages.length - prevPages.length} page(s) after page ${prevPages.length}.`,
          page: prevPages.length + 1,
          revision: rev.revision,
        });
      } else if (pages.length < prevPages.length) {
        findings.push({
          code: 'revision_page_removed',
          summary: `Revision ${rev.revision} removed ${prevPages.length - pages.length} page(s).`,
          revision: rev.revision,
        });
      }
      const benign = new Set<'form' | 'signature' | 'annotation' | 'attachment'>();
      for (const pageNo of rev.touchedPages) {
        const page = pages[pageNo - 1]!;
        if (pageNo > prevPages.length) continue; // reported as an added page
        const old: PageNode = prevPages[pageNo - 1]!;
        // a save that re-encodes a page (new streams, added tags) but draws the same is not an edit
        const rewritten = contentChanged(ctx, view, before, page, old, new Set(rev.changed));
        const changedContent = rewritten && (drawing(ctx, view, page) ?? '\u0000') !== drawing(ctx, before, old);
        const imageChanged = written.some((n) => kinds.get(n) === 'image' && !sameImage(ctx, view, before, n));
        const fontAdded = rev.added.some((n) => kinds.get(n) === 'font');
        if (changedContent || imageChanged) {
          if (fontAdded)
            findings.push({
              code: 'revision_font_added',
              summary: `Revision ${rev.revision} added a font used on page ${pageNo}.`,
              page: pageNo,
              revision: rev.revision,
            });
          if (textEdited.has(pageNo)) continue; // the text edit finding says it better
          const [x0, y0, x1, y1] = page.cropBox;
          const textSame = ctx.textCompared.has(`${rev.revision}:${pageNo}`);
          const code = imageChanged ? 'revision_image_replaced' : textSame ? 'revision_graphics_edit' : 'revision_content_edit';
          const what = imageChanged ? 'images' : textSame ? 'graphics (its text is unchanged)' : 'content (its text could not be compared)';
          findings.push({
            code,
            summary: `Revision ${rev.revision} replaced the ${what} of page ${pageNo}.`,
            page: pageNo,
            revision: rev.revision,
            boxes: [{ page: pageNo, x0, y0, x1, y1 }],
            confidence: 0.8,
          });
          continue;
        }
        const kindsWritten = written.map((n) => kinds.get(n));
        // content streams were judged above; here: fonts, images, forms, graphics state under them
        const suspicious = written.filter((n) => kinds.get(n) !== 'content' && !BENIGN_ON_PAGE.has(kinds.get(n) ?? 'other'));
        const drawn = suspicious.length > 0 && new PageReach(view, new Set(suspicious)).content(page) ? suspicious.map((n) => kinds.get(n)) : [];
        if (drawn.length > 0) {
          // fonts, images, forms or graphics state changed under unchanged content: what the page shows changed
          const [x0, y0, x1, y1] = page.cropBox;
          findings.push({
            code: 'revision_content_edit',
            summary: `Revision ${rev.revision} changed objects page ${pageNo} draws (${[...new Set(drawn)].join(', ')}) without changing its text.`,
            page: pageNo,
            revision: rev.revision,
            boxes: [{ page: pageNo, x0, y0, x1, y1 }],
            confidence: 0.7,
          });
        } else if (kindsWritten.includes('signature')) benign.add('signature');
        else if (kindsWritten.some((k) => k === 'widget' || k === 'field')) benign.add('form');
        else benign.add('annotation');
      }
      if (rev.touchedPages.length === 0 && written.length > 0) {
        const k = new Set(written.map((n) => kinds.get(n)));
        const onlyMetadata = [...k].every((x) => x === 'info' || x === 'metadata' || x === 'catalog');
        if (k.has('signature')) benign.add('signature');
        else if (k.has('field') || k.has('widget')) benign.add('form');
        else if (onlyMetadata && (k.has('info') || k.has('metadata'))) {
          const p = prev.info.producer;
          const q = rev.info.producer;
          findings.push({
            code: 'revision_metadata_changed',
            summary: `Revision ${rev.revision} changed only the document metadata${p !== q && q ? ` (producer now "${q}")` : ''}.`,
            revision: rev.revision,
            confidence: 0.8,
          });
        } else benign.add('attachment');
      }
      const codes = {
        form: 'revision_form_filled',
        signature: 'revision_signature_added',
        annotation: 'revision_annotation_added',
        attachment: 'revision_attachment_added',
      } as const;
      const words = {
        form: 'filled in form fields',
        signature: 'added a signature',
        annotation: 'added or changed annotations',
        attachment: 'added attachments, bookmarks or other document-level data',
      };
      for (const b of benign) findings.push({ code: codes[b], summary: `Revision ${rev.revision} ${words[b]}.`, revision: rev.revision });
      if (rev.freed.length > 0)
        findings.push({ code: 'revision_objects_freed', summary: `Revision ${rev.revision} deleted ${rev.freed.length} object(s).`, revision: rev.revision });
    }
    for (const u of ctx.unreadRevisions) {
      const later = revisions.find((r) => r.revision === u.revision + 1);
      if (later && later.touchedPages.length > 0) {
        findings.push({
          code: 'revision_text_unreadable',
          summary: `The text of revision ${u.revision} could not be read to compare with revision ${u.revision + 1}.`,
          revision: u.revision,
        });
      }
    }
    return { findings };
  },
};
