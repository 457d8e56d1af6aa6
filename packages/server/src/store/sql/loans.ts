// Loans: documents by external_ref, review state, and the expected-documents declaration under the loan lock.
import type { LoanState, LoanStore, LoanWords } from '../store.js';
import type { Row } from './driver.js';
import { DOCUMENT_COLUMNS, decodeWords, loanState, ROLLUP_COLUMNS, rollupDocument, storedDocument } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** Documents whose words one statement reads. */
const WORDS_BATCH = 200;

/** The LoanStore over the shared SQL context. */
export function sqlLoans(c: SqlContext): LoanStore {
  const { now, tx, read, insertEvents, lockLoan, loanSnapshot, ensureLoan, one } = c;
  /** Documents carrying an external_ref (one loan's or every loan's), oldest first, read through `columns`. */
  const underLoans = (columns: string, accountId: string, environment: string, externalRef: string | undefined) =>
    read((q) =>
      externalRef === undefined
        ? q.all(
            `SELECT ${columns} FROM documents WHERE account_id = ? AND environment = ? AND external_ref IS NOT NULL ORDER BY created_at, id`,
            accountId,
            environment,
          )
        : q.all(
            `SELECT ${columns} FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? ORDER BY created_at, id`,
            accountId,
            environment,
            externalRef,
          ),
    );
  return {
    async loanDocuments(accountId, environment, externalRef) {
      return (await underLoans(DOCUMENT_COLUMNS, accountId, environment, externalRef)).map(storedDocument);
    },
    async loanRollups(accountId, environment, externalRef) {
      return (await underLoans(ROLLUP_COLUMNS, accountId, environment, externalRef)).map(rollupDocument);
    },
    async loanWords(accountId, environment, externalRef, held) {
      return read(async (q) => {
        const completed = "status = 'completed' AND words IS NOT NULL";
        const stamp = "completed_at || ':' || length(words) AS stamp";
        const rows = (
          await q.all(
            `SELECT id, ${stamp} FROM documents WHERE account_id = ? AND environment = ? AND external_ref = ? AND ${completed} ORDER BY created_at, id`,
            accountId,
            environment,
            externalRef,
          )
        ).map((r): LoanWords => ({ id: r.id as string, stamp: r.stamp as string }));
        const wanted = rows.filter((r) => !held?.(r.id, r.stamp)).map((r) => r.id);
        // the words read with their own stamp (a document finished again in between is read as it
        // now is; one no longer completed is left out)
        const fresh = new Map<string, LoanWords>();
        for (let i = 0; i < wanted.length; i += WORDS_BATCH) {
          const ids = wanted.slice(i, i + WORDS_BATCH);
          const found = await q.all(`SELECT id, ${stamp}, words FROM documents WHERE id IN (${ids.map(() => '?').join(', ')}) AND ${completed}`, ...ids);
          for (const r of found) fresh.set(r.id as string, { id: r.id as string, stamp: r.stamp as string, words: decodeWords(r.words as string) });
        }
        const unheld = new Set(wanted);
        return rows.flatMap((r) => (!unheld.has(r.id) ? [r] : (fresh.get(r.id) ?? [])));
      });
    },
    async loanState(accountId, environment, externalRef) {
      return read((q) =>
        one(q, 'SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?', loanState, accountId, environment, externalRef),
      );
    },
    async loanStates(accountId, environment) {
      return read(async (q) => (await q.all('SELECT * FROM loans WHERE account_id = ? AND environment = ?', accountId, environment)).map(loanState));
    },
    async reviewLoan(accountId, environment, externalRef, changes) {
      return tx(async (q) => {
        await ensureLoan(q, accountId, environment, externalRef);
        const columns: Record<string, unknown> = { reviewed_at: changes.reviewedAt, updated_at: now() };
        if (changes.reviewState !== undefined) columns.review_state = changes.reviewState;
        if (changes.assignee !== undefined) columns.assignee = changes.assignee;
        if (changes.reviewNote !== undefined) columns.review_note = changes.reviewNote;
        const sets = Object.keys(columns).map((c) => `${c} = ?`);
        await q.run(
          `UPDATE loans SET ${sets.join(', ')} WHERE account_id = ? AND environment = ? AND external_ref = ?`,
          ...Object.values(columns),
          accountId,
          environment,
          externalRef,
        );
        return loanState(
          (await q.get('SELECT * FROM loans WHERE account_id = ? AND environment = ? AND external_ref = ?', accountId, environment, externalRef)) as Row,
        );
      });
    },
    async declareExpected(accountId, environment, externalRef, declaration, emit) {
      return tx(async (q) => {
        await lockLoan(q, accountId, environment, externalRef);
        const before = await loanSnapshot(q, accountId, environment, externalRef);
        if (declaration && declaration.total < before.documents.length) return { ok: false as const, submitted: before.documents.length };
        await ensureLoan(q, accountId, environment, externalRef);
        await q.run(
          'UPDATE loans SET expected = ?, updated_at = ? WHERE account_id = ? AND environment = ? AND external_ref = ?',
          declaration?.json ?? null,
          now(),
          accountId,
          environment,
          externalRef,
        );
        const after = await loanSnapshot(q, accountId, environment, externalRef);
        if (emit) await insertEvents(q, emit(before, after));
        return { ok: true as const, state: after.state as LoanState };
      });
    },
  };
}
