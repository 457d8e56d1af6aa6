// Revision history: what each save after the first did to the document. A save whose text diff
// shows changed words is a text edit; a save that replaced a page's content without a readable
// text change is a content edit (an image edit when it added or changed an image) — unless the new
// content draws exactly what the old did (the same operations once tagging is set aside, images
// decoding to the same samples): a re-encoding save, not an edit; a new font on
// an edited page is reported too. Saves that only fill forms, add signatures, annotations,
// attachments or bookmarks are benign; metadata-only saves are reported at most as suspicious.
import { NameOperand, type Operand, readOperations } from '../../../../pdf/content/operations.js';
import { PdfDict, PdfRef, PdfStream, PdfString } from '../../../../pdf/objects.js';
import type { PageNode } from '../../../../pdf/pages.js';
import type { ObjectView } from '../../../../pdf/pdf-file.js';
import { PageReach, type RevisionChanges } from '../../../../pdf/revision-changes.js';
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import copy from './copy.json' with { type: 'json' };
import { appearanceNums, classifyObject, contentStreamNums, type ObjectKind } from './object-kinds.js';

const indicators = {
  revision_text_edit: indicator<{ page: number; revision: number; removed: string[]; added: string[] }>(
    copy.revision_text_edit,
    'content',
    (f) => `Page ${f.page}: ${quote(f.removed)} became ${quote(f.added)} in revision ${f.revision}.`,
  ),
  revision_content_edit: indicator<{ page: number; revision: number; objects?: string[] }>(copy.revision_content_edit, 'content', (f) =>
    f.objects
      ? `Revision ${f.revision} changed objects page ${f.page} draws (${f.objects.join(', ')}) without changing its text.`
      : `Revision ${f.revision} replaced the content (its text could not be compared) of page ${f.page}.`,
  ),
  revision_graphics_edit: indicator<{ page: number; revision: number }>(
    copy.revision_graphics_edit,
    'content',
    (f) => `Revision ${f.revision} replaced the graphics (its text is unchanged) of page ${f.page}.`,
  ),
  revision_image_replaced: indicator<{ page: number; revision: number }>(
    copy.revision_image_replaced,
    'content',
    (f) => `Revision ${f.revision} replaced the images of page ${f.page}.`,
  ),
  revision_page_added: indicator<{ page: number; revision: number; added: number }>(
    copy.revision_page_added,
    'content',
    (f) => `Revision ${f.revision} added ${f.added} page(s) after page ${f.page - 1}.`,
  ),
  revision_page_removed: indicator<{ revision: number; removed: number }>(
    copy.revision_page_removed,
    'content',
    (f) => `Revision ${f.revision} removed ${f.removed} page(s).`,
  ),
  revision_font_added: indicator<{ page: number; revision: number }>(
    copy.revision_font_added,
    'revisions',
    (f) => `Revision ${f.revision} added a font used on page ${f.page}.`,
  ),
  revision_metadata_changed: indicator<{ revision: number; producer?: string }>(
    copy.revision_metadata_changed,
    'revisions',
    (f) => `Revision ${f.revision} changed only the document metadata${f.producer ? ` (producer now "${f.producer}")` : ''}.`,
  ),
  revision_annotation_added: indicator<{ revision: number }>(
    copy.revision_annotation_added,
    'revisions',
    (f) => `Revision ${f.revision} added or changed annotations.`,
  ),
  revision_form_filled: indicator<{ revision: number }>(copy.revision_form_filled, 'revisions', (f) => `Revision ${f.revision} filled in form fields.`),
  revision_signature_added: indicator<{ revision: number }>(copy.revision_signature_added, 'revisions', (f) => `Revision ${f.revision} added a signature.`),
  revision_attachment_added: indicator<{ revision: number }>(
    copy.revision_attachment_added,
    'revisions',
    (f) => `Revision ${f.revision} added attachments, bookmarks or other document-level data.`,
  ),
  revision_objects_freed: indicator<{ revision: number; freed: number }>(
    copy.revision_objects_freed,
    'revisions',
    (f) => `Revision ${f.revision} deleted ${f.freed} object(s).`,
  ),
  revision_text_unreadable: indicator<{ revision: number }>(
    copy.revision_text_unreadable,
    'revisions',
    (f) => `The text of revision ${f.revision} could not be read to compare with revision ${f.revision + 1}.`,
  ),
};

