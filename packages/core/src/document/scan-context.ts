// What every stage of one document scan reads: the bytes and what the caller said of them, the
// platform's ports, and the engine's settings. Stages take it first and return plain values that
// the next stage takes; nothing is shared through closures.

import type { Examination } from '../forensics/examine.js';
import type { TextSource, UnreadRevision } from '../forensics/revision-diffs.js';
import type { LoanWord } from '../loan/loan-words.js';
import type { LoadedModel } from '../model-loading.js';
import type { ParseLimits } from '../pdf/limits.js';
import type { RevisionChanges } from '../pdf/revision-changes.js';
import type { Digests, Platform } from '../platform.js';
import type { DocumentResult } from '../spec/document.js';

/** What a caller says about a file besides its bytes. */
export interface ScanInput {
  /** Original file name, for display only: the type always comes from the content. */
  name: string;
  /**
   * Optional models to run besides the document engine (spec `models`): `docforge` adds the
   * GenAI heatmap to photos and scans. Unknown ids are reported in `checksNotRun`.
   */
  models?: readonly string[];
}

/** The engine's settings, resolved from its options. */
export interface ScanSettings {
  maxPages: number;
  limits?: Partial<ParseLimits>;
  textSource?: TextSource;
  /** The clock of the analysis (dates in the future are judged against it). */
  now: () => Date;
  /** The docforge model, loaded and verified once per engine. */
  docforge: () => Promise<LoadedModel>;
}

/** One scan: its bytes, its input, the platform and the settings. */
export interface ScanContext {
  bytes: Uint8Array;
  input: ScanInput;
  platform: Platform;
  digests: Digests;
  settings: ScanSettings;
}

/** Everything the engine found, for callers that want more than the Document (CLI, bench). */
export interface ScanDetail {
  document: DocumentResult;
  /** Per-revision structure, for PDFs. */
  revisions?: RevisionChanges[];
  /** Revisions whose text could not be extracted, so their diffs are missing. */
  unreadRevisions?: UnreadRevision[];
  /** How many page pairs the core interpreter and the `PdfText` port read for the diffs. */
  textReaders?: { core: number; port: number };
  /** Checks that could not run on this document, and why. */
  checksNotRun?: Examination['notRun'];
  /** The evidence class the scoring policy gave each of `document.findings`, in order. */
  evidence?: Examination['evidence'];
  /** The text read from a photo or scan (OCR lines, top to bottom), when OCR ran. */
  text?: string[];
  /**
   * The document's words in reading order with their boxes: what a loan compares with its other
   * documents (`versionConflicts`). Words read by OCR are not kept (a misread digit is no
   * difference between versions): a photo has none, a scan's OCR-read pages none.
   */
  words?: LoanWord[];
}
