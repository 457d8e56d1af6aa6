// Per-key request limits: a one-minute window per key and route group that opens with the key's
// first request after the last window closed, counted in a RateState (this process's memory, or
// the shared database so every API process counts against one window). Every limited response carries `X-RateLimit-Limit`,
// `X-RateLimit-Remaining`, `X-RateLimit-Reset` (Unix seconds when the window ends) and the IETF
// draft's `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` (seconds until then); a
// refused one adds `Retry-After`.

import { memoryRateState, type RateState } from './rate-state.js';

/** The verdict for one request. */
export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

/** A limiter of `limit` requests per `windowMs` per key. */
export class RateLimiter {
  constructor(
    readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly state: RateState = memoryRateState(),
  ) {}

  /** Counts one request of `key` and says whether it may proceed. */
  async take(key: string): Promise<RateDecision> {
    const t = this.now();
    let allowed = false;
    const counter = await this.state.update(`window:${this.limit}:${key}`, (current) => {
      const w = current && t - current.atMs < this.windowMs ? current : { level: 0, atMs: t };
      allowed = w.level < this.limit;
      return allowed ? { level: w.level + 1, atMs: w.atMs } : w;
    });
    const w = { start: counter.atMs, count: counter.level };
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
}
