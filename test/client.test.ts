// @loupe/client against a real server on loopback: typed calls to both APIs, submitting and
// waiting for a document, walking a listing, a retry after a lost answer made once, webhook
// signatures, and the generated types matching the server's OpenAPI document (no drift).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { allDocuments, createLoupeClient, LoupeApiError, submitDocument, verifyWebhookSignature, waitForDocument, withRetries } from '@loupe/client';
import { type LoopbackServer, loopbackServer } from '@loupe/fixtures/loopback-server';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { createAccountWithKeys, signWebhook } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedTypes } from '../packages/client/scripts/openapi-types.js';

let running: LoopbackServer;
let url: string;
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;

beforeAll(async () => {
  running = await loopbackServer();
  url = running.url;
  keys = await createAccountWithKeys(running.server.store, { email: 'client@example.com', credits: 5 });
});
afterAll(() => running.close());

describe('@loupe/client', () => {
  it('submits a file, waits for its verdict, and reads the loan through typed calls', async () => {
    const client = createLoupeClient({ baseUrl: url, apiKey: keys.live_key });
    const submitted = await submitDocument(
      client,
      { bytes: await makeStatement({ seed: 71 }), name: 'client.pdf' },
      { options: { external_ref: 'loan-client' } },
    );
    expect(submitted).toMatchObject({ object: 'document', status: 'processing' });
    const done = await waitForDocument(client, submitted.id, { intervalMs: 50 });
    expect(done).toMatchObject({ id: submitted.id, status: 'completed', verdict: expect.any(String) });
    const loan = await client.GET('/v1/loans/{external_ref}', { params: { path: { external_ref: 'loan-client' } } });
    expect(loan.data?.documents_total).toBe(1);
    // a refusal is an error with the contract's body and the request id
    const missing = await client.GET('/v1/documents/{id}', { params: { path: { id: 'doc_missing' } } });
    expect(missing.response.status).toBe(404);
    await expect(waitForDocument(client, 'doc_missing')).rejects.toMatchObject({ status: 404, requestId: expect.stringMatching(/^req_/) });
    await expect(waitForDocument(client, 'doc_missing')).rejects.toBeInstanceOf(LoupeApiError);
    // the media API with a media key
    const media = createLoupeClient({ baseUrl: url, apiKey: keys.media_key });
    expect((await media.GET('/users/credits')).data).toMatchObject({ success: true, balance: 5 });
  });

  it('retries a submission whose answer was lost with the same Idempotency-Key: one document', async () => {
    let calls = 0;
    const losing: typeof fetch = async (input, init) => {
      const answer = await fetch(input, init);
      calls++;
      if (calls === 1) throw new TypeError('the connection dropped before the answer arrived');
      return answer;
    };
    const client = createLoupeClient({ baseUrl: url, apiKey: keys.live_key, fetch: losing });
    const bytes = await makeStatement({ seed: 72 });
    const document = await withRetries(
      (idempotencyKey) => submitDocument(client, { bytes, name: 'retry.pdf' }, { options: { external_ref: 'loan-retry' }, idempotencyKey }),
      {
        backoffMs: 10,
      },
    );
    expect(calls).toBe(2);
    const listed = [];
    for await (const d of allDocuments(createLoupeClient({ baseUrl: url, apiKey: keys.live_key }), { external_ref: 'loan-retry' })) listed.push(d.id);
    expect(listed).toEqual([document.id]);
  });

  it('walks every page of a listing, newest first', async () => {
    const client = createLoupeClient({ baseUrl: url, apiKey: keys.live_key });
    const ids: string[] = [];
    for (const seed of [73, 74, 75])
      ids.push((await submitDocument(client, { bytes: await makeStatement({ seed }), name: `p${seed}.pdf` }, { options: { external_ref: 'loan-pages' } })).id);
    const walked: string[] = [];
    for await (const d of allDocuments(client, { external_ref: 'loan-pages', pageSize: 1 })) walked.push(d.id);
    expect(walked).toEqual([...ids].reverse());
  });

  it('checks webhook signatures: the right secret within the tolerance, nothing else', async () => {
    const body = '{"id":"evt_1","type":"document.completed"}';
    const now = Math.floor(Date.now() / 1000);
    const header = signWebhook(keys.webhook_secret, body, now);
    expect(await verifyWebhookSignature(keys.webhook_secret, header, body)).toBe(true);
    expect(await verifyWebhookSignature(keys.webhook_secret, header, `${body} `)).toBe(false);
    expect(await verifyWebhookSignature('whsec_other', header, body)).toBe(false);
    expect(await verifyWebhookSignature(keys.webhook_secret, signWebhook(keys.webhook_secret, body, now - 301), body)).toBe(false);
    expect(await verifyWebhookSignature(keys.webhook_secret, `t=${now},v1=zz,${header.split(',')[1]}`, body)).toBe(true);
  });

  it("is generated from the server's own OpenAPI document: the committed types are current", async () => {
    const committed = readFileSync(join(import.meta.dirname, '..', 'packages', 'client', 'src', 'generated', 'loupe-api.generated.ts'), 'utf8');
    expect(await generatedTypes()).toBe(committed);
  });
});
