// Loupe's error classes. Every failure the engine reports is a `LoupeError` with a stable
// `code` (snake_case, machine surface) and an actionable message; `toSpecError` maps it onto the
// document-forensics spec's error object so adapters never invent error shapes.

/** Stable machine codes of engine failures. */
export type LoupeErrorCode =
  | 'unreadable_document'
  | 'unsupported_type'
  | 'file_encrypted'
  | 'file_too_large'
  | 'server_error';

/** Why a document could not be read, finer than the spec's code (carried as `error.reason`). */
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

/** Base class of every error Loupe throws on purpose. */
export class LoupeError extends Error {
  override readonly name: string = 'LoupeError';
  constructor(
    readonly code: LoupeErrorCode,
    message: string,
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

/** The file exceeds the size or page limits of the spec. */
export class FileTooLargeError extends LoupeError {
  override readonly name = 'FileTooLargeError';
  constructor(message: string) {
    super('file_too_large', message);
  }
}

/** Why a model could not be used. */
export type ModelErrorReason = 'model_digest_mismatch' | 'model_task_mismatch' | 'model_input_mismatch' | 'model_output_mismatch' | 'model_threshold_invalid' | 'model_unavailable';

/** A model that cannot be used: missing, not matching its manifest or task, or answering out of shape. */
export class ModelError extends LoupeError {
  override readonly name = 'ModelError';
  constructor(message: string, reason: ModelErrorReason) {
    super('server_error', message, reason);
  }
}

/** The spec's error object: `{type, code, message, doc_url}` plus context keys. */
export interface SpecError {
  type: string;
  code: string;
  message: string;
  doc_url: string;
  reason?: string;
}

const ERROR_TYPES: Record<LoupeErrorCode, string> = {
  unreadable_document: 'processing_error',
  unsupported_type: 'file_error',
  file_encrypted: 'file_error',
  file_too_large: 'file_error',
  server_error: 'server_error',
};

/** Base of the documentation links in error objects. */
export const ERROR_DOC_BASE = 'https://docs.loupe.dev/errors#';

/** Maps any thrown value onto the spec's error object; unknown failures become `server_error`. */
export function toSpecError(error: unknown): SpecError {
  if (error instanceof LoupeError) {
    const spec: SpecError = {
      type: ERROR_TYPES[error.code],
      code: error.code,
      message: error.message,
      doc_url: ERROR_DOC_BASE + error.code,
    };
    if (error.reason !== undefined) spec.reason = error.reason;
    return spec;
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    type: 'server_error',
    code: 'server_error',
    message: `The engine failed unexpectedly: ${detail}`,
    doc_url: ERROR_DOC_BASE + 'server_error',
  };
}
