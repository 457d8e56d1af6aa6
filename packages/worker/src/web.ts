// The browser entry of @loupe/worker (`@loupe/worker/web`): the protocol, the pool and the Web
// Worker adapter, with nothing that needs Node.
export { Pool, PoolError, type JobOptions, type PoolErrorCode, type PoolOptions, type WorkerExit, type WorkerHandle } from './pool.js';
export { reviveError, serializeError, transferList, type JobInputs, type JobKind, type JobStage, type SerializedError, type WorkerRequest, type WorkerResponse } from './protocol.js';
export { engineServer, type WorkerEngines, type WorkerPort } from './serve.js';
export { createWebPool, serveInWebWorker, type WebPoolOptions, type WebWorkerLike, type WebWorkerScope } from './adapter/web/pool.js';
