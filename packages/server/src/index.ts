// Public surface of @loupe/server: the service (createServer), the operator actions behind
// `loupe accounts`, the storage ports with their SQLite and file adapters, the tip-off validator
// (so a client can check a message before minting a link) and the webhook signature helpers.
export {
  accountNamed,
  addDocumentKey,
  createAccountWithKeys,
  creditAccount,
  LIVE_DOCUMENT_KEYS,
  listKeys,
  retireKey,
  sessionFor,
  type AccountOptions,
  type CreatedAccount,
  type KeyRow,
} from './accounts.js';
export { createServer, type LoupeServer, type ServerOptions } from './server.js';
export { startWorker, type LoupeWorker, type WorkerOptions } from './worker-process.js';
export { openStateStore, type SharedQueueOptions } from './backend.js';
export { createEmbeddedQueue, type JobQueue, type WorkHandlers } from './queue/job-queue.js';
export { createPgBossQueue, type PgBossQueue } from './queue/pg-boss-queue.js';
export { type MessagingOptions, smsParts } from './recapture/delivery/channels.js';
export { migrateEmbedded, type MigrationSummary } from './migrate-embedded.js';
export { openPostgresStore, type PostgresStoreOptions } from './store/postgres/pg-store.js';
export { createScratchDatabase, testDatabaseUrl, type ScratchDatabase } from './store/postgres/scratch-database.js';
export { sessionSecret, signSession, verifySession } from './auth/sessions.js';
export type { DetectionRunner } from './media/detections.js';
export type { BlobStore } from './store/blob-store.js';
export { createFileBlobStore } from './store/file-blob-store.js';
export { openSqliteStore, type SqliteStoreOptions } from './store/sqlite/sqlite-store.js';
export { SERVICE_TYPES, StoreError, type Account, type ApiKey, type Delivery, type LedgerEntry, type ServiceType, type Store } from './store/store.js';
export { TIP_OFF_TERMS, tipOffTerms } from './recapture/tip-off.js';
export { signWebhook, verifyWebhook } from './webhooks/signature.js';
