// Public surface of @loupe/worker on Node: the protocol, the pool, the worker side, and the
// worker_threads adapter (browsers import `@loupe/worker/web`).
export * from './web.js';
export { createNodePool, defaultPoolSize, type NodePoolOptions, type NodeWorkerEngineOptions } from './adapter/node/pool.js';
