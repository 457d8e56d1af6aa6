// The Loupe service in one process on the embedded store: the SQLite store and the blob folder
// under the data folder, the media engines on a worker-thread pool, and two listeners — the
// production API and the sandbox API (the document API's `sk_test_` environment; media sandbox
// keys are a property of the key and work on the production listener). Shutdown stops accepting,
// lets running requests finish, then closes the pool and the store.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { ENGINE_VERSION, MAX_FILE_BYTES } from '@loupe/core';
import { createFfmpegMediaDecoder, createNodePool } from '@loupe/node';
import type { Pool } from '@loupe/worker';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { sessionSecret } from './auth/sessions.js';
import { createApp } from './http/app.js';
import { allowRanges, createEgress, egressAllowFromEnv } from './http/egress.js';
import { type EgressProxy, startEgressProxy } from './http/egress-proxy.js';
import { createYtDlpResolver, ytDlpInstalled } from './media/yt-dlp-resolver.js';
import { LINK_MAX_BYTES, type LinkResolver } from './media/links.js';
import { type DetectionRunner, detectionService } from './media/detections.js';
import { mediaRoutes } from './media/routes.js';
import { mcpRoutes } from './mcp/mcp-route.js';
import { publishedRoutes } from './media/published-routes.js';
import type { BlobStore } from './store/blob-store.js';
import { createFileBlobStore } from './store/file-blob-store.js';
import { openSqliteStore } from './store/sqlite/sqlite-store.js';
import type { Environment, Store } from './store/store.js';
import { type ScanRunner, startAnalysisRunner } from './documents/analysis-runner.js';
import { FinishSignal } from './documents/finish-signal.js';
import { startWebhookSender } from './webhooks/delivery.js';
import { generateReport, type PageRenderer } from './reports/generate.js';
import { captureSigner } from './recapture/c2pa.js';
import { completeCaptures } from './recapture/complete.js';
import { claimPage } from './recapture/claim-page.js';
import { documentRoutes, isDocumentPath } from './documents/routes.js';

/** Options of a Loupe server. */
export interface ServerOptions {
  /** The data folder: `loupe.db`, `blobs/`, `session.key`. */
  dataDir: string;
  host?: string;
  port?: number;
  sandboxPort?: number;
  logger?: FastifyServerOptions['logger'];
  /** Runs detections (default: a pool of worker threads running the Node media engine). */
  runner?: DetectionRunner;
  /** Runs document scans (default: the same worker pool). */
  scanRunner?: ScanRunner;
  /** Renders PDF pages for audit reports (default: the same worker pool). */
  renderer?: PageRenderer;
  /** Worker threads of the default pool (default: cores less one). */
  workers?: number;
  /** Time limit per detection on the default pool (default 300 s). */
  timeoutMs?: number;
  /** Requests per minute per key on POST /v1/detections (default 100). */
  detectionsPerMinute?: number;
  /** CIDR ranges outbound fetches may reach besides public addresses (default: `LOUPE_EGRESS_ALLOW`). */
  egressAllow?: readonly string[];
  /** Time limit of a link fetch (default 60 s). */
  linkTimeoutMs?: number;
  /** Video pages to media (default: yt-dlp through the egress proxy when it is installed, else none: page links answer 501). */
  resolver?: LinkResolver;
  /** Use yt-dlp when it is installed (default true). */
  ytDlp?: boolean;
  /** The scheme and host of the borrower's capture page in link URLs (default: the host a link is minted through). */
  claimUrl?: string;
  /** How often the webhook sender looks at the outbox when idle (default 1 s). */
  webhookPollMs?: number;
  /** The store (default: SQLite in the data folder). */
  store?: Store;
  now?: () => Date;
}

/** A running (or ready to run) server. */
export interface LoupeServer {
  app: FastifyInstance;
  sandbox: FastifyInstance;
  store: Store;
  blobs: BlobStore;
  sessionSecret: Uint8Array;
  /** Starts both listeners; answers their base URLs. */
  listen(): Promise<{ url: string; sandboxUrl: string }>;
  /** Stops accepting, finishes running requests, closes the pool and the store. */
  close(): Promise<void>;
}

