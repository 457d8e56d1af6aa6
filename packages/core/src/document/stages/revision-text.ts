// Stage 2 of a PDF scan, text: for a file saved more than once, the text of every page a save
// touched, before and after it, and the word diffs between them (`revisionDiffs`: the core's
// interpreter where it reads with certainty, the `PdfText` port otherwise).
import { type RevisionDiffResult, revisionDiffs } from '../../forensics/revision-diffs.js';
import type { ScanContext } from '../scan-context.js';
import type { PdfRead } from './read-pdf.js';

/** The revision diffs of a PDF (nothing for a file saved once). */
export async function readRevisionText(scan: ScanContext, { file, revisions, reader }: PdfRead): Promise<RevisionDiffResult> {
  if (revisions.length <= 1) return { diffs: [], changes: [], unread: [], readers: { core: 0, port: 0 }, compared: new Set<string>() };
  return revisionDiffs(scan.bytes, revisions, scan.platform.pdf, file, scan.settings.textSource, reader);
}
