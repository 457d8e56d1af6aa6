// The one error the storage ports throw (the store could not do what was asked), and the test of
// whether a failure is an outage — the database out of reach, a connection lost, the blob folder
// read-only or full — which the APIs answer with 503 and `Retry-After` rather than 500.

/** The store could not do what was asked (outage, lock, constraint, a row it cannot read; the driver's error is its `cause`); callers answer 503 where money is involved. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
}

/** Socket and file-system codes of a store out of reach. */
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EROFS',
  'ENOSPC',
  'EDQUOT',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_IOERR',
  'SQLITE_BUSY',
]);
/** PostgreSQL states of a server shutting down, starting, refusing or out of connections (class 08 is every connection exception). */
const OUTAGE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
/** What node-postgres says when a connection ends under it or cannot be had in time. */
const OUTAGE_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;

/** True when `error` (or an error it was caused by) is the store out of reach rather than a fault of the request or the code. */
export function storeUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? '');
    if (OUTAGE_CODES.has(code) || OUTAGE_STATES.has(code) || code.startsWith('08')) return true;
    if (e instanceof Error && OUTAGE_MESSAGES.test(e.message)) return true;
  }
  return false;
}

/** How long work already done waits out an outage of the store before it is given up (and its job runs again later). */
const OUTAGE_PATIENCE_MS = 120_000;

/**
 * Runs `write` again while it fails with the store out of reach (every 0.5 s at first, then every
 * 5 s, for at most two minutes): a worker that finished an analysis keeps its result through a
 * short outage instead of leaving the job to expire. Only for writes that happen at most once
 * (the store's exactly-once finish), so a write that committed before its answer was lost is not
 * done twice.
 */
export async function outlastingOutage<T>(write: () => Promise<T>, patienceMs = OUTAGE_PATIENCE_MS): Promise<T> {
  const started = Date.now();
  for (let wait = 500; ; wait = Math.min(5000, wait * 2)) {
    try {
      return await write();
    } catch (error) {
      if (!storeUnavailable(error) || Date.now() - started + wait > patienceMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
