// Facts about a PDF that the Document reports: header version, fonts and whether they are
// embedded, the XMP packet and its dates, and the measured capture (native text, page images,
// or an invisible OCR text layer over page images). Reads the latest revision through the core's
// own object model; every walk is bounded.
import { nameOf, numberOf, readOperations, TooManyOperations } from './content/operations.js';
import { asArray, asDict, asName, type PdfDict, PdfStream } from './objects.js';
import type { PageNode } from './pages.js';
import type { ObjectView, PdfFile } from './pdf-file.js';
import { decodeUtf8 } from './text-string.js';

/** How the pages of a PDF were made, as measured. */
export type PdfCapture = 'native_pdf' | 'scan';

/** Font usage of a document. */
export interface FontFacts {
  total: number;
  embedded: number;
  /** Base font names, in first-seen order. */
  names: string[];
}

/** The XMP packet's presence and the dates and tools it states. */
export interface XmpFacts {
  present: boolean;
  createDate?: string;
  modifyDate?: string;
  creatorTool?: string;
  producer?: string;
  /** The XMP toolkit that wrote the packet (`x:xmptk`). */
  toolkit?: string;
}

/** The PDF version the file declares (header, raised by the catalog's /Version). */
export function pdfVersion(file: PdfFile, view: ObjectView): string | undefined {
  const head = String.fromCharCode(...file.data.subarray(0, 1024));
  const header = /%PDF-(\d\.\d)/.exec(head)?.[1];
  const catalogVersion = asName(view.catalog()?.get('Version'));
  if (catalogVersion && /^\d\.\d$/.test(catalogVersion) && (!header || catalogVersion > header)) return catalogVersion;
  return header;
}

function isEmbedded(view: ObjectView, font: PdfDict, depth = 0): boolean {
  const subtype = asName(font.get('Subtype'));
  if (subtype === 'Type3') return true;
  if (subtype === 'Type0' && depth === 0) {
    const descendants = asArray(view.resolve(font.get('DescendantFonts')));
    const d = asDict(view.resolve(descendants?.[0]));
    return d ? isEmbedded(view, d, 1) : false;
  }
  const descriptor = asDict(view.resolve(font.get('FontDescriptor')));
  return !!descriptor && (descriptor.has('FontFile') || descriptor.has('FontFile2') || descriptor.has('FontFile3'));
}

const MAX_FONT_WALK = 5000;

/** Counts the distinct fonts used by page (and form XObject) resources, and how many are embedded. */
export function fontFacts(view: ObjectView, pages: PageNode[]): FontFacts {
  const seen = new Set<PdfDict>();
  const facts: FontFacts = { total: 0, embedded: 0, names: [] };
  const visitedResources = new Set<PdfDict>();
  let steps = 0;
  const visitResources = (resources: PdfDict | undefined, depth: number): void => {
    if (!resources || visitedResources.has(resources) || depth > 4 || steps++ > MAX_FONT_WALK) return;
    visitedResources.add(resources);
    const fonts = asDict(view.resolve(resources.get('Font')));
    if (fonts) {
      for (const v of fonts.map.values()) {
        const font = asDict(view.resolve(v));
        if (!font || seen.has(font)) continue;
        seen.add(font);
        facts.total++;
        if (isEmbedded(view, font)) facts.embedded++;
        const name = asName(font.get('BaseFont'));
        if (name && !facts.names.includes(name)) facts.names.push(name);
      }
    }
    const xobjects = asDict(view.resolve(resources.get('XObject')));
    if (xobjects) {
      for (const v of xobjects.map.values()) {
        const x = view.resolve(v);
        if (x instanceof PdfStream && asName(x.dict.get('Subtype')) === 'Form') {
          visitResources(asDict(view.resolve(x.dict.get('Resources'))), depth + 1);
        }
      }
    }
  };
  for (const page of pages) visitResources(page.resources, 0);
  return facts;
}

function xmpValue(xml: string, name: string): string | undefined {
  const attr = new RegExp(`${name}\\s*=\\s*["']([^"']*)["']`).exec(xml);
  if (attr) return attr[1]!.trim() || undefined;
  const element = new RegExp(`<${name}>\\s*(?:<rdf:Alt>\\s*<rdf:li[^>]*>)?([^<]*)<`).exec(xml);
  return element?.[1]?.trim() || undefined;
}

