// The pool on Web Workers. The caller makes the Worker (so bundlers see the literal
// `new Worker(new URL('./engine-worker.ts', import.meta.url), { type: 'module' })` and bundle the
// worker's module); inside the worker, `serveInWebWorker` answers the pool with the engines the
// page gives it.
import { Pool, type PoolOptions, type WorkerHandle } from '../../pool.js';
import type { WorkerRequest, WorkerResponse } from '../../protocol.js';
import { engineServer, type WorkerEngines } from '../../serve.js';

/** The part of a Web Worker the pool uses. */
export interface WebWorkerLike {
  postMessage(message: unknown, transfer: ArrayBuffer[]): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  addEventListener(type: 'error', listener: (event: { message?: string }) => void): void;
  terminate(): void;
}

/** Options of a Web Worker pool. */
export interface WebPoolOptions extends Omit<PoolOptions, 'spawn'> {
  /** Makes one engine worker. */
  spawn: () => WebWorkerLike;
}

/** Creates a pool of engine workers on Web Workers (default size 1). */
export function createWebPool(options: WebPoolOptions): Pool {
  const spawn = (): WorkerHandle => {
    const worker = options.spawn();
    return {
      post: (request, transfer) => worker.postMessage(request, transfer),
      listen(onMessage, onExit) {
        worker.addEventListener('message', (event) => onMessage(event.data as WorkerResponse));
        worker.addEventListener('error', (event) =>
          onExit({ reason: 'crashed', message: `The worker stopped: ${event.message ?? 'an error it did not catch'}.` }),
        );
      },
      async terminate() {
        worker.terminate();
      },
    };
  };
  return new Pool({ ...options, spawn });
}

/** The global scope of a Web Worker, as far as serving the pool needs it. */
export interface WebWorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** Inside a Web Worker: answers the pool's requests with `engines`. */
export function serveInWebWorker(engines: WorkerEngines, scope: WebWorkerScope): void {
  const serve = engineServer(engines, scope);
  scope.addEventListener('message', (event) => void serve(event.data as WorkerRequest));
}
