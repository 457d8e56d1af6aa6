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

/** Computes the word-level diffs of every revision that touched pages. */
export async function revisionDiffs(bytes: Uint8Array, revisions: RevisionChanges[], pdf: PdfText): Promise<RevisionDiff[]> {
  const cache = new Map<string, PageText | undefined>();
  const textsAt = async (rev: RevisionChanges, pages: number[]): Promise<Map<number, PageText | undefined>> => {
    const missing = pages.filter((p) => !cache.has(`${rev.revision}:${p}`));
    if (missing.length > 0) {
      const extracted = await pdf.extract(bytes.subarray(0, rev.end), missing);
      const byPage = new Map(extracted.map((t) => [t.page, t]));
      for (const p of missing) cache.set(`${rev.revision}:${p}`, byPage.get(p));
    }
    return new Map(pages.map((p) => [p, cache.get(`${rev.revision}:${p}`)]));
  };
  const diffs: RevisionDiff[] = [];
  for (let i = 1; i < revisions.length; i++) {
    const rev = revisions[i]!;
    const prev = revisions[i - 1]!;
    if (rev.touchedPages.length === 0) continue;
    const oldPages = rev.touchedPages.filter((p) => p <= prev.pageCount);
    const [before, after] = [await textsAt(prev, oldPages), await textsAt(rev, rev.touchedPages)];
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
  return diffs;
}
