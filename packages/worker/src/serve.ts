// The worker side of the protocol, the same in worker_threads and Web Workers: answers `run`
// requests with the engines it is given (made on first use), reporting progress and sending the
// result or the serialized error.
import type { DetectInput, Detection, RasterImage, ScanDetail, ScanInput } from '@loupe/core';
import { serializeError } from '@loupe/core/internal';
import type { RenderInput, WorkerRequest, WorkerResponse } from './protocol.js';

/** The engines a worker runs, made when first needed. */
export interface WorkerEngines {
  /** Makes the document engine (`@loupe/node`'s or the browser's). */
  scan?: () => {
    /** Scans one document with its details. */
    scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail>;
  };
  /** Makes the media engine. */
  detect?: () => {
    /** Detects one photo, video or audio file. */
    detect(bytes: Uint8Array, input: DetectInput): Promise<Detection>;
  };
  /** Makes the page renderer. */
  render?: () => {
    /** Renders pages of a PDF. */
    render(bytes: Uint8Array, input: RenderInput): Promise<RasterImage[]>;
  };
}

/** The message channel of the worker's side (parentPort, or a Web Worker's global scope). */
export interface WorkerPort {
  /** Sends a response to the pool. */
  postMessage(message: WorkerResponse): void;
}

/** Handles one request; call it from the port's message listener. */
export function engineServer(engines: WorkerEngines, port: WorkerPort): (request: WorkerRequest) => Promise<void> {
  let scanner: ReturnType<NonNullable<WorkerEngines['scan']>> | undefined;
  let detector: ReturnType<NonNullable<WorkerEngines['detect']>> | undefined;
  let renderer: ReturnType<NonNullable<WorkerEngines['render']>> | undefined;
  return async (request) => {
    port.postMessage({ type: 'progress', id: request.id, stage: 'started' });
    try {
      let value: unknown;
      if (request.kind === 'scan') {
        if (!engines.scan) throw new Error('This worker runs no document engine.');
        scanner ??= engines.scan();
        value = await scanner.scanDetailed(request.bytes, request.input);
      } else if (request.kind === 'render') {
        if (!engines.render) throw new Error('This worker renders no pages.');
        renderer ??= engines.render();
        value = await renderer.render(request.bytes, request.input);
      } else {
        if (!engines.detect) throw new Error('This worker runs no media engine.');
        detector ??= engines.detect();
        value = await detector.detect(request.bytes, request.input);
      }
      port.postMessage({ type: 'progress', id: request.id, stage: 'finished' });
      port.postMessage({ type: 'result', id: request.id, value });
    } catch (error) {
      port.postMessage({ type: 'error', id: request.id, error: serializeError(error) });
    }
  };
}
