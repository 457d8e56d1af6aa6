import { readFileSync } from 'node:fs';
import { PdfFile, analyseRevisions, listPages } from './packages/core/dist/index.js';
const t = (label, fn, n = 20) => { fn(); const s = performance.now(); for (let i = 0; i < n; i++) fn(); console.log(label, ((performance.now() - s) / n).toFixed(2), 'ms'); };
for (const name of ['statement-200p-1r.pdf', 'statement-200p-5r.pdf']) {
  const bytes = new Uint8Array(readFileSync('bench/out/corpus/' + name));
  console.log(name);
  t(' open', () => PdfFile.open(bytes));
  t(' open+listPages(latest)', () => listPages(PdfFile.open(bytes).view()));
  t(' open+analyse', () => analyseRevisions(PdfFile.open(bytes)));
}
