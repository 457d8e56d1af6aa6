// Versions of one document within a loan file, and every word on which they differ. Two documents
// are versions of one document when they name the same things — the same dates (a statement's
// period, a pay date, a bill date) and the same identifiers (account, loan, invoice, employee and
// tax numbers), in the same order — on the same number of pages, and most of their words agree.
// Then each run of words on which one differs from the first is a difference, shown on every
// version with a box; where three or more versions are compared and one disagrees with all the
// others on every difference, that one is the suspect. Precision first: documents that name no
// date, or one date and no identifier, are never versions; nor are two whose dates or identifiers
// differ in any one (statements of two months, stubs of two pay periods, bills of two customers),
// nor two that differ in a name, an address or any word but figures (two co-borrowers' stubs of
// one pay period), so a genuine loan file of statements, stubs and bills raises nothing.
// What is read of a document (its identity) and of two (how one reads against the other) is kept
// by the document objects, so a caller that compares a loan again with the same objects (a loan
// read on every poll while its documents finish) pays only for the documents new to it.
import { keptBy } from '../kept-by.js';
import { diffWords } from '../text/word-diff.js';
import type { LoanBox, LoanConflict, LoanDifference, LoanValue } from './conflict.js';
import type { LoanWord } from './loan-words.js';

/**
 * One document of a loan, as versions are compared: its id and its words. What is read of it is
 * kept by the object (weakly): an object's id and words must not change once it has been compared.
 */
export interface LoanDocumentWords {
  id: string;
  words: readonly LoanWord[];
}

/** Versions of one document that differ. */
export type VersionConflict = LoanConflict & { code: 'loan_document_versions_differ' };

