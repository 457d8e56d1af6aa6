// The one error the storage ports throw: the store could not do what was asked.

/** The store could not do what was asked (outage, lock, constraint, a row it cannot read); callers answer 503 where money is involved. */
export class StoreError extends Error {
  override readonly name = 'StoreError';
}
