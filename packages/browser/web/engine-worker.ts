// The page's engine worker: the document engine on the browser platform, off the page's main
// thread, answering the page's pool (@loupe/worker/web).
import workerSrc from 'pdfjs-dist/build/pdf.worker.mjs?url';
import { serveInWebWorker, type WebWorkerScope } from '@loupe/worker/web';
import { createBrowserEngine } from '../src/index.js';

const cMapUrl = new URL('../cmaps/', import.meta.url).href;
serveInWebWorker({ scan: () => createBrowserEngine({ pdfjs: { workerSrc: new URL(workerSrc, import.meta.url).href, cMapUrl } }) }, self as unknown as WebWorkerScope);
