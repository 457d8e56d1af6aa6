// The webhook sender: one attempt of a due delivery the queue leased to this worker (a crashed
// sender's lease lapses and the delivery is taken again), signed afresh and POSTed under the
// egress rule with a 5 s limit. Any 2xx delivers; any other status (redirects included, never
// followed), a refused or failed connection, or no answer in 5 s fails the attempt, and the next
// is scheduled 1 min, 5 min, 15 min, 30 min, 1 h, 2 h, 4 h, 8 h, 8 h later; after the tenth the
// delivery is abandoned. The store's delivery row is the truth; nothing is kept in memory.
// A borrower's re-capture message is a delivery of the same outbox on the same schedule, sent
// through its channel (e-mail or SMS) instead of POSTed; the channel's answer is recorded.
import { ENGINE_VERSION } from '@loupe/core';
import { EgressError } from '../http/egress/egress.js';
import type { ServiceMetrics } from '../ops/metrics.js';
import type { Delivery, Store } from '../store/store.js';
import { RENAME_SUNSET } from '../views/document-view.js';
import type { ComposedMessage } from './borrower-message.js';
import type { MessageChannels } from './message-channels.js';
import { MESSAGE_EVENT_TYPE } from './message-outbox.js';
import { signWebhook } from './signature.js';

/** Delays after each failed attempt, in minutes (ten attempts in all, about 24 h). */
export const RETRY_MINUTES = [1, 5, 15, 30, 60, 120, 240, 480, 480] as const;

/** Sends one POST (the egress rule's `post`). */
export type WebhookPost = (url: string, body: string, headers: Record<string, string>) => Promise<number>;

/** Options of the sender. */
export interface WebhookSenderOptions {
  store: Store;
  post: WebhookPost;
  now: () => Date;
  /** The channels of re-capture messages (a message for a missing channel fails its attempt). */
  channels?: MessageChannels;
  /** Where attempts are counted by outcome. */
  metrics?: Pick<ServiceMetrics, 'delivery'>;
}

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
    // the same receiver can serve both environments: every delivery says which it comes from
    'x-service-env': delivery.environment,
  };
  if (delivery.type.startsWith('recapture.') && at.getTime() < RENAME_SUNSET) {
    headers['recapture-signature'] = signature;
    headers['recapture-event-id'] = delivery.eventId;
    headers['recapture-event-type'] = delivery.type;
  }
  return headers;
}

/** The handler of leased deliveries: one attempt each, recorded with its outcome and next due time. */
export function webhookSender(options: WebhookSenderOptions): (delivery: Delivery) => Promise<void> {
  const { store, now } = options;

  async function attempt(delivery: Delivery): Promise<void> {
    const account = await store.accounts.accountById(delivery.accountId);
    const number = delivery.attempts + 1;
    const at = now();
    let status: number | null = null;
    let error: string | undefined;
    let response: string | undefined;
    if (!account) error = 'the account is gone';
    else if (delivery.type === MESSAGE_EVENT_TYPE) {
      const message = JSON.parse(delivery.body) as ComposedMessage;
      const channel = options.channels?.[message.channel];
      try {
        if (!channel) throw new Error(`no ${message.channel} channel is configured on this process`);
        response = (await channel.send(message)).response;
        status = 200;
      } catch (e) {
        error = (e as Error).message;
      }
    } else {
      try {
        status = await options.post(delivery.targetUrl, delivery.body, deliveryHeaders(delivery, account.webhookSecret, number, at));
        if (status < 200 || status >= 300) error = `HTTP ${status}${status >= 300 && status < 400 ? ' (redirects are not followed)' : ''}`;
      } catch (e) {
        error = e instanceof EgressError ? `${e.reason}: ${e.message}` : (e as Error).message;
      }
    }
    const finished = now();
    const answered = response === undefined ? {} : { response };
    options.metrics?.delivery(error === undefined ? 'delivered' : 'failed');
    if (error === undefined) return store.webhooks.recordAttempt(delivery.id, { ok: true, status: status as number, ...answered }, finished.toISOString());
    const delay = RETRY_MINUTES[number - 1];
    const nextAttemptAt = delay === undefined ? null : new Date(finished.getTime() + delay * 60_000).toISOString();
    await store.webhooks.recordAttempt(delivery.id, { ok: false, status, error, nextAttemptAt, ...answered }, finished.toISOString());
  }

  return attempt;
}