/** Builds the server. */
export async function createServer(options: ServerOptions): Promise<LoupeServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const store = options.store ?? openSqliteStore({ path: join(options.dataDir, 'loupe.db'), ...(options.now ? { now: options.now } : {}) });
  await store.releaseAllReservations();
  const blobs = createFileBlobStore(join(options.dataDir, 'blobs'));
  const secret = sessionSecret(options.dataDir);
  const signer = await captureSigner(join(options.dataDir, 'c2pa'));
  let pool: Pool | undefined;
  const sharedPool = (): Pool => {
    pool ??= createNodePool({ ...(options.workers ? { size: options.workers } : {}), timeoutMs: options.timeoutMs ?? 300_000, maxQueue: 256 });
    return pool;
  };
  const runner: DetectionRunner = options.runner ?? { detect: (bytes, input) => sharedPool().run('detect', bytes, input) };
  const scanRunner: ScanRunner = options.scanRunner ?? { scan: (bytes, input) => sharedPool().run('scan', bytes, input) };
  const detections = detectionService({ store, runner, decoder: createFfmpegMediaDecoder(), ...(options.now ? { now: options.now } : {}) });
  const logger = options.logger ?? false;
  let closed = false;
  const draining = (): boolean => closed;
  const app = await createApp({ version: ENGINE_VERSION, logger, draining, documentPath: (url) => isDocumentPath(url, 'production') });
  let proxy: Promise<EgressProxy> | undefined;
  const resolver =
    options.resolver ??
    (options.ytDlp !== false && ytDlpInstalled()
      ? createYtDlpResolver({
          proxyUrl: async () => {
            proxy ??= startEgressProxy(options.egressAllow ?? egressAllowFromEnv());
            return (await proxy).url;
          },
          decoder: createFfmpegMediaDecoder(),
          maxBytes: LINK_MAX_BYTES,
          timeoutMs: options.linkTimeoutMs ?? 120_000,
        })
      : undefined);
  const egress = createEgress({
    maxBytes: LINK_MAX_BYTES,
    timeoutMs: options.linkTimeoutMs ?? 60_000,
    ...(options.egressAllow ? { allow: options.egressAllow } : {}),
  });
  mediaRoutes(app, {
    store,
    detections,
    sessionSecret: secret,
    egress,
    ...(resolver ? { resolver } : {}),
    ...(options.detectionsPerMinute ? { detectionsPerMinute: options.detectionsPerMinute } : {}),
  });
  publishedRoutes(app, { store, detections });
  mcpRoutes(app, { store, detections, egress, ...(resolver ? { resolver } : {}) });
  const finishes = new FinishSignal();
  const now = options.now ?? (() => new Date());
  const webhookEgress = createEgress({
    maxBytes: 64 * 1024,
    timeoutMs: 5_000,
    maxRedirects: 0,
    ...(options.egressAllow ? { allow: options.egressAllow } : {}),
  });
  const webhooks = startWebhookSender({
    store,
    post: webhookEgress.post,
    now,
    ...(options.webhookPollMs ? { pollMs: options.webhookPollMs } : {}),
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const renderer: PageRenderer = options.renderer ?? { render: (bytes, input) => sharedPool().run('render', bytes, input) };
  const analyses = await startAnalysisRunner({
    now,
    otherJobs: (job) => generateReport(job, { store, blobs, renderer, now }),
    onOtherFinished: () => webhooks.notify(),
    onFinished: (id) => {
      // a finished re-captured document completes its capture (its event in the same transaction)
      void completeCaptures(store, signer, blobs, now)
        .catch((error) => app.log.error({ err: error }, 'could not complete a capture'))
        .finally(() => {
          finishes.fire(id);
          webhooks.notify();
        });
    },
    store,
    blobs,
    runner: scanRunner,
    concurrency: options.workers ?? 2,
    log: (message, error) => app.log.error({ err: error }, message),
  });
  const documentEgress = createEgress({ maxBytes: MAX_FILE_BYTES, timeoutMs: 60_000, ...(options.egressAllow ? { allow: options.egressAllow } : {}) });
  await completeCaptures(store, signer, blobs, now); // captures a restart interrupted
  const documents = (environment: Environment) => ({
    store,
    blobs,
    environment,
    egress: documentEgress,
    egressAllow: allowRanges(options.egressAllow ?? egressAllowFromEnv()),
    notify: analyses.notify,
    finishes,
    notifyEvents: webhooks.notify,
    renderer,
    signer,
    ...(options.claimUrl ? { claimBase: options.claimUrl.replace(/\/$/, '') } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  documentRoutes(app, documents('production'));
  const claim = { store, blobs, signer, now, notify: analyses.notify };
  claimPage(app, claim);
  const sandbox = await createApp({ version: ENGINE_VERSION, logger, draining, documentPath: (url) => isDocumentPath(url, 'sandbox') });
  documentRoutes(sandbox, documents('sandbox'));
  claimPage(sandbox, claim);
  sandbox.get('/health', { schema: { tags: ['service'] } }, async () => ({ status: 'ok' }));
  return {
    app,
    sandbox,
    store,
    blobs,
    sessionSecret: secret,
    async listen() {
      const host = options.host ?? '127.0.0.1';
      const url = await app.listen({ host, port: options.port ?? 8080 });
      const sandboxUrl = await sandbox.listen({ host, port: options.sandboxPort ?? 8081 });
      return { url, sandboxUrl };
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([app.close(), sandbox.close()]);
      await analyses.stop();
      await webhooks.stop();
      await pool?.close();
      await (await proxy)?.close();
      await store.close();
    },
  };
}
