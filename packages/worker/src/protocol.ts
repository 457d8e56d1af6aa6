// The message protocol between a pool and its workers, the same for worker_threads and Web
// Workers: a discriminated union keyed by `type`, every job message carrying its request id,
// input bytes moved with a transfer list rather than copied, and errors flattened to plain data
// that keeps `name`, `code`, `reason` and `reasons`, so an engine error is revived on the other
// side as the same class with the same stable code.
import { LoupeError, MediaError, type DetectInput, type MediaErrorCode, type ScanInput } from '@loupe/core';

/** The work a worker does. */
export type JobKind = 'scan' | 'detect';

/** What a job of each kind takes besides its bytes. */
export interface JobInputs {
  scan: ScanInput;
  detect: DetectInput;
}

/** Pool -> worker. */
export type WorkerRequest =
  | { type: 'run'; id: number; kind: 'scan'; bytes: Uint8Array; input: ScanInput }
  | { type: 'run'; id: number; kind: 'detect'; bytes: Uint8Array; input: DetectInput };

/** A stage a job reached, reported as it happens. */
export type JobStage = 'started' | 'finished';

/** Worker -> pool. */
export type WorkerResponse =
  | { type: 'progress'; id: number; stage: JobStage }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError };

/** An error as plain data. */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  reason?: string;
  reasons?: string[];
}

/** Flattens an error for the message channel. */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const out: SerializedError = { name: error.name, message: error.message };
  const e = error as Error & { code?: unknown; reason?: unknown; reasons?: unknown };
  if (typeof e.code === 'string') out.code = e.code;
  if (typeof e.reason === 'string') out.reason = e.reason;
  if (Array.isArray(e.reasons)) out.reasons = e.reasons.map(String);
  return out;
}

/** Revives a serialized error: a `MediaError` or `LoupeError` with its code, else a plain `Error`. */
export function reviveError(s: SerializedError): Error {
  let error: Error;
  if (s.name === 'MediaError' && s.code) error = new MediaError(s.code as MediaErrorCode, s.message, s.reasons ?? []);
  else if (s.code && /^[a-z_]+$/.test(s.code)) error = new LoupeError(s.code as LoupeError['code'], s.message, s.reason);
  else error = new Error(s.message);
  Object.defineProperty(error, 'name', { value: s.name, configurable: true });
  return error;
}

/** The buffers a request can hand over instead of copying. */
export function transferList(request: WorkerRequest): ArrayBuffer[] {
  const buffer = request.bytes.buffer;
  return buffer instanceof ArrayBuffer && request.bytes.byteOffset === 0 && request.bytes.byteLength === buffer.byteLength ? [buffer] : [];
}
