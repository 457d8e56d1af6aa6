// The text half of the revision engine: for every save after the first that touched pages, the
// text of those pages before and after it, diffed word by word into the spec's
// `{from_revision, to_revision, before, after}` entries. Text comes from the core's own
// interpreter reading each revision's objects when it reads both sides with certainty, else from
// the `PdfText` port (pdf.js) loading the byte prefix that ends at each revision's `%%EOF` — both
// sides of a pair always from the same reader, so the diff shows edits, not reader differences.
// Text is extracted only for touched pages, and each (revision, page) once, so the cost follows
// the edits, not the number of revisions.

import { PageReader } from '../pdf/page-reader.js';
import type { PdfFile } from '../pdf/pdf-file.js';
import type { RevisionChanges } from '../pdf/revision-changes.js';
import type { PageText, PdfText } from '../platform.js';
import type { RevisionDiff } from '../spec/document.js';
import { type DiffHunk, diffWords, tokenizeWords } from '../text/word-diff.js';
import type { PageBox } from './findings.js';

/** Longest `before`/`after` string of one diff entry. */
export const MAX_DIFF_TEXT = 2000;
const SEPARATOR = ' … ';

/** A page's words, and for each word the box (user space) of the text item it came from. */
function pageWords(text: PageText | undefined): { words: string[]; boxes: PageBox[] } {
  const words: string[] = [];
  const boxes: PageBox[] = [];
  for (const item of text?.items ?? []) {
    const itemWords = tokenizeWords(item.str);
    if (itemWords.length === 0) continue;
    const h = item.height || 10;
    const box = { page: text!.page, x0: item.x, y0: item.y - 0.25 * h, x1: item.x + item.width, y1: item.y + h };
    for (const w of itemWords) {
      words.push(w);
      boxes.push(box);
    }
  }
  return { words, boxes };
}

/** The union of `boxes[from, from + count)`, one box per distinct item. */
function unionBoxes(boxes: PageBox[], from: number, count: number): PageBox[] {
  const distinct = [...new Set(boxes.slice(from, from + count))];
  return distinct.slice(0, 20);
}

/** One changed stretch of text, located on the page. */
export interface TextChange {
  fromRevision: number;
  toRevision: number;
  page: number;
  removed: string[];
  added: string[];
  /** Where the added words are (or, for a deletion, where the removed ones were). */
  boxes: PageBox[];
}

function render(hunks: DiffHunk[], side: 'before' | 'after'): string {
  const parts = hunks.map((h) => {
    const words = side === 'before' ? h.before : h.after;
    const lead = h.contextBefore.length ? `${h.contextBefore.join(' ')} ` : '';
    const tail = h.contextAfter.length ? ` ${h.contextAfter.join(' ')}` : '';
    return `${lead}${words.length ? words.join(' ') : '∅'}${tail}`;
  });
  const text = parts.join(SEPARATOR);
  return text.length > MAX_DIFF_TEXT ? `${text.slice(0, MAX_DIFF_TEXT - 1)}…` : text;
}

/** A revision whose text the `PdfText` port could not read, so its diffs are missing. */
export interface UnreadRevision {
  revision: number;
  message: string;
}

/** The diffs, the revisions whose text could not be read, and which reader served the pairs. */
export interface RevisionDiffResult {
  diffs: RevisionDiff[];
  /** Each changed stretch with its location, for findings and regions. */
  changes: TextChange[];
  unread: UnreadRevision[];
  /** Page pairs read by the core interpreter and by the port. */
  readers: { core: number; port: number };
  /** `toRevision:page` of every pair whose text was read on both sides (changed or not). */
  compared: Set<string>;
}

/** Where revision text comes from: the core interpreter where certain (`auto`), or the port only. */
export type TextSource = 'auto' | 'port';

/** Reads page text of revisions with the core interpreter, once per (revision, page). */
class CoreTexts {
  private readonly readers = new Map<number, PageReader>();
  constructor(
    private readonly file: PdfFile,
    latest: PageReader | undefined,
  ) {
    if (latest) this.readers.set(latest.view.revision + 1, latest);
  }

  private reader(rev: RevisionChanges): PageReader {
    let reader = this.readers.get(rev.revision);
    if (!reader) {
      reader = new PageReader(this.file, this.file.view(rev.revision - 1));
      this.readers.set(rev.revision, reader);
    }
    return reader;
  }

  get(rev: RevisionChanges, page: number): PageText | null {
    const reader = this.reader(rev);
    const node = reader.view.pages()[page - 1];
    return node ? (reader.read(node)?.text ?? null) : null;
  }

