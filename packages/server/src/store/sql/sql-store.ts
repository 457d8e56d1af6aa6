// The Store on SQL, written once for every SQL adapter (SQLite embedded, PostgreSQL to scale out)
// against the driver port. Every state change is one transaction; what must not race across
// processes is decided under a lock: the account row for a reservation, the loan for its currency
// and expected count, the bytes for byte-identical dedupe, the key for an Idempotency-Key claim,
// the document for its one live re-capture link, the job or delivery row for exactly-once
// finishing (SQLite holds the whole database for a writer, so its row and key locks are no-ops).
// Work the store queues (analyses, reports, webhook attempts) is announced to `dispatch` inside the
// transaction that queues it, so a queue engine on the same database enqueues atomically with it.
import type { Store } from '../store.js';
import { sqlAccounts } from './accounts.js';
import { sqlCredits } from './credits.js';
import { sqlDocuments } from './documents.js';
import type { SqlDriver } from './driver.js';
import { sqlIdempotency } from './idempotency.js';
import { sqlLoans } from './loans.js';
import { sqlRecapture } from './recapture.js';
import { sqlReports } from './reports.js';
import { type SqlStoreOptions, sqlContext } from './sql-context.js';
import { sqlWebhooks } from './webhooks.js';

export type { QueuedWork, SqlStoreOptions } from './sql-context.js';

/** The Store over `driver`: one module per aggregate over the shared context. */
export function createSqlStore(driver: SqlDriver, options: SqlStoreOptions = {}): Store {
  const c = sqlContext(driver, options);
  return {
    accounts: sqlAccounts(c),
    credits: sqlCredits(c),
    documents: sqlDocuments(c),
    loans: sqlLoans(c),
    idempotency: sqlIdempotency(c),
    reports: sqlReports(c),
    recapture: sqlRecapture(c),
    webhooks: sqlWebhooks(c),
    close: () => driver.close(),
  };
}
