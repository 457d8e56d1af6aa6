// Stage 4 of a PDF scan, examine: signatures verified through the platform, the page images of
// image-only pages examined pixel by pixel, and every PDF check run over one check context; the
// findings become the Document's verdict fields.

import { defined } from '../../defined.js';
import { verifySignatures } from '../../forensics/checks/signatures.js';
import { type Examination, examinePdf } from '../../forensics/examine.js';
import type { RevisionDiffResult } from '../../forensics/revision-diffs.js';
import { examinePageImages } from '../../image/page-images.js';
import type { ScanContext } from '../scan-context.js';
import type { PageWords } from './page-words.js';
import type { PdfFacts, PdfRead } from './read-pdf.js';

/** Examines the read PDF. */
export async function examinePdfDocument(scan: ScanContext, read: PdfRead, text: RevisionDiffResult, facts: PdfFacts, words: PageWords): Promise<Examination> {
  const { platform, bytes } = scan;
  const { file, view, pages, reader, revisions } = read;
  const signatureChecks = platform.signatures ? await verifySignatures(bytes, view, platform.signatures) : undefined;
  const pageImages =
    words.imageOnly.length > 0
      ? await examinePageImages(
          file,
          words.imageOnly.map((page) => ({ page, paint: reader.read(page)?.paint ?? [] })),
          platform.images,
        )
      : undefined;
  return examinePdf(
    {
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
      fromOcr: words.fromOcr,
      ...defined({ signatureChecks }),
    },
    {
      examined: facts.capture === 'native_pdf',
      reasonCodes: facts.capture === 'scan' ? ['image_only_pages'] : ['no_readable_content'],
      pageCount: pages.length,
      revisionCount: revisions.length,
    },
    pageImages,
  );
}
