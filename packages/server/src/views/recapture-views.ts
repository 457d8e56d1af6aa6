// The RecaptureLink and RecaptureCapture as the API answers them (omission rule): a link's status
// read against its expiry, the QR image's URL on the API host, a capture's evidence once complete.

import type { Delivery, StoredCapture, StoredLink } from '../store/store.js';
import { omitAbsent } from './document-view.js';
import type { RecaptureCaptureBody, RecaptureLinkBody } from './schemas.js';

type Json = Record<string, unknown>;

/** A link's status at `at` (a pending link past its expiry reads expired). */
export const linkStatus = (link: StoredLink, at: Date): string =>
  link.status === 'pending' && Date.parse(link.expiresAt) <= at.getTime() ? 'expired' : link.status;

/** The RecaptureLink, with what its message delivery came to (sms and email links). */
export function linkView(link: StoredLink, at: Date, apiBase: string, message?: MessageRecord): RecaptureLinkBody {
  return omitAbsent({
    id: link.id,
    object: 'recapture_link',
    status: linkStatus(link, at),
    document_id: link.documentId,
    external_ref: link.externalRef,
    url: link.claimUrl,
    qr_png_url: `${apiBase}/v1/recapture/links/${link.id}/qr.png`,
    delivery: link.delivery,
    message: JSON.parse(link.message),
    message_audit: JSON.parse(link.messageAudit),
    capture_id: link.captureId,
    delivery_status: message,
    expires_at: link.expiresAt,
    created_at: link.createdAt,
  }) as RecaptureLinkBody;
}

/** An ISO 8601 duration (PTnHnMnS) of `ms`. */
export function isoDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s % 60 || (!h && !m) ? `${s % 60}S` : ''}`;
  return `PT${parts}`;
}

/**
 * The RecaptureCapture. `apiBase` is the scheme and host its C2PA summary is read from
 * (`manifest_url`): the request's own, or for an event the host the link was minted through.
 */
export function captureView(capture: StoredCapture, link: StoredLink | undefined, apiBase?: string): RecaptureCaptureBody {
  const evidence = capture.status === 'completed' && capture.evidence ? (JSON.parse(capture.evidence) as Json) : {};
  const c2pa = evidence.c2pa && apiBase ? { ...(evidence.c2pa as Json), manifest_url: `${apiBase}/v1/recapture/captures/${capture.id}/c2pa` } : evidence.c2pa;
  return omitAbsent({
    id: capture.id,
    object: 'recapture_capture',
    status: capture.status,
    link_id: capture.linkId,
    document_id: capture.documentId,
    recaptured_document_id: capture.recapturedDocumentId,
    external_ref: capture.externalRef,
    captured_at: capture.capturedAt,
    response_time: link ? isoDuration(Date.parse(capture.capturedAt) - Date.parse(link.createdAt)) : undefined,
    device: capture.device,
    photo_count: capture.photoCount,
    headline: evidence.headline,
    c2pa,
    signal_groups: evidence.signal_groups,
    contradicts_original: evidence.contradicts_original,
  }) as RecaptureCaptureBody;
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

/** The record of a message's delivery row. */
export function messageRecordOf(d: Delivery): MessageRecord {
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
