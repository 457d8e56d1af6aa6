// Stage 4 of a PDF scan, examine: signatures verified through the platform, the main image of each
// image-only page read and its pixels analysed (the check context, `pdfCheckContext`: the testing
// entry builds the same one), then every check of a PDF run over it; the findings become the
// Document's verdict fields.

import { defined } from '../../defined.js';
import { verifySignatures } from '../../forensics/checks/structure/signature-integrity/verify.js';
import type { PdfCheckContext } from '../../forensics/contexts.js';
import { type Examination, examine } from '../../forensics/examine.js';
import type { RevisionDiffResult } from '../../forensics/revision-diffs.js';
import type { ScanContext } from '../scan-context.js';
import { pagePictures } from './page-pictures.js';
import type { PageWords } from './page-words.js';
import type { PdfFacts, PdfRead } from './read-pdf.js';

/** The check context of the read PDF: its signatures verified and the pictures of its image-only pages read first. */
export async function pdfCheckContext(scan: ScanContext, read: PdfRead, text: RevisionDiffResult, facts: PdfFacts, words: PageWords): Promise<PdfCheckContext> {
  const { platform, bytes } = scan;
  const { file, view, pages, reader, revisions } = read;
  const signatureChecks = platform.signatures ? await verifySignatures(bytes, view, platform.signatures) : undefined;
  const pictures =
    words.imageOnly.length > 0
      ? await pagePictures(
          file,
          words.imageOnly.map((page) => ({ page, paint: reader.read(page)?.paint ?? [] })),
          platform.images,
        )
      : [];
  return {
    subject: 'pdf',
    file,
    view,
    pages,
    reader,
    revisions,
    textChanges: text.changes,
    textCompared: text.compared,
    unreadRevisions: text.unread,
    xmp: facts.xmp,
    now: scan.settings.now(),
    category: words.category ?? 'other',
    words: words.words,
    readingTurn: words.readingTurn,
    fromOcr: words.fromOcr,
    pictures,
    ...defined({ signatureChecks, decoder: platform.images }),
  };
}

/** Examines the read PDF. */
export async function examinePdfDocument(scan: ScanContext, read: PdfRead, text: RevisionDiffResult, facts: PdfFacts, words: PageWords): Promise<Examination> {
  const { pages, revisions, reader } = read;
  const context = await pdfCheckContext(scan, read, text, facts, words);
  // a page left unread at a bound leaves the document unexamined, whatever the rest says
  const overBudget = context.pictures.find((p) => 'overBudget' in p.pixels)?.pixels;
  const bound = reader.passedBound() ?? (overBudget && 'notAnalysed' in overBudget ? `The page ${overBudget.notAnalysed.replace(/^its /, '')}` : undefined);
  return examine(context, {
    examined: facts.capture === 'native_pdf' && !bound,
    reasonCodes: bound ? ['budget_exceeded'] : facts.capture === 'scan' ? ['image_only_pages'] : ['no_readable_content'],
    ...(bound ? { notExaminedBecause: `reading stopped at a bound: ${bound.replace(/\.$/, '')}` } : {}),
    pageCount: pages.length,
    revisionCount: revisions.length,
  });
}
