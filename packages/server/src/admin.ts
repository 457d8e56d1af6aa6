// The operator surface of @loupe/server (`@loupe/server/admin`): opening a deployment's store and
// the account, key, session and migration actions behind `loupe accounts`, `loupe webhooks` and
// `loupe migrate`. It loads the stores and their drivers only — no HTTP stack, engine, model or
// worker pool — so operator commands start in a fraction of `loupe serve`'s time.
export {
  type AccountOptions,
  accountNamed,
  addDocumentKey,
  type CreatedAccount,
  createAccountWithKeys,
  creditAccount,
  type KeyRow,
  LIVE_DOCUMENT_KEYS,
  listKeys,
  retireKey,
  sessionFor,
} from './accounts.js';
export { openStateStore, type SharedQueueOptions, type StateStore } from './backend.js';
export { sessionSecret, signSession, verifySession } from './http/auth/sessions.js';
export { unreachableTarget } from './http/egress/egress.js';
export type { MigrationSummary } from './migrate-embedded.js';

/** Moves an embedded installation into PostgreSQL (see migrate-embedded.ts; its modules load when it runs). */
export async function migrateEmbedded(...args: Parameters<typeof import('./migrate-embedded.js').migrateEmbedded>) {
  return (await import('./migrate-embedded.js')).migrateEmbedded(...args);
}
export { type Account, type ApiKey, type Delivery, type LedgerEntry, SERVICE_TYPES, type ServiceType, type Store, StoreError } from './store/store.js';
