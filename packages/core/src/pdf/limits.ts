// Hard bounds on every PDF parse. A hostile file (deep nesting, huge object counts, decompression
// bombs, endless loops in broken structure) ends in a `LimitExceededError`, never a hang or an
// out-of-memory. The defaults suit the spec's limits (200 MiB, 200 pages); callers may tighten them.
import { LimitExceededError } from '../errors.js';

/** Bounds applied while parsing one PDF. */
export interface ParseLimits {
  /** Deepest nesting of arrays and dictionaries. */
  maxDepth: number;
  /** Most objects the cross-reference data or recovery may declare. */
  maxObjects: number;
  /** Largest decoded size of one stream, in bytes. */
  maxStreamBytes: number;
  /** Largest decoded size of all streams of one document together, in bytes. */
  maxTotalDecodedBytes: number;
  /** Largest decoded/encoded ratio allowed once a stream's output passes `ratioFloorBytes`. */
  maxDecompressionRatio: number;
  /** Output size from which the ratio bound applies. */
  ratioFloorBytes: number;
  /** Most objects resolved (including repeats) for one document: a bound on total work. */
  maxResolves: number;
  /** Most incremental-update sections followed. */
  maxRevisions: number;
}

/** The bounds used when a caller gives none. */
export const DEFAULT_LIMITS: Readonly<ParseLimits> = Object.freeze({
  maxDepth: 200,
  maxObjects: 4_000_000,
  maxStreamBytes: 256 * 1024 * 1024,
  maxTotalDecodedBytes: 1024 * 1024 * 1024,
  maxDecompressionRatio: 1000,
  ratioFloorBytes: 16 * 1024 * 1024,
  maxResolves: 20_000_000,
  maxRevisions: 1000,
});

/** Counts the work of one parse against its limits. */
export class Budget {
  private decoded = 0;
  private resolves = 0;
  constructor(readonly limits: ParseLimits = DEFAULT_LIMITS) {}

  /** Charges `bytes` of decoded output to the document's total. */
  chargeDecoded(bytes: number): void {
    this.decoded += bytes;
    if (this.decoded > this.limits.maxTotalDecodedBytes) {
      throw new LimitExceededError(`Decoded streams exceed ${this.limits.maxTotalDecodedBytes} bytes in total.`, 'decompression_bomb');
    }
  }

  /** Charges one object resolution. */
  chargeResolve(): void {
    if (++this.resolves > this.limits.maxResolves) {
      throw new LimitExceededError('The document needs more work than the parse budget allows.', 'work_limit');
    }
  }
}
