// Generated requests against every operation of both listeners, read from their own OpenAPI
// documents: random path parameters (over-long, percent-broken, traversal-looking), query values,
// JSON and multipart bodies, content types and keys (valid, of the other environment, malformed,
// none, in the query), sent over real HTTP on loopback. Whatever arrives, the service answers with
// no 5xx, an `x-request-id`, the envelope of the API that owns the path, and no state change from
// a refused request (no credit, ledger row or document appears). Bounded for CI; `npm run fuzz`
// runs longer (FUZZ_RUNS).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mutate, mutations } from '@loupe/fixtures/fuzz-inputs';
import { answerOf } from '@loupe/fixtures/http-answer';
import { createNodeEngine, createNodeMediaEngine } from '@loupe/node';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const dir = mkdtempSync(join(tmpdir(), 'loupe-fuzz-'));
const engine = createNodeEngine({ ocr: false });
const mediaEngine = createNodeMediaEngine();
let server: LoupeServer;
let live = '';
let sandbox = '';
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;

interface Operation {
  base: 'live' | 'sandbox';
  method: string;
  path: string;
  json: boolean;
  multipart: boolean;
}
const operations: Operation[] = [];

const DOCUMENT_PREFIXES = ['/v1/documents', '/v1/loans', '/v1/audit-reports', '/v1/recapture', '/v1/verifi'];

/** The media API's paths under /v1 (any method). */
const MEDIA_V1 = /^\/v1\/(detections(\/[^/]+)?|detect\/[^/]+)\/?$/;

/**
 * The envelope a path's owner answers in; `key`, the key sent: an unknown path under /v1 sent with
 * a document key is the document contract's (only it defines unknown routes).
 */
function ownerOf(base: Operation['base'], path: string, key?: string): 'document' | 'media' | 'claim' {
  if (path.startsWith('/c/')) return 'claim';
  if (base === 'sandbox' || DOCUMENT_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`))) return 'document';
  if (path.startsWith('/v1/') && !MEDIA_V1.test(path) && /^sk_(live|test)_/.test(key ?? '')) return 'document';
  return 'media';
}

function shaped(owner: ReturnType<typeof ownerOf>, body: unknown): boolean {
  if (!body || typeof body !== 'object') return false;
  const b = body as Record<string, unknown>;
  if (owner === 'claim') return typeof b.message === 'string';
  if (owner === 'document') {
    const error = b.error as Record<string, unknown> | undefined;
    return Object.keys(b).join() === 'error' && !!error && ['type', 'code', 'message', 'doc_url'].every((k) => typeof error[k] === 'string');
  }
  // the media API's object and string forms, and its 429 body (no `success`)
  return (b.success === false && b.error !== undefined) || b.error === 'RATE_LIMITED';
}

const segment = fc.oneof(
  fc.constantFrom('doc_000000000000000000000000', 'loan-1', 'rcl_x', 'rpt_x', 'key_x', 'det_x', '..', '%2e%2e', '%E0%A4%A', 'x'.repeat(300)),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const queryValue = fc.oneof(fc.constantFrom('true', 'false', '0', '-1', '101', '25', 'full', 'summary', 'CLEAN', '', '%zz'), fc.string({ maxLength: 20 }));
const jsonBody = fc.oneof(
  fc.json({ maxDepth: 3 }),
  fc.constantFrom('', '{', 'null', '[]', '{"file_url":"ftp://x/y"}', '{"url":5}', '{"options":{"models":["nope"]}}', '{"disposition":"cleared"}'),
  // nesting as deep as the 1 MB body limit allows, at the top and inside a field the schemas read
  fc.constantFrom('['.repeat(400_000) + ']'.repeat(400_000), `{"options":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`),
  fc
    .dictionary(
      fc.constantFrom('file_url', 'url', 'options', 'external_ref', 'document_ids', 'format', 'disposition', 'expected_total', 'api_key', 'message'),
      fc.jsonValue({ maxDepth: 2 }),
    )
    .map((o) => JSON.stringify(o)),
);

interface Sent {
  method: string;
  url: string;
  owner: ReturnType<typeof ownerOf>;
  init: RequestInit;
}

const request = fc
  .record({
    op: fc.nat(),
    params: fc.array(segment, { minLength: 4, maxLength: 4 }),
    query: fc.option(fc.dictionary(fc.constantFrom('limit', 'view', 'wait', 'sig', 'verdict', 'sort', 'offset', 'api_key'), queryValue, { maxKeys: 3 })),
    // mostly the right key, so requests get past authentication to the parsers and use cases
    keyChoice: fc.oneof(
      { arbitrary: fc.constant('right' as const), weight: 6 },
      fc.constantFrom('other' as const, 'media' as const, 'garbage' as const, 'none' as const),
    ),
    idempotency: fc.option(fc.constantFrom('k-1', 'k-2', ''), { nil: undefined }),
    bodyKind: fc.constantFrom('json', 'multipart', 'mangled', 'text', 'none'),
    // a well-formed multipart body, then broken by the readers' fuzzing mutations (the multipart reader's own fuzzing)
    mangling: mutations,
    json: jsonBody,
    bytes: fc.uint8Array({ maxLength: 256 }),
    fileField: fc.constantFrom('file', 'files', 'api_key'),
    fileCount: fc.integer({ min: 0, max: 2 }),
  })
  .map((r): Sent => {
    const op = operations[r.op % operations.length]!;
    let i = 0;
    const path = op.path.replace(/\{[^}]+\}/g, () => r.params[i++ % r.params.length]!);
    const query = r.query ? `?${new URLSearchParams(r.query).toString()}` : '';
    const base = op.base === 'live' ? live : sandbox;
    const headers: Record<string, string> = {};
    const right = ownerOf(op.base, path) === 'document' ? (op.base === 'live' ? keys.live_key : keys.test_key) : keys.media_key;
    const key = { right, other: op.base === 'live' ? keys.test_key : keys.live_key, media: keys.media_key, garbage: 'sk_garbage', none: undefined }[
      r.keyChoice
    ];
    if (key) headers['x-api-key'] = key;
    if (r.idempotency !== undefined) headers['idempotency-key'] = r.idempotency;
    let body: string | FormData | Uint8Array | undefined;
    if (op.method !== 'GET' && op.method !== 'HEAD') {
      if (r.bodyKind === 'json') {
        headers['content-type'] = 'application/json';
        body = r.json;
      } else if (r.bodyKind === 'multipart') {
        const form = new FormData();
        for (let n = 0; n < r.fileCount; n++) form.append(r.fileField, new Blob([new Uint8Array(r.bytes)]), `f${n}.pdf`);
        form.append('options', r.json);
        body = form;
      } else if (r.bodyKind === 'mangled') {
        headers['content-type'] = 'multipart/form-data; boundary=fuzzb';
        const part = (name: string, value: string, file?: string): string =>
          `--fuzzb\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}\r\n`;
        const valid = `${part('options', r.json)}${part(r.fileField, String.fromCharCode(...r.bytes), 'a.pdf')}--fuzzb--\r\n`;
        body = mutate(new TextEncoder().encode(valid), r.mangling);
      } else if (r.bodyKind === 'text') {
        headers['content-type'] = 'text/plain';
        body = r.json;
      }
    }
    // the client normalises the path (`..`, `%2e%2e`) before it leaves: the owner is decided on what is sent
    const url = `${base}${path}${query}`;
    return {
      method: op.method,
      url,
      owner: ownerOf(op.base, new URL(url).pathname, key),
      init: { method: op.method, headers, ...(body === undefined ? {} : { body }) },
    };
  });

const send = (sent: Sent) => answerOf(sent.url, sent.init);

beforeAll(async () => {
  server = await createServer({
    dataDir: dir,
    port: 0,
    sandboxPort: 0,
    ytDlp: false,
    detectionsPerMinute: 100_000,
    scanRunner: { scan: (b, i) => engine.scanDetailed(b, i) },
    runner: { detect: (b, i) => mediaEngine.detect(b, i) },
  });
  ({ url: live, sandboxUrl: sandbox } = await server.listen());
  keys = await createAccountWithKeys(server.store, { email: 'fuzz@example.com', credits: 3 });
  for (const [name, base] of [
    ['live', live],
    ['sandbox', sandbox],
  ] as const) {
    const doc = (await (await fetch(`${base}/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>>;
    };
    for (const [path, ops] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(ops)) {
        if (path === '/mcp') continue; // JSON-RPC: its transport has its own fuzzing in the MCP SDK
        const content = op.requestBody?.content ?? {};
        operations.push({ base: name, method: method.toUpperCase(), path, json: 'application/json' in content, multipart: 'multipart/form-data' in content });
      }
  }
});

