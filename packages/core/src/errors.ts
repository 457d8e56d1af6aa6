// Loupe's errors: one base class, `LoupeError`, with a stable snake_case `code` from one union for
// the whole engine — documents, media and the worker pool. The codes are the engine's own; each
// service contract spells them its way at its edge (`error-bodies.ts`: the document spec's
// `{type, code, message, doc_url}`, the media spec's UPPER_SNAKE_CASE bodies). Errors are plain
// data besides their class, so they cross a worker boundary and come back as the same class
// (`serializeError` / `reviveError`).
import type { MediaType } from './spec/media.js';

/** Codes of the document engine (also the document spec's codes). */
export type DocumentErrorCode = 'unreadable_document' | 'unsupported_type' | 'file_encrypted' | 'file_too_large' | 'server_error';

/** Codes of the media engine (the media spec spells them in upper case). */
export type MediaErrorCode =
  | 'unsupported_media_type'
  | 'undecodable_image'
  | 'undecodable_video'
  | 'undecodable_audio'
  | 'file_too_large'
  | 'not_assessable'
  | 'detectors_unavailable';

/** Codes of the worker pool: why it ended a job itself. */
export type PoolErrorCode = 'queue_full' | 'job_timeout' | 'job_cancelled' | 'job_out_of_memory' | 'worker_crashed' | 'pool_closed';

/** Every stable code an engine error can carry. */
export type LoupeErrorCode = DocumentErrorCode | MediaErrorCode | PoolErrorCode;

/** Why a document could not be read, finer than its code (carried as `reason`). */
export type UnreadableReason =
  | 'not_a_pdf'
  | 'no_objects'
  | 'nesting_too_deep'
  | 'too_many_objects'
  | 'stream_too_large'
  | 'decompression_bomb'
  | 'work_limit'
  | 'broken_structure'
  | 'empty_file'
  | 'io_error'
  | 'unknown_format';

/** Why a model could not be used (carried as `reason`). */
export type ModelErrorReason =
  | 'model_digest_mismatch'
  | 'model_task_mismatch'
  | 'model_input_mismatch'
  | 'model_output_mismatch'
  | 'model_threshold_invalid'
  | 'model_unavailable';

/** Base class of every error Loupe throws on purpose. */
export class LoupeError extends Error {
  override readonly name: string = 'LoupeError';
  constructor(
    readonly code: LoupeErrorCode,
    message: string,
    /** A finer reason than the code, snake_case. */
    readonly reason?: string,
  ) {
    super(message);
  }
}

/** The file is recognised but cannot be parsed, or a parse bound was hit. */
export class UnreadableDocumentError extends LoupeError {
  override readonly name: string = 'UnreadableDocumentError';
  constructor(message: string, reason: UnreadableReason = 'broken_structure') {
    super('unreadable_document', message, reason);
  }
}

/** A hard bound (depth, object count, decoded size, ratio, work) stopped the parse. */
export class LimitExceededError extends UnreadableDocumentError {
  override readonly name = 'LimitExceededError';
}

/** The PDF needs a password (or a certificate) that Loupe does not have. */
export class FileEncryptedError extends LoupeError {
  override readonly name = 'FileEncryptedError';
  constructor(message: string) {
    super('file_encrypted', message);
  }
}

/** Recognised content in a format Loupe does not analyse (GIF, WEBP, TIFF, HEIC, BMP). */
export class UnsupportedTypeError extends LoupeError {
  override readonly name = 'UnsupportedTypeError';
  constructor(readonly format: string) {
    super('unsupported_type', `${format.toUpperCase()} files are not supported; submit a PDF, PNG or JPEG.`);
  }
}

/** The file exceeds the size or page limits of the document spec. */
export class FileTooLargeError extends LoupeError {
  override readonly name = 'FileTooLargeError';
  constructor(message: string) {
    super('file_too_large', message);
  }
}

/** A model that cannot be used: missing, not matching its manifest or task, or answering out of shape. */
export class ModelError extends LoupeError {
  override readonly name = 'ModelError';
  constructor(message: string, reason: ModelErrorReason) {
    super('server_error', message, reason);
  }
}

/** A media detection that ended without a Detection. `not_assessable` is an answer, not an outage. */
export class MediaError extends LoupeError {
  override readonly name = 'MediaError';
  declare readonly code: MediaErrorCode;
  constructor(
    code: MediaErrorCode,
    message: string,
    /** Lower-case reasons, for `not_assessable` (`audio_too_short`, `no_voice_content`). */
    readonly reasons: string[] = [],
  ) {
    super(code, message);
  }
}

/** The undecodable code of a media type. */
export function undecodable(type: MediaType, message: string): MediaError {
  return new MediaError(type === 'image' ? 'undecodable_image' : type === 'video' ? 'undecodable_video' : 'undecodable_audio', message);
}

/** An error of the worker pool (not of the engine): the job was refused, stopped or lost. */
export class PoolError extends LoupeError {
  override readonly name = 'PoolError';
  declare readonly code: PoolErrorCode;
  constructor(code: PoolErrorCode, message: string) {
    super(code, message);
  }
}

/** An error as plain data (for a message channel). */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
  reasons?: string[];
  format?: string;
}

/** Flattens an error: its class name, message and the data fields of Loupe's errors. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const out: SerializedError = { name: error.name, message: error.message };
  const e = error as Error & Record<'code' | 'reason' | 'format' | 'reasons', unknown>;
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.reason === 'string') out.reason = e.reason;
  if (typeof e.format === 'string') out.format = e.format;
  if (Array.isArray(e.reasons)) out.reasons = e.reasons.map(String);
  return out;
}

/** Loupe's error classes by name, for revival. */
const CLASSES: Record<string, { prototype: LoupeError }> = {
  LoupeError,
  UnreadableDocumentError,
  LimitExceededError,
  FileEncryptedError,
  UnsupportedTypeError,
  FileTooLargeError,
  ModelError,
  MediaError,
  PoolError,
};

/**
 * Revives a serialized error as the class it was thrown as (`instanceof` holds, `code`,
 * `reason`, `reasons` and `format` are kept); an unknown class comes back as an `Error` with the
 * same name and message.
 */
export function reviveError(s: SerializedError): Error {
  const cls = CLASSES[s.name];
  const error: Error = cls ? (Object.create(cls.prototype) as Error) : new Error(s.message);
  if (cls) {
    const fields: Record<string, unknown> = { name: s.name, message: s.message, stack: `${s.name}: ${s.message}\n    (in a worker)` };
    if (s.code !== undefined) fields.code = s.code;
    if (s.reason !== undefined) fields.reason = s.reason;
    if (s.format !== undefined) fields.format = s.format;
    if (cls === CLASSES.MediaError || s.reasons) fields.reasons = s.reasons ?? [];
    for (const [key, value] of Object.entries(fields))
      Object.defineProperty(error, key, { value, writable: true, configurable: true, enumerable: key !== 'stack' && key !== 'message' });
  } else {
    Object.defineProperty(error, 'name', { value: s.name, configurable: true });
  }
  return error;
}
