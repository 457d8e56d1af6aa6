// Early scans: a `wait=true` submission whose bytes are already in hand starts its analysis on
// the pool while the upload is stored, recorded and queued; the job that then analyses the same
// bytes with the same input takes that running scan instead of starting another. Nothing durable
// changes: the document is still stored, queued, claimed and finished exactly once through the
// store, and an early scan nobody takes (the submission was a duplicate, failed, or the process
// stopped) is forgotten. Only the wait for the verdict gets shorter.
import { PoolError, type ScanDetail, type ScanInput } from '@loupe/core';
import type { ScanRunner } from './analysis-job.js';

/** Bounds of what early scans hold. */
export interface EarlyScanLimits {
  /** Scans held at once; more are not started early (default 16). */
  entries?: number;
  /** Largest file started early, in bytes (default 1 MiB): its bytes are held to be compared. */
  maxBytes?: number;
  /** How long an untaken scan is held (default 60 s). */
  holdMs?: number;
}

/** A runner that can be told of scans to start early. */
export interface EarlyScans {
  /** The runner jobs use: it answers an early scan of the same bytes and input when one is held. */
  runner: ScanRunner;
  /**
   * Starts scanning `bytes` now, when the bounds allow; answers a function that forgets the scan
   * (call it when no job will analyse these bytes). The bytes are copied.
   */
  start(bytes: Uint8Array, input: ScanInput): () => void;
}

interface Held {
  key: string;
  bytes: Uint8Array;
  scan: Promise<ScanDetail>;
  timer: ReturnType<typeof setTimeout>;
}

/** The input's identity: the file name and the models, in a fixed order. */
const keyOf = (bytes: Uint8Array, input: ScanInput): string => JSON.stringify([bytes.length, input.name, [...(input.models ?? [])].sort()]);

const sameBytes = (a: Uint8Array, b: Uint8Array): boolean => Buffer.compare(a, b) === 0;

/** The pool turned the early scan away before it ran (its queue was full): it stands for nothing. */
const turnedAway = (error: unknown): boolean => error instanceof PoolError && error.code === 'queue_full';

/** Wraps `runner` with early scans. */
export function earlyScans(runner: ScanRunner, limits: EarlyScanLimits = {}): EarlyScans {
  const held = new Set<Held>();
  const forget = (entry: Held) => {
    clearTimeout(entry.timer);
    held.delete(entry);
  };
  return {
    runner: {
      scan(bytes, input) {
        const key = keyOf(bytes, input);
        for (const entry of held) {
          if (entry.key !== key || !sameBytes(entry.bytes, bytes)) continue;
          forget(entry);
          return entry.scan.catch((error) => (turnedAway(error) ? runner.scan(bytes, input) : Promise.reject(error)));
        }
        return runner.scan(bytes, input);
      },
    },
    start(bytes, input) {
      if (bytes.length > (limits.maxBytes ?? 1024 * 1024) || held.size >= (limits.entries ?? 16)) return () => {};
      // copies (a Buffer's slice is a view): the pool transfers what it is given
      const kept = new Uint8Array(bytes);
      const scan = runner.scan(new Uint8Array(bytes), input);
      const entry: Held = { key: keyOf(kept, input), bytes: kept, scan, timer: setTimeout(() => forget(entry), limits.holdMs ?? 60_000) };
      entry.timer.unref?.();
      held.add(entry);
      // a scan nobody takes must not be an unhandled rejection; one turned away is not held
      scan.catch((error) => turnedAway(error) && forget(entry));
      return () => forget(entry);
    },
  };
}
