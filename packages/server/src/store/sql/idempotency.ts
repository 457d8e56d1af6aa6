// Idempotency-Key claims (the key row locked), the resource an effect recorded on its claim, and
// the answers remembered under them.
import type { IdempotencyStore } from '../store.js';
import type { SqlContext } from './sql-context.js';

/** The IdempotencyStore over the shared SQL context. */
export function sqlIdempotency(c: SqlContext): IdempotencyStore {
  const { lockRow, tx, read, one, idempotencyKeyWhere } = c;
  return {
    async idempotentAnswer(accountId, environment, route, key, since) {
      return read((q) =>
        one(
          q,
          `SELECT * FROM idempotency_keys WHERE ${idempotencyKeyWhere} AND created_at >= ? AND status > 0`,
          (r) => ({ payloadHash: r.payload_hash as string, status: r.status as number, body: r.body as string, createdAt: r.created_at as string }),
          accountId,
          environment,
          key,
          route,
          since,
        ),
      );
    },
    async claimAnswer(accountId, environment, route, key, claim) {
      return tx(async (q) => {
        const args = [accountId, environment, key, route];
        await q.lock(`idempotency:${args.join(':')}`);
        const r = await q.get(`SELECT * FROM idempotency_keys WHERE ${idempotencyKeyWhere}${lockRow}`, ...args);
        const answered = r !== undefined && (r.status as number) > 0;
        if (r && answered && (r.created_at as string) >= claim.since)
          return {
            state: 'answered' as const,
            answer: { payloadHash: r.payload_hash as string, status: r.status as number, body: r.body as string, createdAt: r.created_at as string },
          };
        if (r && !answered && (r.created_at as string) >= claim.staleBefore) return { state: 'in_flight' as const, payloadHash: r.payload_hash as string };
        const resumed = r && !answered ? ((r.resource_id as string | null) ?? undefined) : undefined;
        if (resumed !== undefined) {
          // a crashed or failed holder's effect happened: another payload under the key is a reuse
          if (r?.payload_hash !== claim.payloadHash) return { state: 'in_flight' as const, payloadHash: r?.payload_hash as string };
          await q.run(`UPDATE idempotency_keys SET created_at = ? WHERE ${idempotencyKeyWhere}`, claim.at, ...args);
          return { state: 'claimed' as const, resumed };
        }
        if (r) await q.run(`DELETE FROM idempotency_keys WHERE ${idempotencyKeyWhere}`, ...args);
        await q.run(
          "INSERT INTO idempotency_keys (account_id, environment, key, route, payload_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, 0, '', ?)",
          ...args,
          claim.payloadHash,
          claim.at,
        );
        return { state: 'claimed' as const };
      });
    },
    async releaseAnswer(accountId, environment, route, key) {
      const args = [accountId, environment, key, route];
      await tx(async (q) => {
        await q.run(`DELETE FROM idempotency_keys WHERE ${idempotencyKeyWhere} AND status = 0 AND resource_id IS NULL`, ...args);
        // a claim whose effect happened lapses at once (the epoch is older than any lapse time)
        await q.run(`UPDATE idempotency_keys SET created_at = ? WHERE ${idempotencyKeyWhere} AND status = 0`, new Date(0).toISOString(), ...args);
      });
    },
    async rememberAnswer(accountId, environment, route, key, answer) {
      await tx(async (q) => {
        const args = [accountId, environment, key, route];
        const expired = new Date(Date.parse(answer.createdAt) - 24 * 3600 * 1000).toISOString();
        await q.run(`DELETE FROM idempotency_keys WHERE ${idempotencyKeyWhere} AND created_at < ?`, ...args, expired);
        await q.run(
          `INSERT INTO idempotency_keys (account_id, environment, key, route, payload_hash, status, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (account_id, environment, key, route) DO UPDATE SET payload_hash = excluded.payload_hash, status = excluded.status, body = excluded.body, created_at = excluded.created_at
           WHERE idempotency_keys.status = 0`,
          ...args,
          answer.payloadHash,
          answer.status,
          answer.body,
          answer.createdAt,
        );
      });
    },
  };
}
