// Stage 1 of a PDF scan, read: the file opened with the core's object model (bounded), its latest
// pages (recovered by marker scanning when the page tree is broken), the page and size limits,
// the per-revision structure and a cached reader of the latest pages; then (after the revision
// text, so the parse budget is spent in the same order as ever) the facts the file states about
// itself: fonts, XMP, capture, version.
import { FileTooLargeError, UnreadableDocumentError } from '../../errors.js';
import { PageReader } from '../../pdf/page-reader.js';
import { type PageNode, recoverPages } from '../../pdf/pages.js';
import { type FontFacts, fontFacts, measureCapture, pdfVersion, type XmpFacts, xmpFacts } from '../../pdf/pdf-facts.js';
import { type ObjectView, PdfFile } from '../../pdf/pdf-file.js';
import { analyseRevisions, type RevisionChanges } from '../../pdf/revision-changes.js';
import type { Capture } from '../../spec/document.js';
import type { ScanContext } from '../scan-context.js';

/** The PDF as read. */
export interface PdfRead {
  file: PdfFile;
  view: ObjectView;
  pages: PageNode[];
  revisions: RevisionChanges[];
  reader: PageReader;
}

/** What the PDF states about itself. */
export interface PdfFacts {
  fonts: FontFacts;
  xmp: XmpFacts;
  capture: Capture | undefined;
  version: string | undefined;
}

/** Opens and reads the PDF; throws `FileTooLargeError` past the page limit and `UnreadableDocumentError` without pages. */
export function readPdf(scan: ScanContext): PdfRead {
  const { maxPages, limits } = scan.settings;
  const file = PdfFile.open(scan.bytes, limits ? { limits } : {});
  const view = file.view();
  let pages = view.pages();
  if (pages.length === 0) pages = recoverPages(view, maxPages + 1);
  if (pages.length > maxPages) throw new FileTooLargeError(`The PDF has ${pages.length} pages; the limit is ${maxPages}.`);
  if (pages.length === 0) throw new UnreadableDocumentError('The PDF has no readable pages.', 'broken_structure');
  const revisions = analyseRevisions(file);
  const reader = new PageReader(file, view);
  return { file, view, pages, revisions, reader };
}

/** The fonts, XMP, capture and version of the latest revision. */
export function readPdfFacts({ file, view, pages }: PdfRead): PdfFacts {
  const fonts = fontFacts(view, pages);
  const xmp = xmpFacts(file, view);
  const capture = measureCapture(file, view, pages);
  return { fonts, xmp, capture, version: pdfVersion(file, view) };
}
