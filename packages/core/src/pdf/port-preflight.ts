// Before a page goes to the `PdfText` port (pdf.js, which bounds neither decoded bytes nor work),
// the streams pdf.js would decode to read its text are decoded here first, within the document's
// budget: its content streams, its fonts' programs, encodings and Type 3 glyph procedures, and its
// forms, recursively. A page whose streams pass the budget is not handed over.
import { LimitExceededError } from '../errors.js';
import { asArray, asDict, asName, type PdfDict, type PdfObject, PdfStream } from './objects.js';
import type { PageNode } from './pages.js';
import type { ObjectView, PdfFile } from './pdf-file.js';

/** Deepest form nesting walked (the interpreter's own bound is lower). */
const MAX_FORM_DEPTH = 16;
/** Most streams one page's walk decodes: the rest are left to pdf.js's own failure handling. */
const MAX_STREAMS = 10_000;
const FONT_FILES = ['FontFile', 'FontFile2', 'FontFile3'] as const;

/**
 * Decodes every stream pdf.js would read for `page`'s text, charging the document's budget.
 * Returns the bound passed, or undefined when the page is within it. Damage is not a bound:
 * pdf.js may still read a damaged page.
 */
export function preflightPage(file: PdfFile, view: ObjectView, page: PageNode): LimitExceededError | undefined {
  if (file.budget.exceeded) return file.budget.exceeded;
  const seen = new Set<PdfStream | PdfDict>();
  let decoded = 0;
  const decode = (value: PdfObject | undefined): void => {
    const stream = view.resolve(value);
    if (!(stream instanceof PdfStream) || seen.has(stream) || decoded++ >= MAX_STREAMS) return;
    seen.add(stream);
    try {
      file.decode(stream);
    } catch (error) {
      if (error instanceof LimitExceededError) throw error;
    }
  };
  const font = (dict: PdfDict | undefined, depth: number): void => {
    if (!dict || seen.has(dict)) return;
    seen.add(dict);
    decode(dict.get('ToUnicode'));
    const descriptor = asDict(view.resolve(dict.get('FontDescriptor')));
    for (const key of FONT_FILES) decode(descriptor?.get(key));
    for (const descendant of asArray(view.resolve(dict.get('DescendantFonts'))) ?? []) font(asDict(view.resolve(descendant)), depth);
    const procs = asDict(view.resolve(dict.get('CharProcs')));
    if (procs) for (const proc of procs.map.values()) decode(proc);
    resources(asDict(view.resolve(dict.get('Resources'))), depth + 1);
  };
  const resources = (dict: PdfDict | undefined, depth: number): void => {
    if (!dict || depth > MAX_FORM_DEPTH || seen.has(dict)) return;
    seen.add(dict);
    for (const f of asDict(view.resolve(dict.get('Font')))?.map.values() ?? []) font(asDict(view.resolve(f)), depth);
    for (const x of asDict(view.resolve(dict.get('XObject')))?.map.values() ?? []) {
      const form = view.resolve(x);
      if (!(form instanceof PdfStream) || asName(view.resolve(form.dict.get('Subtype'))) !== 'Form') continue;
      decode(form);
      resources(asDict(view.resolve(form.dict.get('Resources'))), depth + 1);
    }
  };
  try {
    const contents = view.resolve(page.dict.get('Contents'));
    for (const c of Array.isArray(contents) ? contents : [contents]) decode(c);
    resources(page.resources, 0);
    return undefined;
  } catch (error) {
    if (error instanceof LimitExceededError) return file.budget.record(error);
    return undefined; // broken structure is pdf.js's to read around
  }
}