/** Reads the catalog's XMP packet. */
export function xmpFacts(file: PdfFile, view: ObjectView): XmpFacts {
  const stream = view.getIn(view.catalog(), 'Metadata');
  if (!(stream instanceof PdfStream)) return { present: false };
  let xml: string;
  try {
    xml = decodeUtf8(file.decode(stream).data.subarray(0, 4 * 1024 * 1024));
  } catch {
    return { present: true };
  }
  const facts: XmpFacts = { present: true };
  const createDate = xmpValue(xml, 'xmp:CreateDate');
  const modifyDate = xmpValue(xml, 'xmp:ModifyDate');
  const creatorTool = xmpValue(xml, 'xmp:CreatorTool');
  const producer = xmpValue(xml, 'pdf:Producer');
  if (createDate) facts.createDate = createDate;
  if (modifyDate) facts.modifyDate = modifyDate;
  if (creatorTool) facts.creatorTool = creatorTool;
  if (producer) facts.producer = producer;
  const toolkit = xmpValue(xml, 'x:xmptk');
  if (toolkit) facts.toolkit = toolkit;
  return facts;
}

/** What one page's content shows. */
interface PageMarks {
  visibleText: boolean;
  invisibleText: boolean;
  images: boolean;
}

const TEXT_SHOW = new Set(['Tj', 'TJ', "'", '"']);
const MAX_CONTENT_BYTES = 8 * 1024 * 1024;
const MAX_OPERATIONS = 2_000_000;

function contentStreams(view: ObjectView, page: PageNode): PdfStream[] {
  const c = view.resolve(page.dict.get('Contents'));
  const list = Array.isArray(c) ? c.map((x) => view.resolve(x)) : [c];
  return list.filter((x): x is PdfStream => x instanceof PdfStream);
}

function scanContent(file: PdfFile, view: ObjectView, data: Uint8Array, resources: PdfDict | undefined, marks: PageMarks, depth: number): void {
  let renderMode = 0;
  const modeStack: number[] = [];
  try {
    readOperations(data.subarray(0, MAX_CONTENT_BYTES), MAX_OPERATIONS, (op, operands) => {
      if (op === 'BI') marks.images = true;
      else if (op === 'q') modeStack.push(renderMode);
      else if (op === 'Q') renderMode = modeStack.pop() ?? 0;
      else if (op === 'Tr') renderMode = numberOf(operands[operands.length - 1]);
      else if (TEXT_SHOW.has(op)) {
        if (renderMode === 3 || renderMode === 7) marks.invisibleText = true;
        else marks.visibleText = true;
      } else if (op === 'Do' && depth < 3) {
        const name = nameOf(operands[operands.length - 1]);
        const xobjects = asDict(view.resolve(resources?.get('XObject')));
        const x = name !== undefined ? view.resolve(xobjects?.get(name)) : null;
        if (!(x instanceof PdfStream)) return;
        const subtype = asName(x.dict.get('Subtype'));
        if (subtype === 'Image') marks.images = true;
        else if (subtype === 'Form') {
          try {
            const inner = asDict(view.resolve(x.dict.get('Resources'))) ?? resources;
            scanContent(file, view, file.decode(x).data, inner, marks, depth + 1);
          } catch {
            // an unreadable form counts as nothing shown
          }
        }
      }
    });
  } catch (error) {
    if (!(error instanceof TooManyOperations)) throw error;
    // what was read before the bound stands
  }
}

/** What the page's content streams draw: visible text, invisible (OCR-layer) text, images. */
export function pageMarks(file: PdfFile, view: ObjectView, page: PageNode): PageMarks {
  const marks: PageMarks = { visibleText: false, invisibleText: false, images: false };
  for (const stream of contentStreams(view, page)) {
    try {
      scanContent(file, view, file.decode(stream).data, page.resources, marks, 0);
    } catch {
      // unreadable content draws nothing we can see
    }
  }
  return marks;
}

/**
 * Measures the capture: `native_pdf` when a page draws visible text, `scan` when pages are
 * images (with at most an invisible OCR text layer), undefined when neither could be determined.
 * Stops at the first page with visible text; looks at no more than `maxPages` pages.
 */
export function measureCapture(file: PdfFile, view: ObjectView, pages: PageNode[], maxPages = 200): PdfCapture | undefined {
  let imagePages = 0;
  for (const page of pages.slice(0, maxPages)) {
    const marks = pageMarks(file, view, page);
    if (marks.visibleText) return 'native_pdf';
    if (marks.images) imagePages++;
  }
  return imagePages > 0 ? 'scan' : undefined;
}
