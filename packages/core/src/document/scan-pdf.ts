// A PDF scan as named stages over one scan context: read (structure, pages, revisions), text (the
// revision diffs), facts (fonts, XMP, capture, version), words (interpreter, OCR layer or OCR;
// category and issue date), examine (signatures, page images, every check), assemble (the
// Document). Each stage is a module in stages/ returning plain values.

import { loanWords, MAX_LOAN_PAGES } from '../loan/loan-words.js';
import { parsePdfDate } from '../pdf/text-string.js';
import type { DocumentResult } from '../spec/document.js';
import { ENGINE_MODEL, ENGINE_VERSION } from './constants.js';
import { metadataRows } from './metadata-rows.js';
import type { ScanContext, ScanDetail } from './scan-context.js';
import { fileFacts, orderFields, verdictFields } from './stages/assemble.js';
import { examinePdfDocument } from './stages/examine-pdf.js';
import { readPageWords } from './stages/page-words.js';
import { readPdf, readPdfFacts } from './stages/read-pdf.js';
import { readRevisionText } from './stages/revision-text.js';

/** Scans a PDF. */
export async function scanPdf(scan: ScanContext): Promise<ScanDetail> {
  const read = readPdf(scan);
  const text = await readRevisionText(scan, read);
  const facts = readPdfFacts(read);
  const words = await readPageWords(scan, read, facts);
  const examination = await examinePdfDocument(scan, read, text, facts, words);
  const { pages, revisions } = read;
  const latest = revisions[revisions.length - 1]!;
  const { xmp } = facts;
  const document: DocumentResult = {
    object: 'document',
    status: 'completed',
    file: fileFacts(scan, 'pdf', pages.length),
    model: ENGINE_MODEL,
    model_version: ENGINE_VERSION,
    ...verdictFields(examination),
    ...(words.category ? { category: words.category } : {}),
    revisions: { count: revisions.length, diffs: text.diffs },
    metadata: metadataRows({
      format: facts.version ? `PDF ${facts.version}` : 'PDF',
      pages: pages.length,
      sizeBytes: scan.bytes.length,
      producer: latest.info.producer ?? xmp.producer,
      creator: latest.info.creator ?? xmp.creatorTool,
      created: latest.info.created ?? parsePdfDate(xmp.createDate?.replace(/[-:T]/g, '')),
      modified: latest.info.modified ?? parsePdfDate(xmp.modifyDate?.replace(/[-:T]/g, '')),
      incrementalRevisions: revisions.length - 1,
      fonts: facts.fonts,
      xmp: xmp.present,
    }),
  };
  if (facts.capture) document.capture = facts.capture;
  if (words.issueDate) document.issue_date = words.issueDate;
  return {
    document: orderFields(document),
    revisions,
    unreadRevisions: text.unread,
    textReaders: text.readers,
    checksNotRun: examination.notRun,
    evidence: examination.evidence,
    // pages read by OCR are left out: a misread digit is no difference between versions
    words: loanWords(
      pages
        .slice(0, MAX_LOAN_PAGES)
        .filter((page) => !words.fromOcr(page.number))
        .map((page) => ({ frame: page, words: words.words(page) ?? [], turn: words.readingTurn(page.number) })),
    ),
  };
}
