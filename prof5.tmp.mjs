import { readFileSync } from 'node:fs';
import { PdfFile, analyseRevisions, sha256Hex, md5Hex, listPages, TextInterpreter } from './packages/core/dist/index.js';
const bytes = new Uint8Array(readFileSync('bench/out/corpus/statement-1p-5r.pdf'));
const t = (label, fn, n = 200) => { fn(); const s = performance.now(); for (let i = 0; i < n; i++) fn(); console.log(label, ((performance.now() - s) / n).toFixed(3), 'ms'); };
t('open', () => PdfFile.open(bytes));
t('open+analyse', () => analyseRevisions(PdfFile.open(bytes)));
t('hashes', () => { sha256Hex(bytes); md5Hex(bytes); });
t('text x5 revisions', () => { const f = PdfFile.open(bytes); for (let r = 0; r < 5; r++) { const v = f.view(r); const p = listPages(v)[0]; new TextInterpreter(f, v).pageText(p); } });