type RevisionFinding = FindingOf<typeof indicators>;

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
function isStateWrapper(ctx: PdfCheckContext, view: ObjectView, num: number): boolean {
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
function contentChanged(ctx: PdfCheckContext, view: ObjectView, before: ObjectView, page: PageNode, old: PageNode, rewritten: Set<number>): boolean {
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
function drawing(ctx: PdfCheckContext, view: ObjectView, page: PageNode): string | undefined {
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
function sameImage(ctx: PdfCheckContext, view: ObjectView, before: ObjectView, num: number): boolean {
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

/** What a save wrote that a page does not draw, by the benign indicator it is. */
type BenignSave = 'revision_form_filled' | 'revision_signature_added' | 'revision_annotation_added' | 'revision_attachment_added';

/** What revision `i` (its changes `rev`, the one before `prev`) did, beyond its text changes. */
function saveFindings(ctx: PdfCheckContext, i: number): RevisionFinding[] {
  const findings: RevisionFinding[] = [];
  const rev = ctx.revisions[i]!;
  const prev = ctx.revisions[i - 1]!;
  const view = ctx.file.view(i);
  const before = ctx.file.view(i - 1);
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
  if (pages.length > prevPages.length)
    findings.push({ code: 'revision_page_added', page: prevPages.length + 1, revision: rev.revision, added: pages.length - prevPages.length });
  else if (pages.length < prevPages.length) findings.push({ code: 'revision_page_removed', revision: rev.revision, removed: prevPages.length - pages.length });
  const benign = new Set<BenignSave>();
  const textEdited = new Set(ctx.textChanges.filter((c) => c.toRevision === rev.revision).map((c) => c.page));
  for (const pageNo of rev.touchedPages) {
    if (pageNo > prevPages.length) continue; // reported as an added page
    const page = pages[pageNo - 1]!;
    const old: PageNode = prevPages[pageNo - 1]!;
    // a save that re-encodes a page (new streams, added tags) but draws the same is not an edit
    const rewritten = contentChanged(ctx, view, before, page, old, new Set(rev.changed));
    const changedContent = rewritten && (drawing(ctx, view, page) ?? '\u0000') !== drawing(ctx, before, old);
    const imageChanged = written.some((n) => kinds.get(n) === 'image' && !sameImage(ctx, view, before, n));
    const [x0, y0, x1, y1] = page.cropBox;
    const whole = [{ page: pageNo, x0, y0, x1, y1 }];
    if (changedContent || imageChanged) {
      if (rev.added.some((n) => kinds.get(n) === 'font')) findings.push({ code: 'revision_font_added', page: pageNo, revision: rev.revision });
      if (textEdited.has(pageNo)) continue; // the text edit finding says it better
      const textSame = ctx.textCompared.has(`${rev.revision}:${pageNo}`);
      const code = imageChanged ? 'revision_image_replaced' : textSame ? 'revision_graphics_edit' : 'revision_content_edit';
      findings.push({ code, page: pageNo, revision: rev.revision, boxes: whole });
      continue;
    }
    const kindsWritten = written.map((n) => kinds.get(n));
    // content streams were judged above; here: fonts, images, forms, graphics state under them
    const suspicious = written.filter((n) => kinds.get(n) !== 'content' && !BENIGN_ON_PAGE.has(kinds.get(n) ?? 'other'));
    const drawn = suspicious.length > 0 && new PageReach(view, new Set(suspicious)).content(page) ? suspicious.map((n) => kinds.get(n)!) : [];
    // fonts, images, forms or graphics state changed under unchanged content: what the page shows changed
    if (drawn.length > 0) findings.push({ code: 'revision_content_edit', page: pageNo, revision: rev.revision, boxes: whole, objects: [...new Set(drawn)] });
    else if (kindsWritten.includes('signature')) benign.add('revision_signature_added');
    else if (kindsWritten.some((k) => k === 'widget' || k === 'field')) benign.add('revision_form_filled');
    else benign.add('revision_annotation_added');
  }
  if (rev.touchedPages.length === 0 && written.length > 0) {
    const k = new Set(written.map((n) => kinds.get(n)));
    const onlyMetadata = [...k].every((x) => x === 'info' || x === 'metadata' || x === 'catalog');
    if (k.has('signature')) benign.add('revision_signature_added');
    else if (k.has('field') || k.has('widget')) benign.add('revision_form_filled');
    else if (onlyMetadata && (k.has('info') || k.has('metadata'))) findings.push(metadataSave(prev, rev));
    else benign.add('revision_attachment_added');
  }
  for (const code of benign) findings.push({ code, revision: rev.revision });
  if (rev.freed.length > 0) findings.push({ code: 'revision_objects_freed', revision: rev.revision, freed: rev.freed.length });
  return findings;
}

/** A save that changed only the metadata (naming its new producer when that changed). */
function metadataSave(prev: RevisionChanges, rev: RevisionChanges): RevisionFinding {
  const p = prev.info.producer;
  const q = rev.info.producer;
  return { code: 'revision_metadata_changed', revision: rev.revision, ...(p !== q && q ? { producer: q } : {}) };
}

/** What every save after the first did: its text changes, then what each save wrote. */
function savesOf(ctx: PdfCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const findings: RevisionFinding[] = ctx.textChanges.map((change) => ({
    code: 'revision_text_edit',
    page: change.page,
    revision: change.toRevision,
    boxes: change.boxes,
    removed: change.removed,
    added: change.added,
  }));
  for (let i = 1; i < ctx.revisions.length; i++) findings.push(...saveFindings(ctx, i));
  for (const u of ctx.unreadRevisions) {
    const later = ctx.revisions.find((r) => r.revision === u.revision + 1);
    if (later && later.touchedPages.length > 0) findings.push({ code: 'revision_text_unreadable', revision: u.revision });
  }
  return ran(findings);
}

/** The revision-history check. */
export const revisionHistory = defineCheck({ name: 'revision history', subjects: ['pdf'], order: 10, indicators, run: savesOf });
