// The media-detection contract's shapes: the one Detection envelope (with its Media, Frame,
// Segment and Source parts) and the two error bodies the spec puts on the wire (object form and
// string form). One TypeBox source for the TypeScript types and the JSON Schemas; property order
// is the spec's table order. Nullable fields are `T | null` exactly where the spec says
// "or null".
import { type Static, Type } from 'typebox';

/** Media types a detection answers for. */
export const MediaTypeSchema = Type.Enum(['image', 'video', 'audio']);
/** Media types a detection answers for: the type of {@link MediaTypeSchema}. */
export type MediaType = Static<typeof MediaTypeSchema>;

/** The envelope's verdicts (audio answers only LIKELY_REAL or LIKELY_AI). */
export const MediaVerdictSchema = Type.Enum(['LIKELY_REAL', 'ALERT', 'LIKELY_AI']);
/** The envelope's verdicts (audio answers only LIKELY_REAL or LIKELY_AI): the type of {@link MediaVerdictSchema}. */
export type MediaVerdict = Static<typeof MediaVerdictSchema>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** `media` of a Detection. */
export const MediaFactsSchema = Type.Object({
  type: MediaTypeSchema,
  filename: Nullable(Type.String()),
  mime_type: Nullable(Type.String()),
  bytes: Nullable(Type.Integer({ minimum: 0 })),
});
/** `media` of a Detection: the type of {@link MediaFactsSchema}. */
export type MediaFacts = Static<typeof MediaFactsSchema>;

/** One frame of a video's series. */
export const FrameSchema = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  timestamp_s: Type.Number({ minimum: 0 }),
  /** Four decimals; null when not scored (never 0 for unscored). */
  score: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  cause: Type.Optional(Type.String()),
  thumbnail_b64: Type.Optional(Type.String()),
});
/** One frame of a video's series: the type of {@link FrameSchema}. */
export type Frame = Static<typeof FrameSchema>;

/** One analysis window of an audio clip. */
export const SegmentSchema = Type.Object({
  start_ms: Type.Number({ minimum: 0 }),
  end_ms: Type.Number({ minimum: 0 }),
  value: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  status: Type.Enum(['scored', 'abstained']),
  reason_codes: Type.Optional(Type.Array(Type.String())),
});
/** One analysis window of an audio clip: the type of {@link SegmentSchema}. */
export type Segment = Static<typeof SegmentSchema>;

/** `source` of a Detection made from a link. */
export const SourceSchema = Type.Object({
  url: Type.String(),
  canonical_url: Type.Optional(Type.String()),
  platform: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  uploader: Type.Optional(Type.String()),
  duration_s: Type.Optional(Type.Number({ minimum: 0 })),
  truncated: Type.Boolean(),
  analyzed_duration_s: Type.Optional(Type.Number({ minimum: 0 })),
});
/** `source` of a Detection made from a link: the type of {@link SourceSchema}. */
export type Source = Static<typeof SourceSchema>;

/** The spec's Detection: the one envelope for every media type. */
export const DetectionSchema = Type.Object({
  id: Type.String(),
  status: Type.Literal('completed'),
  created_at: Type.String({ format: 'date-time' }),
  media: MediaFactsSchema,
  model: Type.String(),
  verdict: MediaVerdictSchema,
  score: Nullable(Type.Number({ minimum: 0, maximum: 1 })),
  summary: Type.String(),
  credits_used: Type.Integer({ minimum: 0 }),
  zero_charge_reason: Type.Optional(Type.Enum(['sandbox', 'duplicate'])),
  threshold_used: Type.Optional(Type.Number()),
  frames: Type.Optional(Type.Array(FrameSchema)),
  duration_ms: Type.Optional(Type.Number({ minimum: 0 })),
  segments: Type.Optional(Type.Array(SegmentSchema)),
  source: Type.Optional(SourceSchema),
});
/** The spec's Detection: the one envelope for every media type: the type of {@link DetectionSchema}. */
export type Detection = Static<typeof DetectionSchema>;

/** 402 `data`. */
export const InsufficientCreditsDataSchema = Type.Object({
  allowed: Type.Literal(false),
  limit: Type.Number(),
  currentUsage: Type.Number(),
  remaining: Type.Number(),
  balance: Type.Number(),
  reason: Type.Literal('INSUFFICIENT_CREDITS'),
  refusalStatus: Type.Literal(402),
});

/** Fields either error form may carry besides `success` and `error`. */
const errorContext = {
  message: Type.Optional(Type.String()),
  data: Type.Optional(InsufficientCreditsDataSchema),
  reasons: Type.Optional(Type.Array(Type.String())),
  retryable: Type.Optional(Type.Boolean()),
  resolverCode: Type.Optional(Type.String()),
  request_id: Type.Optional(Type.String()),
  timestamp: Type.Optional(Type.String()),
};

/** Object form `{success: false, error: {code, message}}`: route and platform refusals. */
export const MediaObjectErrorSchema = Type.Object({
  success: Type.Literal(false),
  error: Type.Object({ code: Type.String(), message: Type.String() }),
  ...errorContext,
});
/** Object form `{success: false, error: {code, message}}`: route and platform refusals: the type of {@link MediaObjectErrorSchema}. */
export type MediaObjectError = Static<typeof MediaObjectErrorSchema>;

/** String form `{success: false, error: CODE, message}`: link refusals and API_KEY_SCOPE. */
export const MediaStringErrorSchema = Type.Object({
  success: Type.Literal(false),
  error: Type.String(),
  ...errorContext,
});
/** String form `{success: false, error: CODE, message}`: link refusals and API_KEY_SCOPE: the type of {@link MediaStringErrorSchema}. */
export type MediaStringError = Static<typeof MediaStringErrorSchema>;

/** Either error body of the media service. */
export const MediaErrorBodySchema = Type.Union([MediaObjectErrorSchema, MediaStringErrorSchema]);
/** Either error body of the media service: the type of {@link MediaErrorBodySchema}. */
export type MediaErrorBody = Static<typeof MediaErrorBodySchema>;
