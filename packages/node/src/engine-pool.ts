// The Node engines on a pool of worker threads: @loupe/worker's worker_threads adapter running
// this package's worker entry (`worker.ts`). The entry is always the built dist/worker.js (from
// the sources too, as in the tests, which `npm test` builds first): worker threads get no
// TypeScript loader on Node 20.
import type { DetectorModels, DetectorVersion } from '@loupe/core';
import { defined } from '@loupe/core/internal';
import type { Pool } from '@loupe/worker';
import { createThreadPool, type ThreadPoolOptions } from '@loupe/worker/node';

/** How the engines inside each worker are made (plain data: it crosses the thread boundary). */
export interface NodeWorkerEngineOptions {
  /** OCR of image-only pages and photos (default true). */
  ocr?: boolean;
  /** Media engine options that can cross a thread boundary. */
  media?: { version?: DetectorVersion; models?: Partial<DetectorModels>; modelsDir?: string };
}

/** Options of a pool of Node engine workers. */
export interface NodePoolOptions extends Omit<ThreadPoolOptions, 'entry' | 'workerData'>, NodeWorkerEngineOptions {}

/** The worker entry: next to the bundle in dist/, or in dist/ when running from src/. */
export const NODE_WORKER_ENTRY = new URL(import.meta.url.endsWith('.ts') ? '../dist/worker.js' : './worker.js', import.meta.url);

/** Creates a pool of worker threads, each running the Node document and media engines. */
export function createNodePool(options: NodePoolOptions = {}): Pool {
  const { ocr, media, ...pool } = options;
  const workerData: NodeWorkerEngineOptions = { ...defined({ ocr, media }) };
  return createThreadPool({ ...pool, entry: NODE_WORKER_ENTRY, workerData });
}
