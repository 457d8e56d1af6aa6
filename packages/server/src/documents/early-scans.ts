// Early scans: a `wait=true` submission whose bytes are already in hand starts its analysis on
// the pool while the upload is stored, recorded and queued; the job that then analyses the same
// file (the same SHA-256) with the same input takes that running scan instead of reading the file
// back and starting another. Nothing durable changes: the document is still stored, queued,
// claimed and finished exactly once through the store, and an early scan nobody takes (the
// submission was a duplicate, failed, or the process stopped) is forgotten. Only the wait for the
// verdict gets shorter.
import { PoolError, type ScanDetail, type ScanInput } from '@loupe/core';
import type { HeldScans, ScanRunner } from './analysis-job.js';

/** Bounds of what early scans hold. */
export interface EarlyScanLimits {
  /** Scans held at once; more are not started early (default 16). */
  entries?: number;
  /** Largest file started early, in bytes (default 1 MiB): its bytes are held in case the pool turns it away. */
  maxBytes?: number;
  /** How long an untaken scan is held (default 60 s). */
  holdMs?: number;
}

/** Scans started before their job, taken by it. */
export interface EarlyScans extends HeldScans {
  /**
   * Starts scanning `bytes` (whose SHA-256 is `sha256`) now, when the bounds allow; answers a
   * function that forgets the scan (call it when no job will analyse these bytes). The bytes are copied.
   */
  start(bytes: Uint8Array, sha256: string, input: ScanInput): () => void;
}

interface Held {
  key: string;
  bytes: Uint8Array;
  scan: Promise<ScanDetail>;
  timer: ReturnType<typeof setTimeout>;
}

/** A scan's identity: the file's digest, its name and the models, in a fixed order. */
const keyOf = (sha256: string, input: ScanInput): string => JSON.stringify([sha256, input.name, [...(input.models ?? [])].sort()]);

/** The pool turned the early scan away before it ran (its queue was full): it stands for nothing. */
const turnedAway = (error: unknown): boolean => error instanceof PoolError && error.code === 'queue_full';

/** Early scans over `runner`. */
export function earlyScans(runner: ScanRunner, limits: EarlyScanLimits = {}): EarlyScans {
  const held = new Map<string, Held>();
  const forget = (entry: Held) => {
    clearTimeout(entry.timer);
    if (held.get(entry.key) === entry) held.delete(entry.key);
  };
  return {
    start(bytes, sha256, input) {
      const key = keyOf(sha256, input);
      if (bytes.length > (limits.maxBytes ?? 1024 * 1024) || held.size >= (limits.entries ?? 16) || held.has(key)) return () => {};
      // copies (a Buffer's slice is a view): the pool transfers what it is given
      const kept = new Uint8Array(bytes);
      const scan = runner.scan(new Uint8Array(bytes), input);
      const entry: Held = { key, bytes: kept, scan, timer: setTimeout(() => forget(entry), limits.holdMs ?? 60_000) };
      entry.timer.unref?.();
      held.set(key, entry);
      // a scan nobody takes must not be an unhandled rejection; one turned away is not held
      scan.catch((error) => turnedAway(error) && forget(entry));
      return () => forget(entry);
    },
    take(sha256, input) {
      const entry = held.get(keyOf(sha256, input));
      if (!entry) return undefined;
      forget(entry);
      return entry.scan.catch((error) => (turnedAway(error) ? runner.scan(entry.bytes, input) : Promise.reject(error)));
    },
  };
}
