// The Loupe service: two listeners — the production API and the sandbox API (the document API's
// `sk_test_` environment; media sandbox keys are a property of the key and work on the production
// listener) — on a backend (backend.ts). Embedded, one process also does the work (analyses,
// reports, webhooks); with a database URL it is one of many stateless API processes and
// `loupe worker` processes do the work. Media detections run in the API process that takes them
// (the media API answers them synchronously). Shutdown stops accepting, lets running requests
// finish, then stops the work and closes the pool and the store.
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAX_FILE_BYTES } from '@loupe/core';
import { defined } from '@loupe/core/internal';
import { createFfmpegMediaDecoder, createNodePool } from '@loupe/node';
import { defaultPoolSize } from '@loupe/worker/node';
import type { FastifyBaseLogger } from 'fastify';
import { documentApi } from './apis/document-api.js';
import { openBackend, type SharedQueueOptions } from './backend.js';
import { consoleFiles, consoleSite } from './console/console-site.js';
import type { ScanRunner } from './documents/analysis-job.js';
import { earlyScans } from './documents/early-scans.js';
import { createApp, type LoupeApp } from './http/app.js';
import { sessionSecret } from './http/auth/sessions.js';
import { docs } from './http/docs.js';
import { allowRanges, createEgress, egressAllowFromEnv } from './http/egress/egress.js';
import { type EgressProxy, startEgressProxy } from './http/egress/egress-proxy.js';
import { documentEnvelope } from './http/errors/document-errors.js';
import { mediaEnvelope } from './http/errors/media-errors.js';
import { mcpApi } from './mcp/mcp-route.js';
import { detectionBudget } from './media/detection-budget.js';
import { type DetectionRunner, detectionService } from './media/detections.js';
import { LINK_MAX_BYTES, type LinkResolver } from './media/links.js';
import { mediaApi } from './media/media-api.js';
import { createYtDlpResolver, ytDlpInstalled } from './media/yt-dlp-resolver.js';
import { type MessagingOptions, messageChannels, messagingWithEnv } from './notifications/message-channels.js';
import { adminListener } from './ops/admin-listener.js';
import { jsonLogger } from './ops/json-logger.js';
import { queueFiguresOf, type ServiceMetrics, serviceMetrics } from './ops/metrics.js';
import { FinishSignal } from './queue/finish-signal.js';
import { captureSigner } from './recapture/c2pa.js';
import { claimPage } from './recapture/claim-page.js';
import type { PageRenderer } from './reports/generate.js';
import type { BlobStore } from './store/blob-store.js';
import type { Environment, Store } from './store/store.js';
import { lazyPool, startWork } from './work/start-work.js';

/** The server package's version (the OpenAPI document's `info.version`). */
const SERVER_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string }).version;
const PRODUCTION_DESCRIPTION =
  "The production listener: the media detection API (detections, the published detect routes, account, credits, keys, MCP at /mcp) at its root, and the document forensics API (documents, loans, audit reports, re-capture) under /v1/documents, /v1/loans, /v1/audit-reports and /v1/recapture with sk_live_ keys. Each answers errors in its own contract's envelope.";
const SANDBOX_DESCRIPTION =
  'The sandbox listener: the document forensics API (documents, loans, audit reports, re-capture, simulate-capture) with sk_test_ keys; every path answers in the document envelope.';

/** Options of a Loupe server. */
export interface ServerOptions {
  /** The data folder: `loupe.db`, `blobs/` (embedded), `session.key`, `c2pa/` (every process of a deployment shares these two). */
  dataDir: string;
  /** `postgres://...`: run as one API process of a shared deployment (state in PostgreSQL, work on pg-boss). */
  databaseUrl?: string;
  /** Work the queue in this process (default: embedded yes, shared no — `loupe worker` does it). */
  work?: boolean;
  /** Tuning of the shared queue. */
  queue?: SharedQueueOptions;
  /** Where borrowers' re-capture messages go (each missing option from its `LOUPE_*` variable). */
  messaging?: MessagingOptions;
  host?: string;
  port?: number;
  sandboxPort?: number;
  /** The operator's listener (`/metrics`, `/ready`, `/health`) on `port` (0 picks one) and `host` (default 127.0.0.1: only this machine scrapes it). */
  admin?: { port: number; host?: string };
  /**
   * JSON logs: `true` (or a level) writes one line per answered request and every server error to
   * standard output, each request's lines with its `reqId`; a pino-compatible logger is used as
   * given. Default none.
   */
  logger?: boolean | 'debug' | 'info' | 'warn' | 'error' | FastifyBaseLogger;
  /** How long `close()` waits for running jobs before it hands them back to the queue (default 30 s). */
  drainMs?: number;
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
  /**
   * Link fetches: `timeoutMs`, the time limit of one (default 60 s; a video page through yt-dlp 120 s), and
   * `maxBytes`, the largest file fetched, refused while it streams (default 100 MB, the spec's cap; a deployment may take less).
   */
  links?: { timeoutMs?: number; maxBytes?: number };
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
  /** The clock for every timestamp (default: the system's). */
  now?: () => Date;
}

