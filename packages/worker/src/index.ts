// Public surface of @loupe/worker: the protocol, the pool, and the worker_threads adapter.
export { Pool, PoolError, type JobOptions, type PoolErrorCode, type PoolOptions, type WorkerExit, type WorkerHandle } from './pool.js';
export { reviveError, serializeError, transferList, type JobInputs, type JobKind, type JobStage, type SerializedError, type WorkerRequest, type WorkerResponse } from './protocol.js';
export { createNodePool, defaultPoolSize, type NodePoolOptions, type NodeWorkerEngineOptions } from './adapter/node/pool.js';
