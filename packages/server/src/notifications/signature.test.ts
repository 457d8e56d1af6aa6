// Webhook signatures, checked by a verifier nobody here wrote: Stripe's own webhook verification
// (the same `t=,v1=` scheme) accepts what `signWebhook` makes and refuses a changed body, another
// secret and a stale timestamp; `verifyWebhook` (the receiver's side documented in the README)
// agrees with it.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './signature.js';
import { deliveryHeaders } from './webhook-sender.js';

const stripe = new Stripe('sk_test_unused');
const secret = 'whsec_0123456789abcdef0123456789abcdef0123456789abcdef';
const body = JSON.stringify({ id: 'evt_1', type: 'document.completed', created_at: '2026-11-23T10:00:00.000Z', data: { id: 'doc_1' } });
const t = 1_795_000_000;

describe('webhook signatures', () => {
  it('are accepted by Stripe’s verifier and refused when anything changes', () => {
    const header = signWebhook(secret, body, t);
    expect(header).toMatch(/^t=1795000000,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.constructEvent(body, header, secret, 300, undefined, (t + 10) * 1000)).toMatchObject({ id: 'evt_1', type: 'document.completed' });
    expect(() => stripe.webhooks.constructEvent(`${body} `, header, secret, 300, undefined, t * 1000)).toThrow();
    expect(() => stripe.webhooks.constructEvent(body, header, `${secret}x`, 300, undefined, t * 1000)).toThrow();
    expect(() => stripe.webhooks.constructEvent(body, header, secret, 300, undefined, (t + 301) * 1000)).toThrow(/tolerance/);
    expect(verifyWebhook(secret, body, header, t + 300)).toBe(true);
    expect(verifyWebhook(secret, body, header, t + 301)).toBe(false);
    expect(verifyWebhook(secret, `${body} `, header, t)).toBe(false);
    expect(verifyWebhook(secret, body, `t=${t},v1=${'0'.repeat(64)},v1=${header.split('v1=')[1]}`, t)).toBe(true);
    expect(verifyWebhook(secret, body, 'nonsense', t)).toBe(false);
  });

  it('sign every attempt afresh, and add the Recapture-* twins to re-capture events until 2026-12-31', () => {
    const delivery = {
      id: 'dlv_1',
      eventId: 'evt_1',
      accountId: 'usr_1',
      environment: 'production' as const,
      type: 'recapture.capture.completed',
      body,
      targetUrl: 'https://hooks.example.com/',
      state: 'pending' as const,
      attempts: 1,
      nextAttemptAt: null,
      lastStatus: null,
      lastError: null,
      lastResponse: null,
      createdAt: 'x',
      deliveredAt: null,
    };
    const before = deliveryHeaders(delivery, secret, 2, new Date('2026-12-31T23:59:59Z'));
    expect(before).toMatchObject({
      'x-service-event-id': 'evt_1',
      'x-service-event-type': 'recapture.capture.completed',
      'x-service-delivery-attempt': '2',
      'x-service-env': 'production',
      'recapture-event-id': 'evt_1',
      'recapture-signature': before['x-service-signature'],
      'user-agent': expect.stringMatching(/\/1\.1\b/),
    });
    const after = deliveryHeaders(delivery, secret, 3, new Date('2027-01-01T00:00:01Z'));
    expect(after['x-service-signature']).not.toBe(before['x-service-signature']);
    expect('recapture-signature' in after).toBe(false);
    expect('recapture-event-id' in deliveryHeaders({ ...delivery, type: 'document.completed' }, secret, 1, new Date('2026-11-23T00:00:00Z'))).toBe(false);
    // a receiver serving both environments tells their deliveries apart
    expect(deliveryHeaders({ ...delivery, environment: 'sandbox' }, secret, 1, new Date('2026-11-23T00:00:00Z'))['x-service-env']).toBe('sandbox');
  });
});
