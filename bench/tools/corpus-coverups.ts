// Tuning aid: lists the real-world corpus files on which a cover-up indicator fires, with the verdict.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createNodePool } from '@loupe/node';
const root = join(import.meta.dirname, '..', '..', '..', 'shared', 'corpus');
const pdfs = (dir: string): string[] =>
  readdirSync(dir)
    .flatMap((n) => (statSync(join(dir, n)).isDirectory() ? pdfs(join(dir, n)) : n.toLowerCase().endsWith('.pdf') ? [join(dir, n)] : []))
    .sort();
const files = pdfs(root);
const pool = createNodePool({ size: 2, ocr: false, timeoutMs: 120_000 });
const watch = new Set(['white_box_over_text', 'text_over_text', 'annotation_covers_text', 'invisible_text']);
let next = 0;
async function worker(): Promise<void> {
  while (next < files.length) {
    const path = files[next++]!;
    try {
      const { document } = await pool.run('scan', new Uint8Array(readFileSync(path)), { name: path });
      const hits = document.findings.filter((f) => watch.has(f.code));
      if (hits.length)
        console.log(
          `${document.verdict} ${document.risk_score} ${relative(root, path)} | ${hits.map((f) => `${f.code}: ${f.summary.slice(0, 140)}`).join(' || ')}`,
        );
    } catch {}
  }
}
await Promise.all([worker(), worker()]);
await pool.close();
