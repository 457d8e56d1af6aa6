// Classifies the objects a save wrote, so the revision-history check can tell content edits from
// benign updates: what each object is (page, content, image, font, annotation, form field,
// signature, metadata, catalog-level data) as of the revision that wrote it.
import { asArray, asDict, asName, type PdfObject, PdfRef, PdfStream } from '../../../../pdf/objects.js';
import type { PageNode } from '../../../../pdf/pages.js';
import type { ObjectView } from '../../../../pdf/pdf-file.js';

/** What an object is, for revision analysis. */
export type ObjectKind =
  | 'page'
  | 'pages'
  | 'content'
  | 'image'
  | 'form_xobject'
  | 'font'
  | 'annotation'
  | 'widget'
  | 'field'
  | 'signature'
  | 'appearance'
  | 'metadata'
  | 'info'
  | 'catalog'
  /** Numbers, strings, names, null: values such as stream lengths. */
  | 'value'
  /** Cross-reference and object streams: how a save stores objects, not content. */
  | 'container'
  | 'other';

const FONT_TYPES = new Set(['Font', 'FontDescriptor']);

/** The object numbers of the content streams of `page`. */
export function contentStreamNums(view: ObjectView, page: PageNode): number[] {
  const c = page.dict.get('Contents');
  if (c instanceof PdfRef) {
    const v = view.get(c.num);
    if (Array.isArray(v)) return v.filter((x): x is PdfRef => x instanceof PdfRef).map((r) => r.num);
    return [c.num];
  }
  return (asArray(c) ?? []).filter((x): x is PdfRef => x instanceof PdfRef).map((r) => r.num);
}

/** Object numbers of annotation appearance streams reachable from `page`'s annotations. */
export function appearanceNums(view: ObjectView, page: PageNode): Set<number> {
  const out = new Set<number>();
  const annots = asArray(view.resolve(page.dict.get('Annots'))) ?? [];
  for (const a of annots.slice(0, 2000)) {
    const ap = asDict(view.resolve(asDict(view.resolve(a))?.get('AP')));
    if (!ap) continue;
    for (const key of ['N', 'D', 'R']) {
      const v = ap.get(key);
      if (v instanceof PdfRef) out.add(v.num);
      const states = asDict(view.resolve(v));
      if (states && !(view.resolve(v) instanceof PdfStream)) for (const s of states.map.values()) if (s instanceof PdfRef) out.add(s.num);
    }
  }
  return out;
}

/** Classifies object `num` as of `view`, given the sets of known content and appearance streams. */
export function classifyObject(view: ObjectView, num: number, infoNum: number | undefined, contentNums: Set<number>, appearances: Set<number>): ObjectKind {
  if (num === infoNum) return 'info';
  if (contentNums.has(num)) return 'content';
  if (appearances.has(num)) return 'appearance';
  const v: PdfObject = view.get(num);
  if (Array.isArray(v)) {
    // an /Annots array stored as its own object
    const first = asDict(view.resolve(v[0]));
    return first && (asName(first.get('Type')) === 'Annot' || first.has('Rect')) ? 'annotation' : 'other';
  }
  const dict = asDict(v);
  if (!dict) return v instanceof PdfRef ? 'other' : 'value';
  const type = asName(dict.get('Type'));
  const subtype = asName(dict.get('Subtype'));
  if (v instanceof PdfStream) {
    if (type === 'XRef' || type === 'ObjStm') return 'container';
    if (type === 'Metadata' || subtype === 'XML') return 'metadata';
    if (subtype === 'Image') return 'image';
    if (subtype === 'Form') return 'form_xobject';
    if (dict.has('Length1') || dict.has('Length2') || subtype === 'Type1C' || subtype === 'CIDFontType0C' || subtype === 'OpenType') return 'font';
    return 'other';
  }
  if (type === 'Page') return 'page';
  if (type === 'Pages') return 'pages';
  if (type === 'Catalog') return 'catalog';
  if (type === 'Sig' || type === 'DocTimeStamp' || (dict.has('ByteRange') && dict.has('Contents'))) return 'signature';
  if (type && FONT_TYPES.has(type)) return 'font';
  if (type === 'Annot' || dict.has('Rect')) return subtype === 'Widget' ? 'widget' : 'annotation';
  if (dict.has('FT') || (dict.has('T') && (dict.has('V') || dict.has('Kids')))) return 'field';
  if (dict.has('Fields')) return 'field'; // the AcroForm dictionary
  return 'other';
}
