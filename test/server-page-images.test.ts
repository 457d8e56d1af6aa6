// `GET /v1/documents/{id}/pages/{page}` (a Loupe extension the console draws regions on): a PDF
// page rendered to PNG at 100 dpi, a JPEG upload answered as stored, owner-only, pages outside the
// file 404, bytes the blob store no longer holds 409 `file_not_retained`, in the document envelope.
import { createLoupeClient, type LoupeClient, submitDocument, waitForDocument } from '@loupe/client';
import { captureDocument } from '@loupe/fixtures/document-photos';
import { type LoopbackServer, loopbackServer } from '@loupe/fixtures/loopback-server';
import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { createAccountWithKeys } from '@loupe/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let running: LoopbackServer;
let owner: LoupeClient;
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;
let stranger: Awaited<ReturnType<typeof createAccountWithKeys>>;

beforeAll(async () => {
  running = await loopbackServer();
  keys = await createAccountWithKeys(running.server.store, { email: 'pages@example.com' });
  stranger = await createAccountWithKeys(running.server.store, { email: 'other@example.com' });
  owner = createLoupeClient({ baseUrl: running.url, apiKey: keys.live_key });
});
afterAll(() => running.close());

const page = (id: string, n: number, key = keys.live_key) => fetch(`${running.url}/v1/documents/${id}/pages/${n}`, { headers: { 'x-api-key': key } });

describe('page images', () => {
  it('renders a PDF page to PNG for its owner only, and refuses pages outside the file', async () => {
    const doc = await submitDocument(owner, { bytes: await makeStatement({ seed: 91, pages: 2 }), name: 'two-pages.pdf' });
    await waitForDocument(owner, doc.id, { intervalMs: 50 });
    const second = await page(doc.id, 2);
    expect(second.status).toBe(200);
    expect(second.headers.get('content-type')).toBe('image/png');
    const png = new Uint8Array(await second.arrayBuffer());
    expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    // US Letter at 100 dpi: 850 pixels wide (IHDR width, big-endian at byte 16)
    expect(new DataView(png.buffer).getUint32(16)).toBeGreaterThan(800);
    const beyond = await page(doc.id, 3);
    expect(beyond.status).toBe(404);
    expect(await beyond.json()).toMatchObject({ error: { code: 'not_found', message: 'The document has 2 pages.' } });
    expect((await page(doc.id, 0)).status).toBe(400);
    expect((await page(doc.id, 1, stranger.live_key)).status).toBe(404);
    expect((await fetch(`${running.url}/v1/documents/${doc.id}/pages/1`)).status).toBe(401);
    // the sandbox does not see production documents
    expect((await fetch(`${running.sandboxUrl}/v1/documents/${doc.id}/pages/1`, { headers: { 'x-api-key': keys.test_key } })).status).toBe(404);
  });

  it('answers a JPEG upload as stored, and 409 once its bytes are gone', async () => {
    const photo = await captureDocument({ kind: 'photo', seed: 92 });
    const doc = await submitDocument(owner, { bytes: photo.bytes, name: 'photo.jpg' });
    await waitForDocument(owner, doc.id, { intervalMs: 50 });
    const first = await page(doc.id, 1);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(photo.bytes);
    expect((await page(doc.id, 2)).status).toBe(404);
    await running.server.blobs.delete(doc.file!.sha256);
    const gone = await page(doc.id, 1);
    expect(gone.status).toBe(409);
    expect(await gone.json()).toMatchObject({ error: { code: 'file_not_retained' } });
  });
});
