// The remembering blob store's bounds: bytes in all (oldest out first), the largest blob, and time;
// what the inner store answers once a blob is forgotten.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BlobStore } from './blob-store.js';
import { withRecentBlobs } from './recent-blobs.js';

/** An inner store that counts its reads. */
function countingStore(): BlobStore & { reads: number } {
  const kept = new Map<string, Uint8Array>();
  const store = {
    reads: 0,
    async put(bytes: Uint8Array) {
      const sha = createHash('sha256').update(bytes).digest('hex');
      kept.set(sha, bytes.slice());
      return sha;
    },
    async putFile() {},
    async get(sha: string) {
      store.reads++;
      return kept.get(sha)?.slice();
    },
    async has(sha: string) {
      return kept.has(sha);
    },
    async delete(sha: string) {
      kept.delete(sha);
    },
  };
  return store;
}

const blob = (n: number, fill: number): Uint8Array => new Uint8Array(n).fill(fill);

describe('recent blobs', () => {
  it('answers remembered blobs from memory within its bounds, and reads the store for the rest', async () => {
    const inner = countingStore();
    let clock = 0;
    const blobs = withRecentBlobs(inner, { maxBytes: 250, largest: 120, ttlMs: 1000, now: () => clock });
    const [a, b, c, big] = [blob(100, 1), blob(100, 2), blob(100, 3), blob(121, 4)];
    const shas = [await blobs.put(a), await blobs.put(b), await blobs.put(c), await blobs.put(big)];
    // a (the oldest) fell out when c passed the 250 bytes; big is over the largest remembered
    for (const [i, expected] of [a, b, c, big].entries()) expect(await blobs.get(shas[i]!)).toEqual(expected);
    expect(inner.reads).toBe(2);
    // a minute (here a second) later nothing is answered from memory
    clock = 1000;
    await blobs.get(shas[1]!);
    expect(inner.reads).toBe(3);
  });

  it('remembers what it is given as a copy', async () => {
    const inner = countingStore();
    const blobs = withRecentBlobs(inner);
    const bytes = blob(10, 7);
    const sha = await blobs.put(bytes);
    bytes.fill(0);
    expect(await blobs.get(sha)).toEqual(blob(10, 7));
    expect(inner.reads).toBe(0);
  });
});
