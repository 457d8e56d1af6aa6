// The document API's per-key token bucket: a capacity (burst) of 1,200, refilled continuously at
// 600 a minute, so an idle key may send 1,200 at once and then 10 a second. `X-RateLimit-Limit` is
// the capacity, `X-RateLimit-Remaining` the tokens left, `X-RateLimit-Reset` the seconds until the
// bucket is full — or, on a 429, until the next request is accepted, also as `Retry-After`.

/** The decision for one request. */
export interface BucketDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** Token buckets by key. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    readonly capacity = 1200,
    readonly perMinute = 600,
    private readonly now: () => number = Date.now,
  ) {}

  /** The headers of a request counted against no key (it carried none that is valid): a full bucket. */
  uncounted(): Record<string, string> {
    return { 'x-ratelimit-limit': String(this.capacity), 'x-ratelimit-remaining': String(this.capacity), 'x-ratelimit-reset': '0' };
  }

  /** Takes one token for `key`. */
  take(key: string): BucketDecision {
    const t = this.now();
    const rate = this.perMinute / 60_000;
    const b = this.buckets.get(key) ?? { tokens: this.capacity, at: t };
    b.tokens = Math.min(this.capacity, b.tokens + (t - b.at) * rate);
    b.at = t;
    const allowed = b.tokens >= 1;
    if (allowed) b.tokens -= 1;
    this.buckets.set(key, b);
    const remaining = Math.floor(b.tokens);
    const reset = allowed ? Math.ceil((this.capacity - b.tokens) / rate / 1000) : Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(this.capacity),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(reset),
    };
    if (!allowed) headers['retry-after'] = String(reset);
    return { allowed, headers };
  }
}
