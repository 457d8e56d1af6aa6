// The pool on worker_threads: each worker runs the given entry module in its own thread with a
// V8 heap limit (`memoryMb`), so a job that exhausts it ends in `job_out_of_memory` and only
// that worker is replaced. The entry decides which engines the worker serves (for the Node
// engines, `@loupe/node/worker`); this adapter knows nothing of them. Worker threads get no
// TypeScript loader on Node 20, so the entry must be a built JavaScript module.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { Pool, type PoolOptions, type WorkerHandle } from '../../pool.js';
import type { WorkerResponse } from '../../protocol.js';

/** Options of a worker_threads pool. */
export interface ThreadPoolOptions extends Omit<PoolOptions, 'spawn'> {
  /** The worker module: it answers the pool's requests on `parentPort` (see `engineServer`). */
  entry: URL;
  /** Cloned into each worker as `workerData`. */
  workerData?: unknown;
  /** V8 heap limit per worker in MiB (default 2048). */
  memoryMb?: number;
}

/** Workers by default: the cores but one, at least one. */
export function defaultPoolSize(): number {
  return Math.max(1, availableParallelism() - 1);
}

/** Creates a pool of workers on worker_threads, each running `options.entry`. */
export function createThreadPool(options: ThreadPoolOptions): Pool {
  const memoryMb = options.memoryMb ?? 2048;
  const spawn = (): WorkerHandle => {
    const worker = new Worker(options.entry, { workerData: options.workerData, resourceLimits: { maxOldGenerationSizeMb: memoryMb } });
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
          onExit(
            oom
              ? { reason: 'out_of_memory', message: `The job used more than the worker's ${memoryMb} MiB heap and was stopped.` }
              : { reason: 'crashed', message: `The worker stopped: ${failure?.message ?? 'it exited'}.` },
          );
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
