// Webhook signatures: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` keyed with the
// account's signing secret (the scheme Stripe uses, so its libraries verify Loupe's webhooks), and
// the receiver's side of it: constant-time comparison and a tolerance on the timestamp.
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The signature header value for `body` at `unixSeconds`. */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * True when `header` signs `body` with `secret` and its timestamp is within `toleranceS` of
 * `nowS` (any one `v1` matching is enough, so a sender may sign with two secrets while rotating).
 */
export function verifyWebhook(secret: string, body: string, header: string, nowS: number, toleranceS = 300): boolean {
  const parts = header.split(',').map((p) => p.trim().split('='));
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(signWebhook(secret, body, t).split('v1=')[1]!, 'hex');
  return parts.filter(([k, v]) => k === 'v1' && v && /^[0-9a-f]{64}$/.test(v)).some(([, v]) => timingSafeEqual(Buffer.from(v!, 'hex'), expected));
}
