// The document API's per-key token bucket: a capacity (burst) of 1,200, refilled continuously at
// 600 a minute, so an idle key may send 1,200 at once and then 10 a second. `X-RateLimit-Limit` is
// the capacity, `X-RateLimit-Remaining` the tokens left, `X-RateLimit-Reset` the seconds until the
// bucket is full — or, on a 429, until the next request is accepted, also as `Retry-After`.
// The buckets live in a RateState: this process's memory, or the shared database.
import { memoryRateState, type RateState } from './rate-state.js';

/** The decision for one request. */
export interface BucketDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Token buckets by key. */
export class TokenBuckets {
  constructor(
    readonly capacity = 1200,
    readonly perMinute = 600,
    private readonly now: () => number = Date.now,
    private readonly state: RateState = memoryRateState(),
  ) {}

  /** The headers of a request counted against no key (it carried none that is valid): a full bucket. */
  uncounted(): Record<string, string> {
    return { 'x-ratelimit-limit': String(this.capacity), 'x-ratelimit-remaining': String(this.capacity), 'x-ratelimit-reset': '0' };
  }

  /** Takes one token for `key`. */
  async take(key: string): Promise<BucketDecision> {
    const t = this.now();
    const rate = this.perMinute / 60_000;
    let allowed = false;
    const b = await this.state.update(`bucket:${key}`, (current) => {
      const tokens = current ? Math.min(this.capacity, current.level + (t - current.atMs) * rate) : this.capacity;
      allowed = tokens >= 1;
      return { level: allowed ? tokens - 1 : tokens, atMs: t };
    });
    const remaining = Math.floor(b.level);
    const reset = allowed ? Math.ceil((this.capacity - b.level) / rate / 1000) : Math.max(1, Math.ceil((1 - b.level) / rate / 1000));
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(this.capacity),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
    };
    if (!allowed) headers['retry-after'] = String(reset);
    return { allowed, headers };
  }
}
