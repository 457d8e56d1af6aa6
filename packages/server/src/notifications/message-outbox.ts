// A re-capture message as an outbox row: an event of the internal type `recapture.message` (never
// sent to a webhook) whose one delivery targets `mailto:` or `sms:` and whose body is the composed
// message, written in the transaction that mints the link. Its delivery row is the record of what
// was sent, when, and what the channel answered.
import type { Environment, NewEvent, Store } from '../store/store.js';
import { type MessageRecord, messageRecordOf } from '../views/recapture-views.js';
import type { ComposedMessage } from './borrower-message.js';

/** The event type of a borrower's message. */
export const MESSAGE_EVENT_TYPE = 'recapture.message';

/** The event id of a link's message (one per link). */
export const messageEventId = (linkId: string): string => `msg_${linkId.replace(/^rcl_/, '')}`;

/** The outbox event of a composed message. */
export function messageEvent(message: ComposedMessage, accountId: string, environment: Environment, createdAt: string): NewEvent {
  return {
    id: messageEventId(message.linkId),
    accountId,
    environment,
    type: MESSAGE_EVENT_TYPE,
    body: JSON.stringify(message),
    targetUrl: `${message.channel === 'email' ? 'mailto' : 'sms'}:${message.to}`,
    createdAt,
  };
}

/** The record of a link's message, or undefined for a link_only link. */
export async function messageRecord(store: Store, linkId: string): Promise<MessageRecord | undefined> {
  const [delivery] = await store.webhooks.deliveries({ eventId: messageEventId(linkId), limit: 1 });
  return delivery ? messageRecordOf(delivery) : undefined;
}
