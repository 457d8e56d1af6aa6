import { readFileSync } from 'node:fs';
import { PdfFile } from './packages/core/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-200p-5r.pdf'));
for (let k = 0; k < 3; k++) {
  const f = PdfFile.open(bytes);
  const times = [];
  for (let r = 0; r < f.revisions.length; r++) { const t = performance.now(); f.view(r).pages(); times.push((performance.now() - t).toFixed(1)); }
  console.log('pages per revision view ms:', times.join(' '), 'entries:', f.revisions.map(r => r.entries.size).join(' '));
}
