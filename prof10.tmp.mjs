import { readFileSync } from 'node:fs';
import { PdfFile, analyseRevisions } from './packages/core/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-200p-5r.pdf'));
for (let i = 0; i < 40; i++) analyseRevisions(PdfFile.open(bytes));
