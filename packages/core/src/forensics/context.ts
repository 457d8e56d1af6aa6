// What every check reads: the parsed file, its latest view and pages, the per-revision structure,
// the located text changes, the document's Info and XMP facts, and the time of the analysis.

import type { PdfDict } from '../pdf/objects.js';
import type { PageReader } from '../pdf/page-reader.js';
import type { PageNode } from '../pdf/pages.js';
import type { XmpFacts } from '../pdf/pdf-facts.js';
import type { ObjectView, PdfFile } from '../pdf/pdf-file.js';
import type { RevisionChanges } from '../pdf/revision-changes.js';
import type { CmsVerification } from '../platform.js';
import type { Category } from '../spec/document.js';
import type { Word } from '../tables/rows.js';
import type { CheckResult, Finding, PageFrame } from './findings.js';
import type { CheckName } from './indicators.js';
import type { TextChange, UnreadRevision } from './revision-diffs.js';

/** What the arithmetic checks read: pages, their words, and the document class. */
export interface TableContext {
  pages: readonly PageFrame[];
  /** The document class from its text (`other` when unclear). */
  category: Category;
  /** The visible words of a page (interpreter or OCR), or undefined when it could not be read. */
  words(page: PageFrame): Word[] | undefined;
  /** True when the page's words come from OCR (findings on them are less certain). */
  fromOcr(page: number): boolean;
}

/** Inputs shared by the checks of one document. */
export interface CheckContext extends TableContext {
  /** The latest revision's pages. */
  pages: PageNode[];
  file: PdfFile;
  view: ObjectView;
  /** The latest revision's pages read by the core interpreter (shared, cached). */
  reader: PageReader;
  revisions: RevisionChanges[];
  textChanges: TextChange[];
  /** `toRevision:page` of every touched page whose text was compared on both sides. */
  textCompared: ReadonlySet<string>;
  unreadRevisions: UnreadRevision[];
  xmp: XmpFacts;
  /** CMS verification of each signature, when the platform verifies signatures. */
  signatureChecks?: ReadonlyMap<PdfDict, CmsVerification>;
  /** The time of the analysis. */
  now: Date;
}

/** A check: one module, one job. */
export interface Check {
  name: CheckName;
  /** Checks whose findings this one reads; the examiner runs them first. */
  needs?: readonly Check[];
  /** Runs on `ctx`; `findingsOf` gives what a needed check found (nothing when it could not run). */
  run(ctx: CheckContext, findingsOf: (check: Check) => readonly Finding[]): CheckResult;
}

/**
 * A check that reads the pages' words: not run when no page had any (image-only pages read
 * without OCR), so `checks_passed` never lists arithmetic that read nothing.
 */
export function onWords(ctx: TableContext, run: () => Finding[]): CheckResult {
  if (!ctx.pages.some((page) => (ctx.words(page)?.length ?? 0) > 0)) return { notRun: 'no words were read from the pages (image-only pages without OCR)' };
  return { findings: run() };
}
