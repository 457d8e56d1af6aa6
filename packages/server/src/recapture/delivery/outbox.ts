// A re-capture message as an outbox row: an event of the internal type `recapture.message` (never
// sent to a webhook) whose one delivery targets `mailto:` or `sms:` and whose body is the composed
// message, written in the transaction that mints the link. Its delivery row is the record of what
// was sent, when, and what the channel answered.
import type { Delivery, Environment, NewEvent, Store } from '../../store/store.js';
import type { ComposedMessage } from './message.js';

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

/** What a link's delivery came to, as the API and the audit report show it. */
export interface MessageRecord {
  channel: 'email' | 'sms';
  /** `pending` (not yet sent or retrying), `sent`, or `failed` (every attempt failed). */
  state: 'pending' | 'sent' | 'failed';
  attempts: number;
  sent_at?: string;
  next_attempt_at?: string;
  provider_response?: string;
  last_error?: string;
}

/** The record of a link's message, or undefined for a link_only link. */
export async function messageRecord(store: Store, linkId: string): Promise<MessageRecord | undefined> {
  const [delivery] = await store.deliveries({ eventId: messageEventId(linkId), limit: 1 });
  return delivery ? recordOf(delivery) : undefined;
}

function recordOf(d: Delivery): MessageRecord {
  const record: MessageRecord = {
    channel: d.targetUrl.startsWith('mailto:') ? 'email' : 'sms',
    state: d.state === 'delivered' ? 'sent' : d.state === 'abandoned' ? 'failed' : 'pending',
    attempts: d.attempts,
  };
  if (d.deliveredAt) record.sent_at = d.deliveredAt;
  if (d.state === 'pending' && d.nextAttemptAt) record.next_attempt_at = d.nextAttemptAt;
  if (d.lastResponse) record.provider_response = d.lastResponse;
  if (d.lastError) record.last_error = d.lastError;
  return record;
}
