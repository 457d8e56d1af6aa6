// Request ids (`req_` and 16 hex digits, from the CSPRNG): drawn from a pool of random bytes
// refilled 4 KiB at a time, since one `randomBytes(8)` call per request cost about as much as the
// rest of a cheap route.
import { randomFillSync } from 'node:crypto';

const pool = Buffer.alloc(4096);
let offset = pool.length;

/** A new request id. */
export function newRequestId(): string {
  if (offset + 8 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = `req_${pool.toString('hex', offset, offset + 8)}`;
  offset += 8;
  return id;
}
