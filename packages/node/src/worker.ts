// The worker_threads entry of the Node engines (`@loupe/node/worker`): a thread started by
// `createNodePool` makes the document and media engines (and the page renderer) on first use and
// answers the pool's requests through @loupe/worker's protocol.
import { parentPort, workerData } from 'node:worker_threads';
import { engineServer, type WorkerRequest } from '@loupe/worker';
import type { NodeWorkerEngineOptions } from './engine-pool.js';
import { createNodeEngine, createNodeMediaEngine, createPdfJsRaster } from './index.js';

const port = parentPort!;
const options = (workerData ?? {}) as NodeWorkerEngineOptions;
const serve = engineServer(
  {
    scan: () => createNodeEngine({ ocr: options.ocr ?? true }),
    detect: () => createNodeMediaEngine(options.media ?? {}),
    render: () => {
      const raster = createPdfJsRaster();
      return {
        async render(bytes, input) {
          const images = [];
          for (const page of input.pages) images.push(await raster.renderPage(bytes, page, input.dpi));
          return images;
        },
      };
    },
  },
  port,
);
port.on('message', (request: WorkerRequest) => void serve(request));
