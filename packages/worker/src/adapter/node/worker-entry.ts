// The worker_threads side of the pool: engines on the Node platform, made on first use in this
// thread, answering `run` requests with progress, the result or a serialized error.
import { parentPort, workerData } from 'node:worker_threads';
import type { Engine, MediaEngine } from '@loupe/core';
import { createNodeEngine, createNodeMediaEngine } from '@loupe/node';
import { serializeError, type WorkerRequest, type WorkerResponse } from '../../protocol.js';
import type { NodeWorkerEngineOptions } from './pool.js';

const port = parentPort!;
const options = (workerData ?? {}) as NodeWorkerEngineOptions;
let documents: Engine | undefined;
let media: MediaEngine | undefined;

const send = (response: WorkerResponse): void => port.postMessage(response);

port.on('message', async (request: WorkerRequest) => {
  send({ type: 'progress', id: request.id, stage: 'started' });
  try {
    let value: unknown;
    if (request.kind === 'scan') {
      documents ??= createNodeEngine({ ocr: options.ocr ?? true });
      value = await documents.scanDetailed(request.bytes, request.input);
    } else {
      media ??= createNodeMediaEngine(options.media ?? {});
      value = await media.detect(request.bytes, request.input);
    }
    send({ type: 'progress', id: request.id, stage: 'finished' });
    send({ type: 'result', id: request.id, value });
  } catch (error) {
    send({ type: 'error', id: request.id, error: serializeError(error) });
  }
});