afterAll(async () => {
  await server?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('generated requests against every operation', () => {
  it("never answer 5xx, always carry x-request-id and the owner's envelope, and change nothing when refused", async () => {
    expect(operations.length).toBeGreaterThan(40);
    const before = await server.store.credits.ledger(keys.id, 100, 0);
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(request, async (sent) => {
        const answer = await send(sent);
        const what = `${sent.method} ${sent.url.slice(0, 120)} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`;
        expect(answer.status, what).toBeLessThan(500);
        expect(answer.headers.get('x-request-id'), what).toMatch(/^req_[0-9a-f]{16}$/);
        if (answer.status >= 400) expect(shaped(sent.owner, answer.body), what).toBe(true);
        else accepted++;
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 20261126) },
    );
    // random bytes never make a billable detection: the ledger holds the signup grant only
    const after = await server.store.credits.ledger(keys.id, 100, 0);
    expect(after.total).toBe(before.total);
    expect((await server.store.accounts.accountById(keys.id))?.balance).toBe(3);
    expect(accepted).toBeGreaterThan(0);
  });

  it('run parallel retries with one key once: one document and one answer for them all', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 5 }), fc.uuid(), async (copies, key) => {
        const attempt = () => {
          const form = new FormData();
          form.append('file', new Blob([new Uint8Array(pdf)]), `retry-${key}.pdf`);
          return fetch(`${live}/v1/documents`, { method: 'POST', headers: { 'x-api-key': keys.live_key, 'idempotency-key': key }, body: form });
        };
        const answers = await Promise.all(Array.from({ length: copies }, attempt));
        const bodies = (await Promise.all(answers.map((a) => a.json()))) as { id?: string }[];
        expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
        expect(answers.filter((a) => a.headers.get('idempotency-replayed') === 'true')).toHaveLength(copies - 1);
        const documents = await server.store.documents.listDocuments(keys.id, 'production', { limit: 100 });
        expect(documents.documents.filter((d) => d.fileName === `retry-${key}.pdf`)).toHaveLength(1);
      }),
      { numRuns: Math.max(3, Math.round(RUNS / 20)), seed: Number(process.env.FUZZ_SEED ?? 20261126) },
    );
  });
});
