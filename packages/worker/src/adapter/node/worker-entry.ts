// The worker_threads side of the pool: the Node engines, made on first use in this thread.
import { parentPort, workerData } from 'node:worker_threads';
import { createNodeEngine, createNodeMediaEngine } from '@loupe/node';
import { engineServer } from '../../serve.js';
import type { WorkerRequest } from '../../protocol.js';
import type { NodeWorkerEngineOptions } from './pool.js';

const port = parentPort!;
const options = (workerData ?? {}) as NodeWorkerEngineOptions;
const serve = engineServer({ scan: () => createNodeEngine({ ocr: options.ocr ?? true }), detect: () => createNodeMediaEngine(options.media ?? {}) }, port);
port.on('message', (request: WorkerRequest) => void serve(request));
