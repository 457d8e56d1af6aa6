// FlateDecode (zlib/deflate) with a bounded output. fflate does the inflating; this module feeds
// it in chunks, stops as soon as the output passes its bound, and keeps what was decoded before a
// corruption, as tolerant readers do with truncated streams.
import { Inflate, Unzlib, unzlibSync } from 'fflate';
import { concatBytes } from '../../bytes.js';
import { LimitExceededError } from '../../errors.js';

/** Bounds on one stream's decoded output. */
export interface OutputBound {
  maxBytes: number;
  maxRatio: number;
  ratioFloor: number;
}

const CHUNK = 64 * 1024;
/** The smallest input pushed at once, so that a push near the bound does not overshoot it by much. */
const MIN_CHUNK = 1024;
/** The largest expansion deflate can produce. */
const DEFLATE_MAX_RATIO = 1032;

/** Collects output chunks, enforcing the bound. */
export class BoundedSink {
  private chunks: Uint8Array[] = [];
  size = 0;
  constructor(
    private readonly bound: OutputBound,
    private readonly inputSize: number,
  ) {}
  push(chunk: Uint8Array): void {
    this.size += chunk.length;
    if (this.size > this.bound.maxBytes) {
      throw new LimitExceededError(`A stream decodes to more than ${this.bound.maxBytes} bytes.`, 'stream_too_large');
    }
    if (this.size > this.bound.ratioFloor && this.size > this.inputSize * this.bound.maxRatio) {
      throw new LimitExceededError(
        `A stream expands more than ${this.bound.maxRatio} times (${this.inputSize} bytes to over ${this.size}).`,
        'decompression_bomb',
      );
    }
    this.chunks.push(chunk);
  }
  result(): Uint8Array {
    return this.chunks.length === 1 ? this.chunks[0]! : concatBytes(...this.chunks);
  }
}

function run(make: (sink: BoundedSink) => Inflate | Unzlib, data: Uint8Array, bound: OutputBound, encodedSize: number): { out: Uint8Array; ok: boolean } {
  const sink = new BoundedSink(bound, encodedSize);
  const inflater = make(sink);
  try {
    // push everything as non-final first, so a truncated stream still yields what it decoded
    // one push can expand 1032 times: pushes small enough that the bound is checked before it is far passed
    const chunk = Math.max(MIN_CHUNK, Math.min(CHUNK, Math.floor(bound.maxBytes / DEFLATE_MAX_RATIO)));
    for (let i = 0; i < data.length; i += chunk) inflater.push(data.subarray(i, Math.min(data.length, i + chunk)), false);
    inflater.push(new Uint8Array(0), true);
    return { out: sink.result(), ok: true };
  } catch (error) {
    if (error instanceof LimitExceededError) throw error;
    return { out: sink.result(), ok: false };
  }
}

/**
 * Inflates zlib data (falling back to raw deflate when the header is damaged). `encodedSize` is
 * the stream's size in the file, against which the expansion ratio is bounded. `ok` is false when
 * the data was damaged and `out` holds only what was decoded before the damage.
 */
export function inflateBounded(data: Uint8Array, bound: OutputBound, encodedSize = data.length): { out: Uint8Array; ok: boolean } {
  const hasZlibHeader = data.length >= 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;
  // Deflate expands at most 1032:1, so a small input cannot pass the bounds: inflate it in one call.
  if (hasZlibHeader && data.length * DEFLATE_MAX_RATIO <= Math.min(bound.ratioFloor, bound.maxBytes)) {
    try {
      const out = unzlibSync(data);
      new BoundedSink(bound, encodedSize).push(out); // the ratio against the stored size still applies
      return { out, ok: true };
    } catch (error) {
      if (error instanceof LimitExceededError) throw error;
      // damaged: the streaming path keeps what decodes before the damage
    }
  }
  if (hasZlibHeader) {
    const first = run((sink) => new Unzlib((chunk) => sink.push(chunk)), data, bound, encodedSize);
    if (first.ok || first.out.length > 0) return first;
  }
  return run((sink) => new Inflate((chunk) => sink.push(chunk)), hasZlibHeader ? data.subarray(2) : data, bound, encodedSize);
}
