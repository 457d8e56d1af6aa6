// The Web Worker entry of @loupe/worker (`@loupe/worker/web`), with nothing that needs Node.
export { createWebPool, serveInWebWorker, type WebPoolOptions, type WebWorkerLike, type WebWorkerScope } from './adapter/web/pool.js';
