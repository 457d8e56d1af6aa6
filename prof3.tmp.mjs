import { readFileSync } from 'node:fs';
import { openWithPdfJs } from './packages/node/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-200p-1r.pdf'));
for (let i = 0; i < 15; i++) { const task = await openWithPdfJs(bytes); await task.promise; await task.destroy(); }
