// Throughput of the worker pool: the benchmark corpus (statements of 1-200 pages, 1 and 5
// revisions; bench/corpus.ts) scanned twice over, in process (one at a time) and by pools of 1
// and 2 worker_threads (OCR off; each pool warmed with one job per worker first). Prints
// documents per second and the ratios, one run. `npm run bench:workers`.
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { createNodeEngine, createNodePool } from '@loupe/node';
import { benchCorpus } from './corpus.js';

const corpus = await benchCorpus(join(import.meta.dirname, 'out', 'corpus'));
const jobs = [...corpus, ...corpus];
const pages = jobs.reduce((n, f) => n + f.pages, 0);
console.log(`Worker pool throughput on node ${process.version}, ${availableParallelism()} cores: ${jobs.length} documents, ${pages} pages (one run)\n`);

const engine = createNodeEngine({ ocr: false });
await engine.scanDetailed(corpus[0]!.bytes, { name: 'warm.pdf' });
let t = performance.now();
for (const f of jobs) await engine.scanDetailed(f.bytes, { name: f.name });
const inProcessMs = performance.now() - t;
await engine.dispose();

const rates: Record<string, number> = { 'in process': jobs.length / (inProcessMs / 1000) };
for (const size of [1, 2]) {
  const pool = createNodePool({ size, ocr: false, maxQueue: jobs.length });
  await Promise.all(Array.from({ length: size }, () => pool.run('scan', corpus[0]!.bytes.slice(), { name: 'warm.pdf' })));
  t = performance.now();
  await Promise.all(jobs.map((f) => pool.run('scan', f.bytes.slice(), { name: f.name })));
  rates[`${size} worker${size > 1 ? 's' : ''}`] = jobs.length / ((performance.now() - t) / 1000);
  await pool.close();
}
for (const [name, rate] of Object.entries(rates))
  console.log(`${name.padEnd(12)} ${rate.toFixed(2)} documents/s  (${(rate / rates['in process']!).toFixed(2)}x in process)`);
console.log(`\n2 workers vs 1: ${(rates['2 workers']! / rates['1 worker']!).toFixed(2)}x`);
