// One media detection through the service: admit and price the bytes, reserve the price in one
// store transaction (402 when the balance cannot cover it, 503 when the balance cannot be read),
// run the engine on the worker pool, then settle the actual charge, the ledger row and the stored
// body in one transaction (503 and nothing stored when that fails) or release the reservation on
// any failure. Same bytes from the same account within 30 days cost nothing (`duplicate`, and the
// stored analysis is reused when the detector version is the same); a sandbox key costs nothing
// (`sandbox`). The answer is the exact JSON text stored, so a read returns it byte for byte.
import { createHash, randomBytes } from 'node:crypto';
import { type DetectInput, type Detection, DetectionSchema, type DetectorVersion, type MediaDecoder, type MediaType, type Source } from '@loupe/core';
import type { MediaCaller } from '../http/auth/media-caller.js';
import { engineError, type MediaHttpError, objectError, serviceUnavailable, stringError } from '../http/errors/media-errors.js';
import type { ServiceMetrics } from '../ops/metrics.js';
import { type ReservedBytes, type ReserveResult, type Store, StoreError } from '../store/store.js';
import { price } from './pricing.js';

/** Runs detections (the worker pool, or an engine in tests). */
export interface DetectionRunner {
  /** Detects one photo, video or audio file. */
  detect(bytes: Uint8Array, input: DetectInput): Promise<Detection>;
}

/** What the service needs. */
export interface DetectionDeps {
  store: Store;
  runner: DetectionRunner;
  decoder: MediaDecoder;
  /** Where answered and failed detections and debited credits are counted. */
  metrics?: Pick<ServiceMetrics, 'detection'>;
  now?: () => Date;
}

/** A detection request. */
export interface DetectionRequest {
  bytes: Uint8Array;
  filename: string | null;
  thumbnails: boolean;
  source?: Source;
  requestId: string;
  /** The media type the route takes (the published routes): another is refused before anything is charged. */
  expect?: MediaType;
}

const DUPLICATE_WINDOW_MS = 30 * 24 * 3600 * 1000;
const DETECTION_KEYS = Object.keys(DetectionSchema.properties);

/** The Detection with its keys in the spec's order. */
function ordered(d: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of DETECTION_KEYS) if (key in d) out[key] = d[key];
  return out;
}

/** Longest media a link may name (the contract's five minutes, for pages and direct files alike). */
const LINK_MAX_DURATION_S = 300;

const billingUnavailable = (what: string): MediaHttpError => serviceUnavailable(what, 'BILLING_UNAVAILABLE');

/** Creates the detection service. */
export function detectionService(deps: DetectionDeps) {
  const now = deps.now ?? (() => new Date());

  /** Reserves the run's price, unless the store finds it a duplicate of the same bytes in this environment (then nothing). */
  async function reserve(caller: MediaCaller, credits: number, bytes: ReservedBytes): Promise<Extract<ReserveResult, { ok: true }>> {
    let result: ReserveResult;
    try {
      result = await deps.store.credits.reserve(caller.account.id, credits, bytes);
    } catch {
      throw billingUnavailable('The balance could not be checked, so nothing ran');
    }
    if (result.ok) return result;
    throw objectError(402, 'INSUFFICIENT_CREDITS', `This run costs ${credits} credit${credits === 1 ? '' : 's'}; ${result.available} available.`, {
      data: {
        allowed: false,
        limit: result.balance,
        currentUsage: result.balance - result.available,
        remaining: result.available,
        balance: result.balance,
        reason: 'INSUFFICIENT_CREDITS',
        refusalStatus: 402,
      },
    });
  }

  /** Runs one detection and answers its JSON text. */
  async function create(caller: MediaCaller, request: DetectionRequest): Promise<string> {
    const { store } = deps;
    const account = caller.account;
    const version: DetectorVersion = account.detector;
    const sha256 = createHash('sha256').update(request.bytes).digest('hex');
    let priced: Awaited<ReturnType<typeof price>>;
    try {
      priced = await price(request.bytes, request.filename, deps.decoder);
    } catch (error) {
      throw engineError(error, request.requestId);
    }
    // the type as the streams show it (an MP4 holding only audio is a recording)
    if (request.expect && priced.media.type !== request.expect) {
      const found = priced.media.type;
      throw objectError(
        422,
        'UNSUPPORTED_MEDIA_TYPE',
        `This route takes ${request.expect}; the file is ${found === 'image' ? 'an' : 'a'} ${found} (use /v1/detect/${found} or /v1/detections).`,
      );
    }
    // a link is capped by duration as well as size, whether it named a page or the file itself
    if (request.source && priced.durationS > LINK_MAX_DURATION_S)
      throw stringError(
        422,
        'LINK_NOT_RESOLVABLE',
        `The linked media lasts ${Math.round(priced.durationS)} s; at most ${LINK_MAX_DURATION_S} s are accepted.`,
        {
          retryable: false,
          resolverCode: 'TOO_LONG',
        },
      );
    // same bytes, same account, same environment, 30 days: decided by the store with the reservation
    const sandbox = caller.key?.sandbox ?? false;
    const since = new Date(now().getTime() - DUPLICATE_WINDOW_MS).toISOString();
    const { reservation, duplicate, previous } = await reserve(caller, sandbox ? 0 : priced.credits, { sha256, sandbox, since });
    const zeroCharge = sandbox ? 'sandbox' : duplicate ? 'duplicate' : undefined;
    let detection: Detection;
    try {
      const reusable = previous && previous.detector === version ? (JSON.parse(previous.body) as Detection) : undefined;
      if (reusable && (priced.media.type !== 'video' || reusable.frames?.some((f) => f.thumbnail_b64 !== undefined) === request.thumbnails)) {
        const { source: _source, zero_charge_reason: _reason, ...analysis } = reusable;
        detection = { ...analysis, id: `det_${randomBytes(8).toString('hex')}`, created_at: now().toISOString(), media: priced.media };
      } else {
        detection = await deps.runner.detect(request.bytes, { filename: request.filename, thumbnails: request.thumbnails, version });
      }
    } catch (error) {
      await store.credits.release(reservation.id).catch(() => undefined);
      deps.metrics?.detection(priced.media.type, 'failed', undefined, 0);
      throw engineError(error, request.requestId);
    }
    const credits = zeroCharge ? 0 : Math.min(detection.credits_used, reservation.credits);
    if (!zeroCharge && credits === 0) {
      await store.credits.release(reservation.id).catch(() => undefined);
      throw objectError(502, 'DETECTION_NOT_BILLABLE', 'The detector answered with nothing billable (no frame could be scored); nothing was charged.');
    }
    const body = JSON.stringify(
      ordered({
        ...detection,
        credits_used: credits,
        ...(zeroCharge ? { zero_charge_reason: zeroCharge } : {}),
        ...(request.source ? { source: request.source } : {}),
      }),
    );
    try {
      await store.credits.settle(reservation.id, credits, {
        id: detection.id,
        accountId: account.id,
        sandbox,
        sha256,
        detector: version,
        body,
        createdAt: detection.created_at,
      });
    } catch (error) {
      await store.credits.release(reservation.id).catch(() => undefined);
      if (error instanceof StoreError) throw billingUnavailable('The charge could not be recorded, so the result is withheld and nothing was stored');
      throw error;
    }
    deps.metrics?.detection(priced.media.type, 'completed', detection.verdict, credits);
    return body;
  }

  return { create };
}

export type DetectionService = ReturnType<typeof detectionService>;
