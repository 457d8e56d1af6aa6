// Credits: ledger rows with the balance, reservations around a detection (the account row locked,
// duplicates of the same bytes decided there, per environment), settled detections.
import { newId } from '../ids.js';
import { type CreditStore, RESERVATION_TTL_MS, type ReserveResult, StoreError } from '../store.js';
import type { SqlQuery } from './driver.js';
import { detection, ledgerEntry } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** The CreditStore over the shared SQL context. */
export function sqlCredits(c: SqlContext): CreditStore {
  const { now, lockRow, tx, read, insertLedger, byId, one } = c;
  /** The newest detection of the bytes in one environment since `since`. */
  const latest = (q: SqlQuery, accountId: string, sha256: string, sandbox: boolean, since: string) =>
    one(
      q,
      'SELECT * FROM detections WHERE account_id = ? AND sandbox = ? AND sha256 = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 1',
      detection,
      accountId,
      sandbox ? 1 : 0,
      sha256,
      since,
    );
  return {
    async adjustCredits(accountId, delta, reason, ref) {
      return tx(async (q) => {
        if (!(await byId(q, accountId, lockRow))) throw new StoreError(`No account ${accountId}.`);
        return insertLedger(q, accountId, delta, reason, ref);
      });
    },
    async reserve(accountId, credits, bytes) {
      return tx(async (q): Promise<ReserveResult> => {
        // the account row's lock serialises reservations of one account across processes
        const a = await byId(q, accountId, lockRow);
        if (!a) throw new StoreError(`No account ${accountId}.`);
        const at = now();
        const liveSince = new Date(Date.parse(at) - RESERVATION_TTL_MS).toISOString();
        const previous = bytes && (await latest(q, accountId, bytes.sha256, bytes.sandbox, bytes.since));
        // a charged run of the same bytes still in flight makes this one its duplicate
        const inFlight =
          bytes &&
          !previous &&
          (await q.get(
            'SELECT id FROM reservations WHERE account_id = ? AND sha256 = ? AND sandbox = ? AND credits > 0 AND created_at > ? LIMIT 1',
            accountId,
            bytes.sha256,
            bytes.sandbox ? 1 : 0,
            liveSince,
          ));
        const duplicate = previous !== undefined || inFlight !== undefined;
        const reserved = duplicate ? 0 : credits;
        const held = (
          (await q.get<{ n: number }>(
            'SELECT COALESCE(SUM(credits), 0) AS n FROM reservations WHERE account_id = ? AND created_at > ?',
            accountId,
            liveSince,
          )) as {
            n: number;
          }
        ).n;
        const available = a.balance - held;
        if (available < reserved) return { ok: false, balance: a.balance, available };
        const id = newId('rsv');
        await q.run(
          'INSERT INTO reservations (id, account_id, credits, sha256, sandbox, created_at) VALUES (?, ?, ?, ?, ?, ?)',
          id,
          accountId,
          reserved,
          bytes?.sha256 ?? null,
          bytes?.sandbox ? 1 : 0,
          at,
        );
        return { ok: true, reservation: { id, accountId, credits: reserved }, duplicate, ...(previous ? { previous } : {}) };
      });
    },
    async release(reservationId) {
      await tx((q) => q.run('DELETE FROM reservations WHERE id = ?', reservationId));
    },
    async settle(reservationId, credits, d) {
      await tx(async (q) => {
        if ((await q.run('DELETE FROM reservations WHERE id = ?', reservationId)) !== 1) throw new StoreError(`Reservation ${reservationId} is not held.`);
        if (credits > 0) await insertLedger(q, d.accountId, -credits, 'DETECTION_DEBIT', d.id);
        await q.run(
          'INSERT INTO detections (id, account_id, sandbox, sha256, detector, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
          d.id,
          d.accountId,
          d.sandbox ? 1 : 0,
          d.sha256,
          d.detector,
          d.body,
          d.createdAt,
        );
      });
    },
    async releaseAllReservations() {
      return tx((q) => q.run('DELETE FROM reservations'));
    },
    async detection(accountId, id) {
      return read((q) => one(q, 'SELECT * FROM detections WHERE id = ? AND account_id = ?', detection, id, accountId));
    },
    async latestDetectionOf(accountId, sha256, sandbox, since) {
      return read((q) => latest(q, accountId, sha256, sandbox, since));
    },
    async ledger(accountId, limit, offset) {
      return read(async (q) => {
        const entries = (await q.all('SELECT * FROM ledger WHERE account_id = ? ORDER BY seq DESC LIMIT ? OFFSET ?', accountId, limit, offset)).map(
          ledgerEntry,
        );
        const total = ((await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM ledger WHERE account_id = ?', accountId)) as { n: number }).n;
        return { entries, total };
      });
    },
  };
}
