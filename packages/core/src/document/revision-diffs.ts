// The text half of the revision engine: for every save after the first that touched pages, the
// text of those pages before and after it (through the `PdfText` port, loading the byte prefix
// that ends at each revision's `%%EOF`), diffed word by word into the spec's
// `{from_revision, to_revision, before, after}` entries. Text is extracted only for touched pages,
// and each (revision, page) text is extracted once, so the cost follows the edits, not the
// number of revisions.
import type { RevisionChanges } from '../pdf/revision-changes.js';
import type { PageText, PdfText } from '../platform.js';
import { diffWords, tokenizeWords, type DiffHunk } from '../text/word-diff.js';
import type { RevisionDiff } from './types.js';

/** Longest `before`/`after` string of one diff entry. */
export const MAX_DIFF_TEXT = 2000;
const SEPARATOR = ' … ';

function pageWords(text: PageText | undefined): string[] {
  if (!text) return [];
  return tokenizeWords(text.items.map((i) => i.str).join(' '));
}

function render(hunks: DiffHunk[], side: 'before' | 'after'): string {
  const parts = hunks.map((h) => {
    const words = side === 'before' ? h.before : h.after;
    const lead = h.contextBefore.length ? h.contextBefore.join(' ') + ' ' : '';
    const tail = h.contextAfter.length ? ' ' + h.contextAfter.join(' ') : '';
    return `${lead}${words.length ? words.join(' ') : '∅'}${tail}`;
  });
  const text = parts.join(SEPARATOR);
  return text.length > MAX_DIFF_TEXT ? text.slice(0, MAX_DIFF_TEXT - 1) + '…' : text;
}

/** A revision whose text the `PdfText` port could not read, so its diffs are missing. */
export interface UnreadRevision {
  revision: number;
  message: string;
}

/** The diffs, and the revisions whose text could not be read. */
export interface RevisionDiffResult {
  diffs: RevisionDiff[];
  unread: UnreadRevision[];
}

/**
 * Computes the word-level diffs of every revision that touched pages. A revision whose byte
 * prefix the port cannot read (damaged earlier saves are common) yields no diff for the pairs it
 * is part of, and is listed in `unread`; it never fails the document.
 */
export async function revisionDiffs(bytes: Uint8Array, revisions: RevisionChanges[], pdf: PdfText): Promise<RevisionDiffResult> {
  const cache = new Map<string, PageText | undefined>();
  const unread = new Map<number, string>();
  const textsAt = async (rev: RevisionChanges, pages: number[]): Promise<Map<number, PageText | undefined> | undefined> => {
    if (unread.has(rev.revision)) return undefined;
    const missing = pages.filter((p) => !cache.has(`${rev.revision}:${p}`));
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
  for (let i = 1; i < revisions.length; i++) {
    const rev = revisions[i]!;
    const prev = revisions[i - 1]!;
    if (rev.touchedPages.length === 0) continue;
    const oldPages = rev.touchedPages.filter((p) => p <= prev.pageCount);
    const before = await textsAt(prev, oldPages);
    const after = await textsAt(rev, rev.touchedPages);
    if (!before || !after) continue;
    for (const page of rev.touchedPages) {
      const hunks = diffWords(pageWords(before.get(page)), pageWords(after.get(page)));
      if (hunks.length === 0) continue;
      const label = `Page ${page}: `;
      diffs.push({
        from_revision: prev.revision,
        to_revision: rev.revision,
        before: label + render(hunks, 'before'),
        after: label + render(hunks, 'after'),
      });
    }
  }
  return { diffs, unread: [...unread].map(([revision, message]) => ({ revision, message })) };
}
