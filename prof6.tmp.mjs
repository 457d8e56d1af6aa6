import { readFileSync } from 'node:fs';
import { PdfFile, listPages, TextInterpreter } from './packages/core/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-200p-1r.pdf'));
const file = PdfFile.open(bytes); const view = file.view(); const pages = listPages(view);
for (let i = 0; i < 8; i++) { const it = new TextInterpreter(file, view); for (const p of pages) it.pageText(p); }
