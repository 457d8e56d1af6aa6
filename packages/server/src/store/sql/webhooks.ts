// The outbox: events, their deliveries, leases and attempts.
import type { WebhookStore } from '../store.js';
import type { Row } from './driver.js';
import { DELIVERY_SELECT, delivery } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** The WebhookStore over the shared SQL context. */
export function sqlWebhooks(c: SqlContext): WebhookStore {
  const { dispatch, tx, read, insertDelivery, insertEvents, driver } = c;
  return {
    async recordEvents(events) {
      await tx((q) => insertEvents(q, events));
    },
    async claimDelivery(at, leaseUntil) {
      const due = "WHERE d.state = 'pending' AND d.next_attempt_at <= ? AND (d.lease_until IS NULL OR d.lease_until < ?)";
      // a loop woken for nothing (every analysis wakes it) reads, without a write lock
      if (!(await read((q) => q.get(`SELECT 1 AS one FROM webhook_deliveries d ${due} LIMIT 1`, at, at)))) return undefined;
      return tx(async (q) => {
        const r = await q.get(`${DELIVERY_SELECT} ${due} ORDER BY d.next_attempt_at, d.seq LIMIT 1${driver.forUpdate({ of: 'd', skipLocked: true })}`, at, at);
        if (!r) return undefined;
        await q.run('UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?', leaseUntil, r.id);
        return delivery(r);
      });
    },
    async claimDeliveryById(deliveryId, at, leaseUntil) {
      return tx(async (q) => {
        const r = await q.get(`${DELIVERY_SELECT} WHERE d.id = ?${driver.forUpdate({ of: 'd' })}`, deliveryId);
        if (r?.state !== 'pending') return 'finished' as const;
        if ((r.next_attempt_at as string) > at || (r.lease_until !== null && (r.lease_until as string) >= at)) return 'later' as const;
        await q.run('UPDATE webhook_deliveries SET lease_until = ? WHERE id = ?', leaseUntil, deliveryId);
        return delivery(r);
      });
    },
    async recordAttempt(deliveryId, outcome, at) {
      await tx(async (q) => {
        if (outcome.ok) {
          await q.run(
            "UPDATE webhook_deliveries SET state = 'delivered', attempts = attempts + 1, last_status = ?, last_error = NULL, last_response = ?, next_attempt_at = NULL, lease_until = NULL, delivered_at = ? WHERE id = ? AND state = 'pending'",
            outcome.status,
            outcome.response ?? null,
            at,
            deliveryId,
          );
          return;
        }
        const changed = await q.run(
          "UPDATE webhook_deliveries SET state = ?, attempts = attempts + 1, last_status = ?, last_error = ?, last_response = ?, next_attempt_at = ?, lease_until = NULL WHERE id = ? AND state = 'pending'",
          outcome.nextAttemptAt === null ? 'abandoned' : 'pending',
          outcome.status,
          outcome.error,
          outcome.response ?? null,
          outcome.nextAttemptAt,
          deliveryId,
        );
        if (changed === 1 && outcome.nextAttemptAt !== null) await dispatch(q, { kind: 'delivery', id: deliveryId, runAt: outcome.nextAttemptAt });
      });
    },
    async deliveries(query) {
      return read(async (q) => {
        const where: string[] = [];
        const args: unknown[] = [];
        if (query.accountId !== undefined) {
          where.push('e.account_id = ?');
          args.push(query.accountId);
        }
        if (query.state !== undefined) {
          where.push('d.state = ?');
          args.push(query.state);
        }
        if (query.eventId !== undefined) {
          where.push('d.event_id = ?');
          args.push(query.eventId);
        }
        return (await q.all(`${DELIVERY_SELECT} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY d.seq DESC LIMIT ?`, ...args, query.limit)).map(
          delivery,
        );
      });
    },
    async replayDelivery(deliveryId, at) {
      return tx(async (q) => {
        const r = await q.get<{ event_id: string; target_url: string }>('SELECT event_id, target_url FROM webhook_deliveries WHERE id = ?', deliveryId);
        if (!r) return undefined;
        const id = await insertDelivery(q, r.event_id, r.target_url, at);
        return delivery((await q.get(`${DELIVERY_SELECT} WHERE d.id = ?`, id)) as Row);
      });
    },
  };
}
