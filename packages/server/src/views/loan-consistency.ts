// The loan's `consistency` field (beside the contract's LoanSummary fields; see the server
// README): what the loan's documents say against each other (`loanConflicts` of the core):
// versions of one document that differ; a statement whose next statement of the account does not
// open at its closing balance; a pay stub whose year to date does not carry the previous stub's;
// a stub whose net pay is not the deposit a statement records from its employer. Each conflict
// names its documents, and each place they differ holds what every document prints there with a
// region on each; the document the others agree against is the suspect. A loan is read on every
// poll, often while its documents finish: each document's words are held here by its stamp (so a
// read fetches only the words of documents new to it, and the core keeps what it read of each
// held document), each loan's last answer with the stamps it covers, and while documents of the
// loan are processing that answer stands for up to a second.
import { type LoanDocumentWords, loanConflicts } from '@loupe/core';
import type { LoanWords } from '../store/store.js';
import type { LoanConsistencyBody } from './schemas.js';

/** A map of at most `max` entries (or of entries weighing at most `max`) that forgets the least recently used first. */
function boundedMap<V>(max: number, weight: (value: V) => number = () => 1): { get(key: string): V | undefined; set(key: string, value: V): V } {
  const entries = new Map<string, V>();
  let total = 0;
  const set = (key: string, value: V): V => {
    const before = entries.get(key);
    if (before !== undefined) total -= weight(before);
    entries.delete(key);
    entries.set(key, value);
    total += weight(value);
    while (total > max && entries.size > 1) {
      const [oldest, v] = entries.entries().next().value!;
      entries.delete(oldest);
      total -= weight(v);
    }
    return value;
  };
  return { get: (key) => (entries.has(key) ? set(key, entries.get(key) as V) : undefined), set };
}

/**
 * Documents' words by id and stamp, up to 250,000 words (about 30 MB; a one-page statement holds
 * about 230): the objects the core keeps its readings by, so a document held is never read again.
 */
const held = boundedMap<LoanDocumentWords>(250_000, (d) => d.words.length + 1);
/** Each loan's last answer (by the loan), with the documents and stamps it was computed over and when, for 200 loans. */
const answers = boundedMap<{ key: string; body: LoanConsistencyBody; at: number }>(200);

/**
 * How long an answer stands for a loan whose documents are still being analysed: comparing versions
 * costs up to a hundred milliseconds on a loan of hundreds of near-identical copies, and a client
 * polling such a loan while it fills would otherwise pay it on every poll.
 */
export const UNSETTLED_ANSWER_MS = 1_000;

/** Reads a loan's words: every completed document's stamp, with its words unless `held` holds them (the store's `loanWords`). */
export type LoanWordsReader = (held: (id: string, stamp: string) => boolean) => Promise<LoanWords[]>;

/** Which loan is read, and whether documents of it are still being analysed. */
export interface LoanRead {
  /** The loan, unique across accounts and environments. */
  loan: string;
  /** True while documents of the loan are processing: an answer up to `UNSETTLED_ANSWER_MS` old stands (its `documents_compared` says what it covers). */
  unsettled?: boolean;
  now?: () => number;
}

/**
 * The loan's consistency over the words of its completed documents (oldest first), read through
 * `read`: computed again only when the documents or their stamps changed, and, while the loan is
 * unsettled, at most every `UNSETTLED_ANSWER_MS`.
 */
export async function loanConsistency(which: LoanRead, read: LoanWordsReader): Promise<LoanConsistencyBody> {
  const now = which.now ?? Date.now;
  const last = answers.get(which.loan);
  if (last && which.unsettled && now() - last.at < UNSETTLED_ANSWER_MS) return last.body;
  // what this read takes from the holding, taken when the store asks (so no eviction in between loses it)
  const taken = new Map<string, LoanDocumentWords>();
  const rows = await read((id, stamp) => {
    const document = held.get(`${id}@${stamp}`);
    if (document) taken.set(`${id}@${stamp}`, document);
    return document !== undefined;
  });
  const key = rows.map((r) => `${r.id}@${r.stamp}`).join(',');
  if (last?.key === key) return last.body;
  const documents = rows.map((r) => {
    const at = `${r.id}@${r.stamp}`;
    return r.words ? held.set(at, { id: r.id, words: r.words }) : (taken.get(at) as LoanDocumentWords);
  });
  const body = await compare(documents);
  answers.set(which.loan, { key, body, at: now() });
  return body;
}

async function compare(documents: readonly LoanDocumentWords[]): Promise<LoanConsistencyBody> {
  return {
    object: 'loan_consistency',
    documents_compared: documents.length,
    conflicts: (await loanConflicts(documents)).map((c) => ({
      code: c.code,
      summary: c.summary,
      document_ids: c.documents,
      ...(c.suspect ? { suspect_document_id: c.suspect } : {}),
      keys: c.keys,
      differences: c.differences.map((d) => ({
        ...(d.label ? { label: d.label } : {}),
        values: d.values.map((v) => ({ document_id: v.document, text: v.text, regions: v.boxes.map(({ page, x, y, w, h }) => ({ page, x, y, w, h })) })),
      })),
    })),
  };
}
