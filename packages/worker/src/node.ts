// The worker_threads entry of @loupe/worker (`@loupe/worker/node`).
export { createThreadPool, defaultPoolSize, type ThreadPoolOptions } from './adapter/node/thread-pool.js';
