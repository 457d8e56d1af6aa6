import { readFileSync } from 'node:fs';
import { createNodeEngine } from './packages/node/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-200p-1r.pdf'));
const e = createNodeEngine();
for (let i = 0; i < 8; i++) await e.scan(bytes, { name: 'x' });
