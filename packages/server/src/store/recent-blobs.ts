// The blobs a process was just given, kept in its memory for a while: a submission is followed
// at once by its analysis, which would otherwise read back from disk (or the database) the bytes
// the upload had in hand. A decorator over any BlobStore, bounded in bytes (least recently
// remembered out first) and in time (a minute: a blob another process deletes, as retention does
// on a shared store, is not answered from here for longer than that); what it answers is a copy
// (the pool transfers the bytes it is given to its worker thread), and a blob deleted here is
// forgotten. Content-addressed, so what it answers is never other bytes.
import type { BlobStore } from './blob-store.js';

/**
 * The bytes in memory of their own: a Buffer's `slice` is a view (of a pooled block, often), and
 * what the pool transfers to a worker is detached, taking every view of it along.
 */
const copy = (bytes: Uint8Array): Uint8Array => new Uint8Array(bytes);

/** Bounds of what is remembered. */
export interface RecentBlobsOptions {
  /** Bytes remembered in all (default 32 MiB). */
  maxBytes?: number;
  /** Largest blob remembered (default 1 MiB). */
  largest?: number;
  /** How long a blob is answered from memory (default 60 s). */
  ttlMs?: number;
  now?: () => number;
}

/** `store`, remembering in memory the small blobs it is given. */
export function withRecentBlobs(store: BlobStore, options: RecentBlobsOptions = {}): BlobStore {
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const largest = Math.min(options.largest ?? 1024 * 1024, maxBytes);
  const ttlMs = options.ttlMs ?? 60_000;
  const now = options.now ?? Date.now;
  const recent = new Map<string, { bytes: Uint8Array; until: number }>();
  let held = 0;
  const forget = (sha256: string): void => {
    held -= recent.get(sha256)?.bytes.length ?? 0;
    recent.delete(sha256);
  };
  const remember = (sha256: string, bytes: Uint8Array): void => {
    if (bytes.length > largest) return;
    forget(sha256);
    recent.set(sha256, { bytes: copy(bytes), until: now() + ttlMs });
    held += bytes.length;
    for (const [oldest] of recent) {
      if (held <= maxBytes) break;
      forget(oldest);
    }
  };
  return {
    async put(bytes) {
      const sha256 = await store.put(bytes);
      remember(sha256, bytes);
      return sha256;
    },
    putFile: (path, sha256) => store.putFile(path, sha256),
    async get(sha256) {
      const kept = recent.get(sha256);
      if (kept && now() < kept.until) return copy(kept.bytes);
      forget(sha256);
      return store.get(sha256);
    },
    has: (sha256) => store.has(sha256),
    async delete(sha256) {
      forget(sha256);
      await store.delete(sha256);
    },
  };
}
