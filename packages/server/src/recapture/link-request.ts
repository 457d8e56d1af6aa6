// A re-capture link request, validated as the spec's table says: the borrower's contact (E.164
// phone, e-mail, BCP 47 locale; production needs a phone or an e-mail for every delivery), the
// message (template id recorded, body authoritative, at most 1,000 characters), the delivery
// and what it needs, `expires_in` (PnD, PTnH or PTnHnM; positive; at most P7D; default PT48H) and
// `acknowledge_disclosure`.

import { type RecaptureDelivery, RecaptureDeliverySchema } from '@loupe/core';
import { defined } from '@loupe/core/internal';
import { documentError } from '../http/errors/document-errors.js';
import type { Environment } from '../store/store.js';
import { TEMPLATES } from './templates.js';

/** A validated request. */
export interface LinkRequest {
  documentId: string;
  borrower?: { display_name?: string; phone?: string; email?: string; locale: string };
  message: { template_id?: string; body: string };
  delivery: RecaptureDelivery;
  expiresInMs: number;
  acknowledgeDisclosure: boolean;
}

const bad = (message: string) => documentError('invalid_request', message);
const DAY = 24 * 3600 * 1000;
const KEYS = new Set(['document_id', 'borrower', 'message', 'delivery', 'expires_in', 'acknowledge_disclosure']);

/** Milliseconds of an `expires_in` (undefined when malformed). */
export function durationMs(value: string): number | undefined {
  const m = /^P(?:(\d{1,3})D|T(\d{1,4})H(?:(\d{1,4})M)?)$/.exec(value);
  if (!m) return undefined;
  if (m[1] !== undefined) return Number(m[1]) * DAY;
  return Number(m[2]) * 3600 * 1000 + Number(m[3] ?? 0) * 60 * 1000;
}

/** Parses a POST /recapture/links body. */
export function parseLinkRequest(body: unknown, environment: Environment): LinkRequest {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw bad('Send JSON {document_id, borrower, message, delivery, expires_in, acknowledge_disclosure}.');
  const b = body as Record<string, unknown>;
  const unknown = Object.keys(b).filter((k) => !KEYS.has(k));
  if (unknown.length > 0) throw bad(`Unknown field ${unknown.join(', ')}.`);
  if (typeof b.document_id !== 'string' || b.document_id.length === 0) throw bad('document_id is required.');

  let borrower: LinkRequest['borrower'];
  if (b.borrower !== undefined) {
    if (!b.borrower || typeof b.borrower !== 'object' || Array.isArray(b.borrower)) throw bad('borrower is an object {display_name, phone, email, locale}.');
    const o = b.borrower as Record<string, unknown>;
    const extra = Object.keys(o).filter((k) => !['display_name', 'phone', 'email', 'locale'].includes(k));
    if (extra.length > 0) throw bad(`Unknown borrower field ${extra.join(', ')}.`);
    borrower = { locale: 'en-US' };
    if (o.display_name !== undefined) {
      if (typeof o.display_name !== 'string' || o.display_name.length === 0 || o.display_name.length > 128)
        throw bad('borrower.display_name is 1 to 128 characters.');
      borrower.display_name = o.display_name;
    }
    if (o.phone !== undefined) {
      if (typeof o.phone !== 'string' || !/^\+[1-9]\d{6,14}$/.test(o.phone)) throw bad('borrower.phone is an E.164 number such as +14155550100.');
      borrower.phone = o.phone;
    }
    if (o.email !== undefined) {
      if (typeof o.email !== 'string' || o.email.length > 254 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(o.email)) throw bad('borrower.email is an e-mail address.');
      borrower.email = o.email;
    }
    if (o.locale !== undefined) {
      if (typeof o.locale !== 'string' || !/^[a-zA-Z]{2,3}(?:-[a-zA-Z0-9]{2,8})*$/.test(o.locale)) throw bad('borrower.locale is a BCP 47 tag such as en-US.');
      borrower.locale = o.locale;
    }
  }

  if (!b.message || typeof b.message !== 'object' || Array.isArray(b.message)) throw bad('message {template_id, body} is required.');
  const m = b.message as Record<string, unknown>;
  if (typeof m.body !== 'string' || m.body.trim().length === 0 || m.body.length > 1000) throw bad('message.body is a string of 1 to 1,000 characters.');
  const message: LinkRequest['message'] = { body: m.body };
  if (m.template_id !== undefined) {
    if (typeof m.template_id !== 'string' || !TEMPLATES.some((t) => t.id === m.template_id))
      throw documentError('not_found', `No template ${String(m.template_id)}; the templates are ${TEMPLATES.map((t) => t.id).join(', ')}.`);
    message.template_id = m.template_id;
  }

  const delivery = (b.delivery ?? 'link_only') as LinkRequest['delivery'];
  if (!RecaptureDeliverySchema.enum.includes(delivery)) throw bad('delivery is sms, email or link_only.');
  if (delivery === 'sms' && !borrower?.phone) throw bad('delivery sms needs borrower.phone.');
  if (delivery === 'email' && !borrower?.email) throw bad('delivery email needs borrower.email.');
  if (environment === 'production' && !borrower?.phone && !borrower?.email)
    throw bad('In production a link needs the borrower’s phone or e-mail, whatever the delivery.');

  let expiresInMs = 48 * 3600 * 1000;
  if (b.expires_in !== undefined) {
    const ms = typeof b.expires_in === 'string' ? durationMs(b.expires_in) : undefined;
    if (ms === undefined) throw bad('expires_in is an ISO 8601 duration: PnD, PTnH or PTnHnM.');
    if (ms <= 0) throw bad('expires_in must be positive.');
    if (ms > 7 * DAY) throw bad('expires_in is at most P7D.');
    expiresInMs = ms;
  }
  if (b.acknowledge_disclosure !== undefined && typeof b.acknowledge_disclosure !== 'boolean') throw bad('acknowledge_disclosure is true or false.');
  return {
    documentId: b.document_id,
    ...defined({ borrower }),
    message,
    delivery,
    expiresInMs,
    acknowledgeDisclosure: b.acknowledge_disclosure === true,
  };
}
