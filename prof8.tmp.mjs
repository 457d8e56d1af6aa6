import { readFileSync } from 'node:fs';
import { PdfFile, listPages } from './packages/core/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-200p-1r.pdf'));
for (let i = 0; i < 60; i++) listPages(PdfFile.open(bytes).view());