/** A running (or ready to run) server. */
export interface LoupeServer {
  app: LoupeApp;
  sandbox: LoupeApp;
  store: Store;
  blobs: BlobStore;
  sessionSecret: Uint8Array;
  /** The service's Prometheus metrics. */
  metrics: ServiceMetrics;
  /** Starts the listeners; answers their base URLs (`adminUrl` when an admin port was given). */
  listen(): Promise<{ url: string; sandboxUrl: string; adminUrl?: string }>;
  /** Stops accepting, finishes running requests, closes the pool and the store. */
  close(): Promise<void>;
}

/** The worker pool (started on first use) and the runners over it, unless the options bring their own. */
function poolRunners(options: ServerOptions) {
  const pool = lazyPool(() =>
    createNodePool({ ...(options.workers ? { size: options.workers } : {}), timeoutMs: options.timeoutMs ?? 300_000, maxQueue: 256 }),
  );
  const runner: DetectionRunner = options.runner ?? { detect: (bytes, input) => pool.get().run('detect', bytes, input) };
  const scanRunner: ScanRunner = options.scanRunner ?? { scan: (bytes, input) => pool.get().run('scan', bytes, input) };
  const renderer: PageRenderer = options.renderer ?? { render: (bytes, input) => pool.get().run('render', bytes, input) };
  return { pool, runner, scanRunner, renderer };
}