/** Most differences reported of one set of versions. */
export const MAX_DIFFERENCES = 50;
/** Fewest share of words two versions hold in common. */
const MIN_SHARED = 0.7;

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
/** Dates as documents print them: numeric (08/31/2026, 31.08.2026, 2026-08-31) or with a month's name. */
const DATE = new RegExp(
  [
    '\\b\\d{4}-\\d{1,2}-\\d{1,2}\\b',
    '\\b\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{2,4}\\b',
    `\\b${MONTH}\\s+\\d{1,2},?\\s+\\d{4}\\b`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\s+\\d{4}\\b`,
    `\\b${MONTH}\\s+\\d{4}\\b`,
    // a year alone (a tax form's, a W-2's)
    '\\b(?:19|20)\\d{2}\\b',
  ].join('|'),
  'gi',
);
/** A number masked but for its last digits, in groups or not (XXXX XXXX XXXX 1234, ****1234, xxx-xx-6789). */
const MASKED = /(?:[Xx*\u2022]{2,}[\s-]?)+\d{2,6}\b/g;
/** A number of four or five digits right after a word that names an identifier. */
const LABELLED = /\b(?:account|acct|ending in|loan|policy|member|customer|employee|invoice|reference|ref|number|no)\b[.:#\s]{0,4}(\d{4,5})\b/gi;
/** A word of three or more letters and no digit: a name, an address, a description. */
export const WORDY = /^(?=.*\p{L}{3})\D*$/u;

/** An amount or a count: a figure a version may change, never a key. */
const AMOUNT = /^[(+\-\u2212]?[$€£]?\d{1,3}(?:[,.\u00a0 ]\d{3})*(?:[.,]\d{1,2})?[)-]?(?:cr|dr)?[€£]?$/i;

/**
 * The dates and identifiers of `words`, in order: every date; then every masked number
 * (XXXX XXXX XXXX 2653), every number of four or five digits a label names as one (Account ending
 * in: 2653), and every word that is no amount and holds six digits in a row, digits with letters,
 * or digits joined by a dash or a slash (an account, loan, invoice, employee or tax number). A
 * plain number of four or five digits no label names may be a count a version changes (a meter's
 * usage, a number of shares), so it is no key.
 */
export function documentKeys(words: readonly LoanWord[]): { dates: string[]; identifiers: string[] } {
  const text = words.map((w) => w.text).join(' ');
  const dates = [...text.matchAll(DATE)].map((m) => m[0].toLowerCase().replace(/\s+/g, ' '));
  const undated = text.replace(DATE, ' ');
  // a masked number printed in groups (XXXX XXXX XXXX 1234) is one identifier
  const masked = [...undated.matchAll(MASKED)].map((m) => m[0].replace(/\s+/g, ' '));
  // a short number a label names as one (Account ending in: 2653, Employee No. 4471)
  const labelled = [...undated.matchAll(LABELLED)].map((m) => m[1]!);
  const identifiers = [...masked, ...labelled];
  const rest = undated.replace(MASKED, ' ');
  identifiers.push(
    ...rest
      .split(/\s+/)
      .map((t) => t.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
      // an amount glued to its label (Value$269,485.82, as some producers space a row) is no identifier
      .filter((t) => /\d/.test(t) && !AMOUNT.test(t) && !/\d[.,]\d{2}$/.test(t) && (/\d{6}/.test(t) || /\p{L}|\d[-/]\d/u.test(t)))
      .filter((t) => !/^\d{1,2}(?:st|nd|rd|th)$/i.test(t)),
  );
  return { dates, identifiers };
}

/** How many times each word of a version's words is printed, and how many words it prints. */
interface WordCounts {
  counts: Map<string, number>;
  length: number;
}

function wordCounts(words: readonly LoanWord[]): WordCounts {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w.text, (counts.get(w.text) ?? 0) + 1);
  return { counts, length: words.length };
}

/**
 * What `b`'s words hold against `a`'s counts (as multisets): the share of words in common, over the
 * longer, and whether a word of three or more letters is printed more often on one side. Such a
 * word stands in a difference however the two are aligned, so `b` differs from `a` in more than
 * figures and is no version of it: a diff need not be run to know (what makes a loan of a hundred
 * statements of one template and month cheap to compare).
 */
function againstCounts(a: WordCounts, b: readonly LoanWord[]): { share: number; wordyUnmatched: boolean } {
  const left = new Map(a.counts);
  let shared = 0;
  let wordyUnmatched = false;
  for (const w of b) {
    const n = left.get(w.text) ?? 0;
    if (n > 0) {
      shared++;
      left.set(w.text, n - 1);
    } else if (!wordyUnmatched && WORDY.test(w.text)) wordyUnmatched = true;
  }
  if (!wordyUnmatched)
    for (const [text, n] of left)
      if (n > 0 && WORDY.test(text)) {
        wordyUnmatched = true;
        break;
      }
  return { share: shared / Math.max(1, a.length, b.length), wordyUnmatched };
}

const lastPage = (words: readonly LoanWord[]): number => words.reduce((n, w) => Math.max(n, w.page), 0);

/** What groups versions of one document: its page count, dates and identifiers, as one key, with the keys it names. */
export interface VersionIdentity {
  key: string;
  keys: string[];
}

/**
 * The identity of a document for grouping versions (its page count, dates and identifiers, as one
 * key) with the keys it shares, or undefined when it names no date, or one date and no identifier.
 */
export function versionIdentity(words: readonly LoanWord[]): VersionIdentity | undefined {
  const { dates, identifiers } = documentKeys(words);
  // a date and an identifier, or a period (two dates): one date alone names too little
  if (dates.length === 0 || (identifiers.length === 0 && new Set(dates).size < 2)) return undefined;
  return { key: JSON.stringify([lastPage(words), dates, identifiers]), keys: [...new Set([...dates, ...identifiers])] };
}

/** Each document's identity, kept by its object. */
const identityOf = keptBy((document: LoanDocumentWords) => versionIdentity(document.words));

/**
 * How each document reads against a first version, kept by both objects: the spans on which it
 * differs from the first when it is a version of it (most words shared, figures only differing),
 * else undefined. The first's word counts are read once.
 */
const versionSpans = keptBy((first: LoanDocumentWords) => {
  let counts: WordCounts | undefined;
  return keptBy((other: LoanDocumentWords): Map<number, Span> | undefined => {
    counts ??= wordCounts(first.words);
    const shared = againstCounts(counts, other.words);
    if (shared.share < MIN_SHARED || shared.wordyUnmatched) return undefined;
    const differing = spansAgainst(first.words, other.words);
    return inFiguresOnly(first.words, differing) ? differing : undefined;
  });
});

/** The union of the boxes of `words`, one per page (and per row, so a box never spans what lies between two lines). */
export function boxesOf(words: readonly LoanWord[]): LoanBox[] {
  const out: LoanBox[] = [];
  for (const w of words) {
    const last = out[out.length - 1];
    if (last && last.page === w.page && Math.abs(last.y - w.box.y) < Math.max(last.h, w.box.h) / 2) {
      const x1 = Math.max(last.x + last.w, w.box.x + w.box.w);
      const y1 = Math.max(last.y + last.h, w.box.y + w.box.h);
      last.x = Math.min(last.x, w.box.x);
      last.y = Math.min(last.y, w.box.y);
      last.w = x1 - last.x;
      last.h = y1 - last.y;
    } else out.push({ page: w.page, ...w.box });
  }
  return out;
}

/** One version's difference from the first: a span of the first's words and what this version prints in its place. */
interface Span {
  startA: number;
  lengthA: number;
  words: readonly LoanWord[];
}

/** The spans on which `other` differs from `first`, by the first's word index. */
function spansAgainst(first: readonly LoanWord[], other: readonly LoanWord[]): Map<number, Span> {
  const hunks = diffWords(
    first.map((w) => w.text),
    other.map((w) => w.text),
    0,
  );
  return new Map(hunks.map((h) => [h.startA, { startA: h.startA, lengthA: h.before.length, words: other.slice(h.startB, h.startB + h.after.length) }]));
}

/**
 * True when `spans` differ from `first` in figures only: versions of one document differ where a
 * figure was changed, while two people's documents of one template and period (co-borrowers'
 * stubs, two employees' W-2s) differ in names and addresses too, and are never versions.
 */
function inFiguresOnly(first: readonly LoanWord[], spans: ReadonlyMap<number, Span>): boolean {
  for (const span of spans.values()) {
    const words = [...first.slice(span.startA, span.startA + span.lengthA), ...span.words];
    if (words.some((w) => WORDY.test(w.text))) return false;
  }
  return true;
}

/** The differences among `first` and `others` (their spans against the first, in order). */
function differencesOf(first: LoanDocumentWords, others: readonly LoanDocumentWords[], spans: readonly ReadonlyMap<number, Span>[]): LoanDifference[] {
  const starts = [...new Set(spans.flatMap((s) => [...s.keys()]))].sort((a, b) => a - b);
  const differences: LoanDifference[] = [];
  for (const start of starts.slice(0, MAX_DIFFERENCES)) {
    const length = Math.max(...spans.map((s) => s.get(start)?.lengthA ?? 0));
    const own = first.words.slice(start, start + length);
    const value = (document: string, words: readonly LoanWord[]): LoanValue => ({
      document,
      text: words.map((w) => w.text).join(' '),
      boxes: boxesOf(words),
    });
    // a version that does not differ here prints what the first prints; its boxes are found by text
    // in the neighbourhood the diff aligned (the same words, at most a few places off)
    const values = [value(first.id, own)];
    for (const [k, o] of others.entries()) {
      const span = spans[k]!.get(start);
      values.push(value(o.id, span ? span.words : alignedWords(first.words, o.words, start, length)));
    }
    differences.push({ values });
  }
  return differences;
}

/** The words of `other` that print `first`'s words `start .. start + length` where the two agree: found near the same index. */
function alignedWords(first: readonly LoanWord[], other: readonly LoanWord[], start: number, length: number): LoanWord[] {
  const want = first.slice(start, start + length).map((w) => w.text);
  if (want.length === 0) return [];
  for (let d = 0; d <= 64; d++) {
    for (const at of d === 0 ? [start] : [start - d, start + d]) {
      if (at < 0 || at + want.length > other.length) continue;
      if (want.every((t, i) => other[at + i]!.text === t)) return other.slice(at, at + want.length);
    }
  }
  return [];
}

/** The version that alone prints something else on every difference, when three or more versions are compared. */
function suspectOf(documents: readonly string[], differences: readonly LoanDifference[]): string | undefined {
  if (documents.length < 3 || differences.length === 0) return undefined;
  const odd = differences.map((d) => {
    const counts = new Map<string, number>();
    for (const v of d.values) counts.set(v.text, (counts.get(v.text) ?? 0) + 1);
    const alone = d.values.filter((v) => counts.get(v.text) === 1);
    // one version alone, every other one agreeing
    return alone.length === 1 && counts.size === 2 ? alone[0]!.document : undefined;
  });
  return odd.every((o) => o !== undefined && o === odd[0]) ? odd[0] : undefined;
}

/**
 * The sets of versions among `documents` that differ, each with every place where they differ;
 * documents that are no version of another, and versions that print the same words, give nothing.
 */
export function versionConflicts(documents: readonly LoanDocumentWords[]): VersionConflict[] {
  const groups = new Map<string, { keys: string[]; candidates: LoanDocumentWords[] }>();
  for (const d of documents) {
    const identity = identityOf(d);
    if (!identity) continue;
    const group = groups.get(identity.key);
    if (group) group.candidates.push(d);
    else groups.set(identity.key, { keys: identity.keys, candidates: [d] });
  }
  const conflicts: VersionConflict[] = [];
  for (const { keys, candidates } of groups.values()) {
    // versions hold most of their words in common with the first of them and differ in figures only
    const [first, ...rest] = candidates as [LoanDocumentWords, ...LoanDocumentWords[]];
    const others: LoanDocumentWords[] = [];
    const spans: Map<number, Span>[] = [];
    const against = versionSpans(first);
    for (const d of rest) {
      const differing = against(d);
      if (!differing) continue;
      others.push(d);
      spans.push(differing);
    }
    const differences = differencesOf(first, others, spans);
    if (differences.length === 0) continue;
    const group = [first, ...others];
    const ids = group.map((d) => d.id);
    const suspect = suspectOf(ids, differences);
    const shown = differences
      .slice(0, 3)
      .map((d) => d.values.map((v) => v.text || '(nothing)').join(' / '))
      .join('; ');
    conflicts.push({
      code: 'loan_document_versions_differ',
      documents: ids,
      keys,
      differences,
      ...(suspect ? { suspect } : {}),
      summary:
        `${group.length} versions of one document (the same dates and identifiers) differ in ${differences.length} place${differences.length === 1 ? '' : 's'}: ${shown}` +
        `${differences.length > 3 ? '; …' : ''}${suspect ? `. One version disagrees with all the others on every difference.` : '.'}`,
    });
  }
  return conflicts;
}
