// The per-key budget of detections: one window of requests a minute per key (100 by default),
// spent alike by `POST /v1/detections` and the MCP tool `detect_media`, so a key cannot double its
// allowance by switching transport. A spent budget is `429 RATE_LIMITED` with `Retry-After`.
import type { MediaCaller } from '../http/auth/media-caller.js';
import { MediaHttpError } from '../http/errors/media-errors.js';
import { RateLimiter } from '../http/rates/rate-limit.js';
import type { RateState } from '../http/rates/rate-state.js';

/** The detections budget shared by every route and tool that runs a detection. */
export interface DetectionBudget {
  /** Spends one request of the caller's key; answers the rate headers, or throws 429 with them. */
  spend(caller: MediaCaller): Promise<Record<string, string>>;
}

/** A budget of `perMinute` detections per key, counted in `rates`. */
export function detectionBudget(perMinute = 100, rates?: RateState): DetectionBudget {
  const limiter = new RateLimiter(perMinute, 60_000, Date.now, rates);
  return {
    async spend(caller) {
      const decision = await limiter.take(`detections:${caller.key?.id ?? caller.account.id}`);
      if (!decision.allowed)
        throw new MediaHttpError(429, { error: 'RATE_LIMITED', message: 'Too many requests; retry after the Retry-After seconds.' }, decision.headers);
      return decision.headers;
    },
  };
}
