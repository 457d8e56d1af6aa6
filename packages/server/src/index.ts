// Public surface of @loupe/server: the service (createServer), the operator actions behind
// `loupe accounts` (also alone as `@loupe/server/admin`), the storage and queue ports with their
// SQLite, PostgreSQL, file and pg-boss adapters, the tip-off validator (so a client can check a
// message before minting a link) and the webhook signature helpers. Throw-away PostgreSQL
// databases for tests live in `@loupe/server/testing`.
export * from './admin.js';
export type { ScanRunner } from './documents/analysis-job.js';
export type { LoupeApp } from './http/app.js';
export type { DetectionRunner } from './media/detections.js';
export type { LinkResolver } from './media/links.js';
export { type MessagingOptions, smsParts } from './notifications/message-channels.js';
export { signWebhook, verifyWebhook } from './notifications/signature.js';
export type { ServiceMetrics } from './ops/metrics.js';
export { createEmbeddedQueue, type EmbeddedQueueOptions, type JobQueue, type WorkConcurrency, type WorkHandlers } from './queue/job-queue.js';
export { createPgBossQueue, type PgBossQueue, type PgBossQueueOptions } from './queue/pg-boss-queue.js';
export { TIP_OFF_TERMS, tipOffTerms } from './recapture/tip-off.js';
export type { PageRenderer } from './reports/generate.js';
export { createServer, type LoupeServer, type ServerOptions } from './server.js';
export type { BlobStore } from './store/blob-store.js';
export type * from './store/document-fields.js';
export { createFileBlobStore } from './store/file-blob-store.js';
export { openPostgresStore, type PostgresStore, type PostgresStoreOptions } from './store/postgres/pg-store.js';
export type { Row, SqlDriver, SqlQuery } from './store/sql/driver.js';
export type { QueuedWork } from './store/sql/sql-context.js';
export { openSqliteStore, type SqliteStoreOptions } from './store/sqlite/sqlite-store.js';
export type * from './store/store.js';
export { type LoupeWorker, startWorker, type WorkerOptions } from './work/standalone-worker.js';