  /** Which of `pages` of `rev` the port may read (`PageReader.portMayRead`). */
  portMayRead(rev: RevisionChanges, pages: readonly number[]): Set<number> {
    const reader = this.reader(rev);
    const nodes = reader.view.pages();
    return new Set(reader.portMayRead(pages.flatMap((p) => nodes[p - 1] ?? [])));
  }
}

/**
 * Computes the word-level diffs of every revision that touched pages. A revision whose byte
 * prefix the port cannot read (damaged earlier saves are common) yields no diff for the pairs it
 * is part of, and is listed in `unread`; it never fails the document.
 */
export async function revisionDiffs(
  bytes: Uint8Array,
  revisions: RevisionChanges[],
  pdf: PdfText,
  file?: PdfFile,
  source: TextSource = 'auto',
  latest?: PageReader,
): Promise<RevisionDiffResult> {
  const texts = file ? new CoreTexts(file, latest) : undefined;
  const core = source === 'auto' ? texts : undefined;
  const readers = { core: 0, port: 0 };
  const cache = new Map<string, PageText | undefined>();
  const unread = new Map<number, string>();
  const textsAt = async (rev: RevisionChanges, pages: number[]): Promise<Map<number, PageText | undefined> | undefined> => {
    if (unread.has(rev.revision)) return undefined;
    let missing = pages.filter((p) => !cache.has(`${rev.revision}:${p}`));
    const allowed = texts?.portMayRead(rev, missing);
    if (allowed) {
      for (const p of missing) if (!allowed.has(p)) cache.set(`${rev.revision}:${p}`, undefined);
      missing = missing.filter((p) => allowed.has(p));
    }
    if (missing.length > 0) {
      try {
        const extracted = await pdf.extract(bytes.subarray(0, rev.end), missing);
        const byPage = new Map(extracted.map((t) => [t.page, t]));
        for (const p of missing) cache.set(`${rev.revision}:${p}`, byPage.get(p));
      } catch (error) {
        unread.set(rev.revision, error instanceof Error ? error.message : String(error));
        return undefined;
      }
    }
    return new Map(pages.map((p) => [p, cache.get(`${rev.revision}:${p}`)]));
  };
  const diffs: RevisionDiff[] = [];
  const changes: TextChange[] = [];
  const compared = new Set<string>();
  for (let i = 1; i < revisions.length; i++) {
    const rev = revisions[i]!;
    const prev = revisions[i - 1]!;
    if (rev.touchedPages.length === 0) continue;
    // pages the core reads on both sides; the rest go to the port, both sides together
    const pairs = new Map<number, [PageText | undefined, PageText | undefined]>();
    const forPort: number[] = [];
    for (const page of rev.touchedPages) {
      const before = page <= prev.pageCount ? core?.get(prev, page) : undefined;
      const after = core?.get(rev, page);
      if (after && (before || page > prev.pageCount)) {
        pairs.set(page, [before ?? undefined, after]);
        readers.core++;
      } else forPort.push(page);
    }
    if (forPort.length > 0) {
      const before = await textsAt(
        prev,
        forPort.filter((p) => p <= prev.pageCount),
      );
      const after = await textsAt(rev, forPort);
      if (before && after) {
        for (const page of forPort) pairs.set(page, [before.get(page), after.get(page)]);
        readers.port += forPort.length;
      }
    }
    for (const page of rev.touchedPages) {
      const pair = pairs.get(page);
      if (!pair) continue;
      if ((pair[0] || page > prev.pageCount) && pair[1]) compared.add(`${rev.revision}:${page}`);
      const before = pageWords(pair[0]);
      const after = pageWords(pair[1]);
      const hunks = diffWords(before.words, after.words);
      if (hunks.length === 0) continue;
      for (const h of hunks) {
        changes.push({
          fromRevision: prev.revision,
          toRevision: rev.revision,
          page,
          removed: h.before,
          added: h.after,
          boxes: h.after.length > 0 ? unionBoxes(after.boxes, h.startB, h.after.length) : unionBoxes(before.boxes, h.startA, h.before.length),
        });
      }
      const label = `Page ${page}: `;
      diffs.push({
        from_revision: prev.revision,
        to_revision: rev.revision,
        before: label + render(hunks, 'before'),
        after: label + render(hunks, 'after'),
      });
    }
  }
  return { diffs, changes, unread: [...unread].map(([revision, message]) => ({ revision, message })), readers, compared };
}
