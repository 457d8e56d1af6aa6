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
  /** Largest decoded size of all streams of one document together, in bytes, however large the file. */
  maxTotalDecodedBytes: number;
  /**
   * The document's decoding allowance in proportion to its size: all its streams together may
   * decode to this many times the file's bytes (never less than `decodedFloorBytes`, never more
   * than `maxTotalDecodedBytes`). On the corpus and set 1 the most any file decodes is 415 times
   * its size (a 7 KB file) and 10.6 MB in all.
   */
  decodedPerFileByte: number;
  /** The allowance of a small file, in bytes. */
  decodedFloorBytes: number;
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
  decodedPerFileByte: 64,
  decodedFloorBytes: 64 * 1024 * 1024,
  maxDecompressionRatio: 1000,
  ratioFloorBytes: 16 * 1024 * 1024,
  maxResolves: 20_000_000,
  maxRevisions: 1000,
});

/** Counts the work of one parse against its limits. */
export class Budget {
  private decoded = 0;
  private resolves = 0;
  /** How many decoded bytes the whole document may produce. */
  readonly decodedAllowance: number;
  /** The first bound the document passed, kept so later readers (pdf.js among them) are not handed it. */
  exceeded: LimitExceededError | undefined;

  constructor(
    readonly limits: ParseLimits = DEFAULT_LIMITS,
    fileSize = 0,
  ) {
    this.decodedAllowance = Math.min(limits.maxTotalDecodedBytes, Math.max(limits.decodedFloorBytes, fileSize * limits.decodedPerFileByte));
  }

  /** Bytes the document may still decode. */
  remainingDecoded(): number {
    return Math.max(0, this.decodedAllowance - this.decoded);
  }

  /** Charges `bytes` of decoded output to the document's total. */
  chargeDecoded(bytes: number): void {
    this.decoded += bytes;
    if (this.decoded > this.decodedAllowance) throw this.record(this.allowanceError());
  }

  /** The error of a document past its decoding allowance. */
  allowanceError(): LimitExceededError {
    const mib = (n: number): string => `${Math.round(n / (1024 * 1024))} MiB`;
    return new LimitExceededError(
      `The document's streams decode to more than its decoding budget of ${mib(this.decodedAllowance)} (${this.limits.decodedPerFileByte} times the file's size, at least ${mib(this.limits.decodedFloorBytes)}).`,
      'decompression_bomb',
    );
  }

  /** Charges one object resolution. */
  chargeResolve(): void {
    if (++this.resolves > this.limits.maxResolves) {
      throw this.record(new LimitExceededError('The document needs more work than the parse budget allows.', 'work_limit'));
    }
  }

  /** Keeps the first bound passed and returns `error`. */
  record(error: LimitExceededError): LimitExceededError {
    this.exceeded ??= error;
    return error;
  }
}
