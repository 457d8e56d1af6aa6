// What each save of a PDF changed: the objects it added, changed, freed or merely restated
// (rewrote with identical content), the pages it touched (a page whose dictionary, content,
// resources or annotations reach a changed object), and the Info dictionary it carried. This is
// the structural half of the revision engine; the text half is `forensics/revision-diffs.ts`.
import { PdfDict, PdfName, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.js';
import type { PageNode } from './pages.js';
import type { ObjectView, PdfFile } from './pdf-file.js';
import { parsePdfDate, textOf } from './text-string.js';

/** Info-dictionary fields of one revision, decoded. */
export interface InfoFields {
  producer?: string;
  creator?: string;
  title?: string;
  author?: string;
  /** ISO 8601 (UTC). */
  created?: string;
  /** ISO 8601 (UTC). */
  modified?: string;
}

/** One save and what it changed. */
export interface RevisionChanges {
  /** 1-based revision number (1 = the original save). */
  revision: number;
  /** Byte range of the save. */
  start: number;
  end: number;
  /** How the save recorded its objects. */
  xref: 'table' | 'stream' | 'hybrid' | 'recovered';
  added: number[];
  changed: number[];
  freed: number[];
  /** Objects rewritten with content identical to the previous revision's. */
  restated: number[];
  /** 1-based numbers of the pages (as of this revision) that reach an added or changed object. */
  touchedPages: number[];
  pageCount: number;
  info: InfoFields;
}

/** Structural equality of two COS values (streams compare dictionaries and raw bytes). */
export function sameObject(a: PdfObject, b: PdfObject, depth = 0): boolean {
  if (a === b) return true;
  if (depth > 100) return false;
  if (a instanceof PdfRef && b instanceof PdfRef) return a.num === b.num && a.gen === b.gen;
  if (a instanceof PdfString && b instanceof PdfString) return bytesEqual(a.bytes, b.bytes);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => sameObject(x, b[i]!, depth + 1));
  if (a instanceof PdfDict && b instanceof PdfDict) {
    if (a.size !== b.size) return false;
    for (const [k, v] of a.map) {
      const w = b.map.get(k);
      if (w === undefined || !sameObject(v, w, depth + 1)) return false;
    }
    return true;
  }
  if (a instanceof PdfStream && b instanceof PdfStream) return sameObject(a.dict, b.dict, depth + 1) && bytesEqual(a.raw, b.raw);
  return false;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Keys never followed when collecting what a page depends on (they lead up or sideways). */
const SKIP_KEYS = new Set([
  'Parent',
  'P',
  'Popup',
  'IRT',
  'Dest',
  'Next',
  'Prev',
  'First',
  'Last',
  'B',
  'Thread',
  'StructParent',
  'StructParents',
  'A',
  'PA',
  'Metadata',
]);
const MAX_DEPTH = 64;
/** Bound on the values visited while answering for all pages of one revision. */
const MAX_STEPS = 2_000_000;

/**
 * Answers whether pages reach (through their own objects) any object number in `targets`.
 * Reachability is memoised per object, so resources shared by many pages are walked once.
 */
export class PageReach {
  private readonly memo = new Map<number, boolean>();
  private steps = 0;

  constructor(
    private readonly view: ObjectView,
    private readonly targets: Set<number>,
  ) {}

  /** True when what `page`'s content draws (its content streams and resources) reaches a target. */
  content(page: PageNode): boolean {
    return this.value(page.dict.get('Contents') ?? null, 0) || (page.resources !== undefined && this.value(page.resources, 0));
  }

  /** True when `page` reaches a target. */
  page(page: PageNode): boolean {
    if (page.objNum >= 0) return this.object(page.objNum, 0);
    return this.value(page.dict, 0) || (page.resources !== undefined && this.value(page.resources, 0));
  }

  private object(num: number, depth: number): boolean {
    if (this.targets.has(num)) return true;
    const known = this.memo.get(num);
    if (known !== undefined) return known;
    this.memo.set(num, false); // a cycle reads as "does not reach"
    const result = this.value(this.view.get(num), depth + 1);
    this.memo.set(num, result);
    return result;
  }

  private value(v: PdfObject, depth: number): boolean {
    if (depth > MAX_DEPTH || ++this.steps > MAX_STEPS) return false;
    if (v instanceof PdfRef) return this.object(v.num, depth);
    if (Array.isArray(v)) return v.some((x) => this.value(x, depth + 1));
    const d = v instanceof PdfStream ? v.dict : v instanceof PdfDict ? v : undefined;
    if (!d) return false;
    for (const [k, x] of d.map) {
      if (SKIP_KEYS.has(k) || x instanceof PdfName || typeof x === 'number') continue;
      if (this.value(x, depth + 1)) return true;
    }
    return false;
  }
}

function readInfo(view: ObjectView): InfoFields {
  const info = view.info();
  const fields: InfoFields = {};
  if (!info) return fields;
  const text = (key: string): string | undefined => {
    const t = textOf(view.resolve(info.get(key)) ?? undefined)?.trim();
    return t ? t : undefined;
  };
  const producer = text('Producer');
  const creator = text('Creator');
  const title = text('Title');
  const author = text('Author');
  const created = parsePdfDate(text('CreationDate'));
  const modified = parsePdfDate(text('ModDate'));
  if (producer) fields.producer = producer;
  if (creator) fields.creator = creator;
  if (title) fields.title = title;
  if (author) fields.author = author;
  if (created) fields.created = created;
  if (modified) fields.modified = modified;
  return fields;
}

/** Analyses every revision of `file`. */
export function analyseRevisions(file: PdfFile): RevisionChanges[] {
  const result: RevisionChanges[] = [];
  let previousPages: PageNode[] = [];
  for (const rev of file.revisions) {
    const view = file.view(rev.index);
    const added: number[] = [];
    const changed: number[] = [];
    const freed: number[] = [];
    const restated: number[] = [];
    if (rev.index > 0) {
      const before = file.view(rev.index - 1);
      for (const [num, entry] of rev.entries) {
        if (num === 0) continue;
        const prior = file.entryAt(num, rev.index - 1);
        const existed = prior !== undefined && prior.type !== 0;
        if (entry.type === 0) {
          if (existed) freed.push(num);
          continue;
        }
        if (!existed) {
          added.push(num);
          continue;
        }
        if (sameObject(before.get(num), view.get(num))) restated.push(num);
        else changed.push(num);
      }
    }
    const kinds = new Set(rev.sections.map((s) => s.kind));
    const xref: RevisionChanges['xref'] = rev.recovered ? 'recovered' : kinds.size > 1 ? 'hybrid' : kinds.has('stream') ? 'stream' : 'table';
    const pages = view.pages();
    const touchedPages: number[] = [];
    if (rev.index > 0 && added.length + changed.length > 0) {
      const reach = new PageReach(view, new Set([...added, ...changed]));
      for (const page of pages) {
        const isNew = page.number > previousPages.length;
        if (isNew || reach.page(page)) touchedPages.push(page.number);
      }
    }
    previousPages = pages;
    result.push({
      revision: rev.index + 1,
      start: rev.start,
      end: rev.end,
      xref,
      added: added.sort((a, b) => a - b),
      changed: changed.sort((a, b) => a - b),
      freed: freed.sort((a, b) => a - b),
      restated: restated.sort((a, b) => a - b),
      touchedPages,
      pageCount: pages.length,
      info: readInfo(view),
    });
  }
  return result;
}
