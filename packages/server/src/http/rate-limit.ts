// Per-key request limits: a one-minute window per key and route group that opens with the key's
// first request after the last window closed, counted in process
// (the embedded deployment is one process). Every limited response carries `X-RateLimit-Limit`,
// `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix seconds when the window ends) and the IETF
// draft's `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until then); a
// refused one adds `Retry-After`.

/** The verdict for one request. */
export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** A limiter of `limit` requests per `windowMs` per key. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `key` and says whether it may proceed. */
  take(key: string): RateDecision {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= this.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 100_000) this.sweep(t);
    }
    const allowed = w.count < this.limit;
    if (allowed) w.count++;
    const resetMs = w.start + this.windowMs;
    const remaining = Math.max(0, this.limit - w.count);
    const seconds = Math.max(1, Math.ceil((resetMs - t) / 1000));
    const headers: Record<string, string> = {
      'x-ratelimit-limit': String(this.limit),
      'x-ratelimit-remaining': String(remaining),
      'x-ratelimit-reset': String(Math.ceil(resetMs / 1000)),
      'ratelimit-limit': String(this.limit),
      'ratelimit-remaining': String(remaining),
      'ratelimit-reset': String(seconds),
    };
    if (!allowed) headers['retry-after'] = String(seconds);
    return { allowed, headers };
  }

  private sweep(t: number): void {
    for (const [key, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(key);
  }
}
