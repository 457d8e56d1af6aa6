// The webhook sender: a loop that takes due deliveries from the store's outbox (leased, so a
// crashed sender's delivery is taken again), signs each attempt afresh and POSTs it under the
// egress rule with a 5 s limit. Any 2xx delivers; any other status (redirects included, never
// followed), a refused or failed connection, or no answer in 5 s fails the attempt, and the next
// is scheduled 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h later; after the tenth the
// delivery is abandoned. The store's delivery row is the truth; nothing is kept in memory.
import { ENGINE_VERSION } from '@loupe/core';
import { EgressError } from '../http/egress.js';
import type { Delivery, Store } from '../store/store.js';
import { signWebhook } from './signature.js';
import { type ClaimLoop, startClaimLoop } from '../claim-loop.js';
import { RENAME_SUNSET } from '../documents/view.js';

/** Delays after each failed attempt, in minutes (ten attempts in all, about 24 h). */
export const RETRY_MINUTES = [1, 5, 15, 30, 60, 120, 240, 480, 480] as const;

/** Sends one POST (the egress rule's `post`). */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

/** Options of the sender. */
export interface WebhookSenderOptions {
  store: Store;
  post: WebhookPost;
  now: () => Date;
  /** Look at the outbox this often when idle (default 1 s; `notify` wakes it early). */
  pollMs?: number;
  /** Deliveries in flight at once (default 4). */
  concurrency?: number;
  log?: (message: string, error?: unknown) => void;
}

/** A running sender: `notify` wakes it when events were recorded. */
export type WebhookSender = ClaimLoop;

/** The headers of one attempt. */
export function deliveryHeaders(delivery: Delivery, secret: string, attempt: number, at: Date): Record<string, string> {
  const signature = signWebhook(secret, delivery.body, Math.floor(at.getTime() / 1000));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': `Loupe-Webhooks/1.1 (+loupe ${ENGINE_VERSION})`,
    'x-service-signature': signature,
    'x-service-event-id': delivery.eventId,
    'x-service-event-type': delivery.type,
    'x-service-delivery-attempt': String(attempt),
  };
  if (delivery.type.startsWith('recapture.') && at.getTime() < RENAME_SUNSET) {
    headers['recapture-signature'] = signature;
    headers['recapture-event-id'] = delivery.eventId;
    headers['recapture-event-type'] = delivery.type;
  }
  return headers;
}

/** Starts the sender. */
export function startWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { store, now } = options;

  async function attempt(delivery: Delivery): Promise<void> {
    const account = await store.accountById(delivery.accountId);
    const number = delivery.attempts + 1;
    const at = now();
    let status: number | null = null;
    let error: string | undefined;
    if (!account) error = 'the account is gone';
    else {
      try {
        status = await options.post(delivery.targetUrl, delivery.body, deliveryHeaders(delivery, account.webhookSecret, number, at));
        if (status < 200 || status >= 300) error = `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`;
      } catch (e) {
        error = e instanceof EgressError ? `${e.reason}: ${e.message}` : (e as Error).message;
      }
    }
    const finished = now();
    if (error === undefined) return store.recordAttempt(delivery.id, { ok: true, status: status as number }, finished.toISOString());
    const delay = RETRY_MINUTES[number - 1];
    const nextAttemptAt = delay === undefined ? null : new Date(finished.getTime() + delay * 60_000).toISOString();
    await store.recordAttempt(delivery.id, { ok: false, status, error, nextAttemptAt }, finished.toISOString());
  }

  return startClaimLoop<Delivery>({
    claim: () => {
      const at = now();
      return store.claimDelivery(at.toISOString(), new Date(at.getTime() + 60_000).toISOString());
    },
    run: attempt,
    concurrency: options.concurrency ?? 4,
    idleMs: options.pollMs ?? 1000,
    describe: (delivery) => `webhook delivery ${delivery.id}`,
    ...(options.log ? { log: options.log } : {}),
  });
}
