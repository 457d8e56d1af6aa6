// A check context over a PDF's bytes, for the checks' tests: the stages a scan runs before its
// checks (read, revision text, facts, words, signatures and page pictures) on the core alone — the
// core interpreter reads every page (a page it declines stays unread: there is no `PdfText`
// port), no OCR — and `runCheck`, which runs one check after the checks it needs and answers its
// findings with their sentences. A test says which file (built with `@loupe/fixtures`) and which
// check; the check reads it as a scan would. Picture checks get a picture context built from
// pictures and pixel reports a test states (`testPicture`, `testPixels`, `pictureContext`).

import type { ScanContext } from '../document/scan-context.js';
import { pdfCheckContext } from '../document/stages/examine-pdf.js';
import { readPageWords } from '../document/stages/page-words.js';
import { readPdf, readPdfFacts } from '../document/stages/read-pdf.js';
import { readRevisionText } from '../document/stages/revision-text.js';
import type { AnyCheck, FindingOfCheck } from '../forensics/check.js';
import { summaryOf } from '../forensics/check.js';
import type { PdfCheckContext, Picture, PictureCheckContext } from '../forensics/contexts.js';
import type { PixelReport } from '../image/pixel-forensics.js';
import { loadFontTables } from '../pdf/fonts/glyphs.js';
import { DEFAULT_LIMITS } from '../pdf/limits.js';
import type { Platform } from '../platform.js';
import { loadDecimals } from '../tables/decimal.js';

/** What a test may set of the scan: its clock and platform ports (signature verification, image decoding). */
export interface CheckContextOptions {
  now?: Date;
  platform?: Omit<Partial<Platform>, 'pdf'>;
}

/** The page text port of a test context: none (the core interpreter reads the pages). */
const NO_PORT: Platform['pdf'] = {
  extract: () => Promise.reject(new Error('no PdfText port in a check test: the core interpreter reads the pages')),
};

/** The check context a scan of `bytes` (a PDF) would run its checks on. */
export async function checkContext(bytes: Uint8Array, options: CheckContextOptions = {}): Promise<PdfCheckContext> {
  await Promise.all([loadFontTables(), loadDecimals()]);
  const now = options.now ?? new Date('2026-11-22T12:00:00Z');
  const scan: ScanContext = {
    bytes,
    input: { name: 'test.pdf' },
    platform: { pdf: NO_PORT, ...options.platform },
    digests: { sha256: () => '', md5: () => '' },
    settings: {
      maxPages: 200,
      limits: DEFAULT_LIMITS,
      textSource: 'auto',
      now: () => now,
      docforge: () => Promise.reject(new Error('no models in a check test')),
    },
  };
  const read = readPdf(scan);
  const text = await readRevisionText(scan, read);
  const facts = readPdfFacts(read);
  const words = await readPageWords(scan, read, facts);
  return pdfCheckContext(scan, read, text, facts, words);
}

/** What one check found on a context: its findings with their sentences, and why it could not run. */
export interface CheckRun<C extends AnyCheck> {
  /** The check ran (on all or part of what it examines). */
  ran: boolean;
  findings: FindingOfCheck<C>[];
  /** The sentence of each finding, in order. */
  summaries: string[];
  /** The sentences of the findings of `code`. */
  said(code: string): string[];
  notRun: string[];
}

/** Runs `check` (and first the checks it needs) on `ctx`. */
export async function runCheck<C extends AnyCheck>(check: C, ctx: PdfCheckContext | PictureCheckContext): Promise<CheckRun<C>> {
  const found = new Map<AnyCheck, readonly unknown[]>();
  const run = async (c: AnyCheck): Promise<{ findings?: unknown[]; notRun?: string[] }> => {
    for (const need of c.needs ?? []) if (!found.has(need)) found.set(need, (await run(need)).findings ?? []);
    return c.run(ctx as never, ((needed: AnyCheck) => found.get(needed) ?? []) as never);
  };
  const result = await run(check);
  const findings = (result.findings ?? []) as FindingOfCheck<C>[];
  const summaries = findings.map((f) => summaryOf(check.indicators, f as never));
  return {
    ran: result.findings !== undefined,
    findings,
    summaries,
    said: (code) => summaries.filter((_, i) => findings[i]!.code === code),
    notRun: result.notRun ?? [],
  };
}

/** A picture for a picture check's test: an uploaded photo (page 1) whose pixels were not analysed, unless `picture` says otherwise. */
export function testPicture(picture: Partial<Picture> = {}): Picture {
  return {
    page: 1,
    onPage: false,
    name: 'photo.jpg',
    pixels: { notAnalysed: 'the test decodes no pixels' },
    toPage: (b) => ({ page: picture.page ?? 1, x0: b.x0, y0: 1000 - b.y1, x1: b.x1, y1: 1000 - b.y0 }),
    ...picture,
  };
}

/** A pixel report for a picture check's test: `findings`, a blank 64x64 grey plane, and the full copy-move search unless `report` says otherwise. */
export function testPixels(findings: PixelReport['findings'], report: Partial<Omit<PixelReport, 'findings'>> = {}): { report: PixelReport } {
  return { report: { findings, gray: { width: 64, height: 64, data: new Float32Array(64 * 64) }, noiseLevel: 2, copyMoveSearch: 'full', ...report } };
}

/** The context of an uploaded picture's checks (a 1000-pixel square page, no words read). */
export function pictureContext(pictures: readonly Picture[], more: Partial<PictureCheckContext> = {}): PictureCheckContext {
  return {
    subject: 'image',
    pages: [{ number: 1, cropBox: [0, 0, 1000, 1000], rotate: 0 }],
    category: 'other',
    words: () => undefined,
    fromOcr: () => true,
    pictures,
    ...more,
  };
}