/** Builds the server. */
export async function createServer(options: ServerOptions): Promise<LoupeServer> {
  mkdirSync(options.dataDir, { recursive: true });
  const now = options.now ?? (() => new Date());
  const logger = jsonLogger(options.logger);
  const log = (message: string, error?: unknown) => logger?.error({ err: error }, message);
  const backend = await openBackend({
    dataDir: options.dataDir,
    now,
    log,
    ...(options.databaseUrl ? { databaseUrl: options.databaseUrl } : {}),
    ...defined({ store: options.store, queue: options.queue }),
    ...(options.webhookPollMs ? { webhookPollMs: options.webhookPollMs } : {}),
  });
  const { store, blobs, queue, rates } = backend;
  const metrics = serviceMetrics(queueFiguresOf(store, now));
  const listenerApp = (listener: string, description: string) =>
    createApp({
      version: SERVER_VERSION,
      description,
      listener,
      metrics,
      ...defined({ logger }),
      draining: () => closed,
      // the production listener's /health is the media API's plain liveness route (the sandbox's carries the document API's headers)
      answersHealth: listener === 'production',
    });
  const app = await listenerApp('production', PRODUCTION_DESCRIPTION);
  const channels = messageChannels(messagingWithEnv(options.messaging));
  const secret = sessionSecret(options.dataDir);
  const signer = await captureSigner(join(options.dataDir, 'c2pa'));
  const { pool, runner, scanRunner, renderer } = poolRunners(options);
  const detections = detectionService({ store, runner, decoder: createFfmpegMediaDecoder(), metrics, ...defined({ now: options.now }) });
  let closed = false;
  let proxy: Promise<EgressProxy> | undefined;
  const resolver =
    options.resolver ??
    (options.ytDlp !== false
      ? createYtDlpResolver({
          installed: ytDlpInstalled(),
          proxyUrl: async () => {
            proxy ??= startEgressProxy(options.egressAllow ?? egressAllowFromEnv());
            return (await proxy).url;
          },
          decoder: createFfmpegMediaDecoder(),
          maxBytes: options.links?.maxBytes ?? LINK_MAX_BYTES,
          timeoutMs: options.links?.timeoutMs ?? 120_000,
        })
      : undefined);
  const egress = createEgress({
    maxBytes: options.links?.maxBytes ?? LINK_MAX_BYTES,
    timeoutMs: options.links?.timeoutMs ?? 60_000,
    ...(options.egressAllow ? { allow: options.egressAllow } : {}),
  });
  const budget = detectionBudget(options.detectionsPerMinute ?? 100, rates);
  const media = { store, rates, detections, sessionSecret: secret, egress, budget, ...defined({ resolver }) };
  await app.register(mediaApi, media);
  await app.register(mcpApi, { prefix: '/mcp', store, detections, egress, budget, ...defined({ resolver }) });
  const finishes = new FinishSignal();
  const works = options.work ?? !backend.shared;
  // a `wait=true` upload's analysis starts while it is stored and queued, when the job that takes
  // it surely runs here: this process works the queue and no other process shares it
  const early = works && !backend.shared ? earlyScans(scanRunner) : undefined;
  const stopWork = works
    ? await startWork({
        backend,
        scanRunner,
        ...defined({ early }),
        renderer,
        signer,
        now,
        // twice the pool: while one job of a thread is in the store or reading its blob on the
        // main thread, the next one is already waiting in the pool's queue
        concurrency: 2 * (options.workers ?? defaultPoolSize()),
        log,
        metrics,
        onDocumentFinished: (document) => finishes.fire(document),
        channels,
        ...defined({ egressAllow: options.egressAllow }),
      })
    : undefined;
  const documentEgress = createEgress({ maxBytes: MAX_FILE_BYTES, timeoutMs: 60_000, ...(options.egressAllow ? { allow: options.egressAllow } : {}) });
  // uploads stream to files here; what a crash left behind is removed at start
  const stagingFolder = join(options.dataDir, 'uploads');
  rmSync(stagingFolder, { recursive: true, force: true });
  const documents = (environment: Environment) => ({
    store,
    rates,
    blobs,
    stagingFolder,
    environment,
    ownsListener: environment === 'sandbox',
    egress: documentEgress,
    egressAllow: allowRanges(options.egressAllow ?? egressAllowFromEnv()),
    notify: queue.notify,
    finishes,
    ...(early ? { scanEarly: early.start } : {}),
    notifyEvents: queue.notify,
    channels: { email: channels.email !== undefined, sms: channels.sms !== undefined },
    renderer,
    signer,
    now,
    ...(options.claimUrl ? { claimBase: options.claimUrl.replace(/\/$/, '') } : {}),
  });
  const claim = { prefix: '/c', store, blobs, signer, now, notify: queue.notify };
  await app.register(documentApi, documents('production'));
  await app.register(claimPage, claim);
  await app.register(docs, { envelope: mediaEnvelope });
  const sandbox = await listenerApp('sandbox', SANDBOX_DESCRIPTION);
  await sandbox.register(documentApi, documents('sandbox'));
  await sandbox.register(claimPage, claim);
  await sandbox.register(docs, { envelope: documentEnvelope });
  // the console's build sits beside the package's code (src/ and dist/ are both one folder down)
  const files = consoleFiles(fileURLToPath(new URL('../console/', import.meta.url)));
  for (const listener of [app, sandbox]) await listener.register(consoleSite, { files });
  const readiness = {
    draining: () => closed,
    storeAnswers: () => store.documents.queueFigures(),
    queueRuns: () => !closed && (stopWork !== undefined || backend.shared),
  };
  const admin = options.admin && adminListener(metrics, readiness, logger);
  return {
    app,
    sandbox,
    store,
    blobs,
    sessionSecret: secret,
    metrics,
    async listen() {
      const host = options.host ?? '127.0.0.1';
      const url = await app.listen({ host, port: options.port ?? 8080 });
      const sandboxUrl = await sandbox.listen({ host, port: options.sandboxPort ?? 8081 });
      const adminUrl = admin && options.admin ? await admin.listen({ host: options.admin.host ?? '127.0.0.1', port: options.admin.port }) : undefined;
      return { url, sandboxUrl, ...(adminUrl ? { adminUrl } : {}) };
    },
    async close() {
      if (closed) return;
      closed = true;
      // the admin listener answers /ready with 503 until the APIs have drained
      await Promise.all([app.close(), sandbox.close()]);
      const drained = await drainWork(stopWork, options.drainMs ?? 30_000, log);
      await pool.close();
      await (await proxy)?.close();
      await admin?.close();
      if (drained) await backend.close();
      else await backend.close().catch(() => undefined);
      logger?.flush?.();
    },
  };
}

/**
 * Stops the work, giving running jobs `ms` to finish; answers whether they did. One still running
 * then is handed back to the queue (the embedded store requeues it at the next start, a shared
 * queue when its lease lapses).
 */
async function drainWork(stop: (() => Promise<void>) | undefined, ms: number, log: (message: string) => void): Promise<boolean> {
  const work = stop?.();
  if (!work) return true;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = await Promise.race([work.then(() => true as const), late]);
  clearTimeout(timer);
  if (!settled) log(`jobs still running after ${ms} ms were handed back to the queue`);
  return settled;
}
