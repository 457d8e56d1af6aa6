// The message protocol between a pool and its workers, the same for worker_threads and Web
// Workers: a discriminated union keyed by `type`, every job message carrying its request id,
// input bytes moved with a transfer list rather than copied, and errors flattened to plain data
// by the core (`serializeError`), so an engine error is revived on the other side as the same
// class with the same stable code (`reviveError`).
import type { DetectInput, Detection, RasterImage, ScanDetail, ScanInput } from '@loupe/core';
import type { SerializedError } from '@loupe/core/internal';

/** The work a worker does. */
export type JobKind = 'scan' | 'detect' | 'render';

/** Pages of a PDF to render, and at what resolution. */
export interface RenderInput {
  pages: number[];
  dpi: number;
}

/** What a job of each kind takes besides its bytes. */
export interface JobInputs {
  scan: ScanInput;
  detect: DetectInput;
  render: RenderInput;
}

/** What a job of each kind answers. */
export interface JobOutputs {
  scan: ScanDetail;
  detect: Detection;
  render: RasterImage[];
}

/** Pool -> worker. */
export type WorkerRequest =
  | { type: 'run'; id: number; kind: 'scan'; bytes: Uint8Array; input: ScanInput }
  | { type: 'run'; id: number; kind: 'detect'; bytes: Uint8Array; input: DetectInput }
  | { type: 'run'; id: number; kind: 'render'; bytes: Uint8Array; input: RenderInput };

/** A stage a job reached, reported as it happens. */
export type JobStage = 'started' | 'finished';

/** Worker -> pool. */
export type WorkerResponse =
  | { type: 'progress'; id: number; stage: JobStage }
  | { type: 'result'; id: number; value: unknown }
  | { type: 'error'; id: number; error: SerializedError };

/** The buffers a request can hand over instead of copying. */
export function transferList(request: WorkerRequest): ArrayBuffer[] {
  const buffer = request.bytes.buffer;
  return buffer instanceof ArrayBuffer && request.bytes.byteOffset === 0 && request.bytes.byteLength === buffer.byteLength ? [buffer] : [];
}
