// The separately published detection routes: `POST /v1/detect/image`, `/v1/detect/audio` and
// `/v1/detect/video` (multipart `file`; the stated caps and per-key rates: 100, 100 and 50 a
// minute) answering short verdicts — the image one as the spec shows it, audio and video designed
// in its style — and `POST /url-detection` (a heuristic look at the URL, nothing fetched). The
// detect routes run the same detection as `POST /v1/detections` and are billed the same way on
// the same ledger; a file of another media type than the route's is `422 UNSUPPORTED_MEDIA_TYPE`.
import type { Detection } from '@loupe/core';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import type { LoupeApp } from '../http/app.js';
import { keyCaller, type MediaCaller } from '../http/auth/media-caller.js';
import { MediaHttpError, objectError, stringError } from '../http/errors/media-errors.js';
import { RateLimiter } from '../http/rates/rate-limit.js';
import type { RateState } from '../http/rates/rate-state.js';
import { FilePart, MultipartBody, mediaErrors } from '../http/schemas.js';
import { readMediaForm } from '../http/uploads/media-form.js';
import type { Store } from '../store/store.js';
import type { DetectionService } from './detections.js';
import { checkUrl } from './url-check.js';

/** What the published routes need. */
export interface PublishedRouteDeps {
  /** Where rate counters live (default: this process). */
  rates?: RateState;
  store: Store;
  detections: DetectionService;
}

const security = [{ apiKey: [] }];

/**
 * The one decision rule over a detection's score, so every route answers the same file the same
 * way: synthetic when the score is at or above 0.5 (the scale's threshold; an ALERT counts by its
 * score), or, with no score, when the verdict is LIKELY_AI.
 */
export const isSynthetic = (d: Detection): boolean => (d.score === null || d.score === undefined ? d.verdict === 'LIKELY_AI' : d.score >= 0.5);

/** How sure the answer is: the score for a synthetic answer, its complement otherwise. */
const confidence = (d: Detection, synthetic: boolean): number => Math.round((synthetic ? (d.score ?? 0) : 1 - (d.score ?? 0)) * 100) / 100;

/** Registers the published routes on `app`. */
export function publishedRoutes(app: LoupeApp, deps: PublishedRouteDeps): void {
  const limiter = (limit: number) => new RateLimiter(limit, 60_000, Date.now, deps.rates);
  const limiters = { image: limiter(100), audio: limiter(100), video: limiter(50), url: limiter(100) };
  const limit = async (caller: MediaCaller, which: keyof typeof limiters, reply: FastifyReply): Promise<void> => {
    const decision = await limiters[which].take(`${which}:${caller.key?.id ?? caller.account.id}`);
    reply.headers(decision.headers);
    if (!decision.allowed)
      throw new MediaHttpError(429, { error: 'RATE_LIMITED', message: 'Too many requests; retry after the Retry-After seconds.' }, decision.headers);
  };

  const detectRoute = (type: 'image' | 'audio' | 'video', summary: string, shape: (d: Detection, synthetic: boolean) => Record<string, unknown>) => {
    const schema = {
      tags: ['published detection routes'],
      summary,
      security,
      body: { content: { 'multipart/form-data': { schema: MultipartBody({ file: FilePart(`The ${type} file.`) }, ['file']) } } },
      response: {
        200: Type.Object(
          { is_synthetic: Type.Boolean(), confidence: Type.Number(), processing_time_ms: Type.Integer(), model: Type.String() },
          { additionalProperties: true },
        ),
        ...mediaErrors(400, 401, 402, 403, 413, 422, 429),
      },
    };
    app.post(`/v1/detect/${type}`, { schema }, async (request, reply) => {
      const started = performance.now();
      const caller = await keyCaller(deps.store, request, ['AI_CONTENT_DETECTION']);
      await limit(caller, type, reply);
      if (!request.isMultipart()) throw objectError(400, 'BAD_REQUEST', 'Send multipart/form-data with a `file`.');
      const { file } = await readMediaForm(request);
      if (!file) throw objectError(400, 'BAD_REQUEST', 'The `file` part is missing.');
      if (file.bytes.length === 0) throw objectError(422, `UNDECODABLE_${type.toUpperCase()}`, 'The file is empty.');
      const d = JSON.parse(
        await deps.detections.create(caller, { bytes: file.bytes, filename: file.filename, thumbnails: false, requestId: request.id, expect: type }),
      ) as Detection;
      const synthetic = isSynthetic(d);
      return {
        is_synthetic: synthetic,
        confidence: confidence(d, synthetic),
        processing_time_ms: Math.round(performance.now() - started),
        model: d.model,
        ...shape(d, synthetic),
      };
    });
  };
  detectRoute('image', 'Is this image generated? (JPG, PNG, WebP; 10 MB; 100 a minute)', () => ({}));
  detectRoute('audio', 'Is this speech synthetic? (MP3, WAV, M4A, FLAC, OGG, AAC; 50 MB; 100 a minute)', (d) => ({
    duration_ms: d.duration_ms ?? 0,
    segments: (d.segments ?? []).map((s) => ({ start_ms: s.start_ms, end_ms: s.end_ms, value: s.value, status: s.status })),
  }));
  detectRoute('video', 'Is this video generated? (MP4, MOV, WebM; 100 MB; 50 a minute)', (d) => ({
    frames_analyzed: (d.frames ?? []).filter((f) => f.score !== null).length,
    frames: (d.frames ?? []).map((f) => ({ timestamp_s: f.timestamp_s, score: f.score })),
  }));

  app.post(
    '/url-detection',
    {
      schema: {
        tags: ['published detection routes'],
        summary: 'Is this URL malicious? (heuristics on the URL itself; nothing is fetched; free)',
        security,
        body: Type.Object({ url: Type.String({ maxLength: 8192 }) }),
        response: { 200: Type.Object({}, { additionalProperties: true, description: 'The URL verdict.' }), ...mediaErrors(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const started = performance.now();
      const caller = await keyCaller(deps.store, request, ['QR_URL_DETECTION']);
      await limit(caller, 'url', reply);
      const { url } = request.body;
      try {
        return checkUrl(url, started);
      } catch {
        throw stringError(400, 'INVALID_URL', 'The url is not a URL.', { retryable: false });
      }
    },
  );
}
