// Public surface of @loupe/worker, independent of the worker technology: the message protocol,
// the pool and the worker side. Adapters: `@loupe/worker/node` (worker_threads) and
// `@loupe/worker/web` (Web Workers).
export { type JobOptions, Pool, PoolError, type PoolErrorCode, type PoolOptions, type WorkerExit, type WorkerHandle } from './pool.js';
export {
  type JobInputs,
  type JobKind,
  type JobOutputs,
  type JobStage,
  type RenderInput,
  transferList,
  type WorkerRequest,
  type WorkerResponse,
} from './protocol.js';
export { engineServer, type WorkerEngines, type WorkerPort } from './serve.js';
