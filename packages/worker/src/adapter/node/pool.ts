// The pool on worker_threads: each worker runs adapter/node/worker-entry in its own thread with
// a V8 heap limit (`memoryMb`), so a job that exhausts it ends in `job_out_of_memory` and only
// that worker is replaced. The entry is always the built dist/adapter/node/worker-entry.js (from
// the sources too, as in the tests, which `npm test` builds first): worker threads do not get
// TypeScript loaders on Node 20.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DetectorModels, DetectorVersion } from '@loupe/core';
import { Pool, type PoolOptions, type WorkerHandle } from '../../pool.js';
import type { WorkerResponse } from '../../protocol.js';

/** How the engines inside each worker are made. */
export interface NodeWorkerEngineOptions {
  /** OCR of image-only pages and photos (default true). */
  ocr?: boolean;
  /** Media engine options that can cross a thread boundary. */
  media?: { version?: DetectorVersion; models?: Partial<DetectorModels>; modelsDir?: string };
}

/** Options of a worker_threads pool. */
export interface NodePoolOptions extends Omit<PoolOptions, 'spawn'>, NodeWorkerEngineOptions {
  /** V8 heap limit per worker in MiB (default 2048); pixel and PCM buffers are bounded by the engines' own caps. */
  memoryMb?: number;
}

/** Workers by default: the cores but one, at least one. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** The worker entry: next to the bundle in dist/, or in dist/ when running from src/. */
function entry(): URL {
  return new URL(import.meta.url.endsWith('.ts') ? '../../../dist/adapter/node/worker-entry.js' : './adapter/node/worker-entry.js', import.meta.url);
}

/** Creates a pool of engine workers on worker_threads. */
export function createNodePool(options: NodePoolOptions = {}): Pool {
  const url = entry();
  const engines: NodeWorkerEngineOptions = { ...(options.ocr === undefined ? {} : { ocr: options.ocr }), ...(options.media ? { media: options.media } : {}) };
  const spawn = (): WorkerHandle => {
    const worker = new Worker(url, { workerData: engines, resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 2048 } });
    // an idle worker does not keep the process alive; one with a job does
    worker.unref();
    let ended = false;
    return {
      post(request, transfer) {
        worker.ref();
        worker.postMessage(request, transfer);
      },
      listen(onMessage, onExit) {
        worker.on('message', (response: WorkerResponse) => {
          if (response.type !== 'progress') worker.unref();
          onMessage(response);
        });
        let failure: Error | undefined;
        worker.on('error', (error) => (failure = error));
        worker.on('exit', () => {
          if (ended) return;
          ended = true;
          const oom = (failure as { code?: string } | undefined)?.code === 'ERR_WORKER_OUT_OF_MEMORY';
          onExit(oom
            ? { reason: 'out_of_memory', message: `The job used more than the worker's ${options.memoryMb ?? 2048} MiB heap and was stopped.` }
            : { reason: 'crashed', message: `The worker stopped: ${failure?.message ?? 'it exited'}.` });
        });
      },
      async terminate() {
        ended = true;
        await worker.terminate();
      },
    };
  };
  return new Pool({ ...options, size: options.size ?? defaultPoolSize(), spawn });
}
