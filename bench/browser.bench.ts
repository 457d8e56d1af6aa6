// Time to a verdict in the browser against Node, one run, same files: statements of 1, 10 and 50
// pages (one edited), a scanned page (PNG) and a photographed page (JPEG). In the browser the
// time runs from handing the bytes to the page's engine worker to its Document (`data-ms`, the
// pre-screening page in Debian's Chromium); on Node it is the in-process engine, warm. Both read the
// scan and the photo with OCR (tesseract.js: on Node in a worker thread, in the page in a Web Worker). Each file is scanned three times in the page (twice on Node) and the last time is kept.
// `npm run bench:browser`.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captureDocument } from '@loupe/fixtures/document-photos';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { servePage } from '@loupe/fixtures/web-page';
import { createNodeEngine } from '@loupe/node';

/** The page globals the callbacks below read in Chromium (this file compiles without the DOM library). */
declare const document: { querySelectorAll(selector: string): { length: number } };
type HTMLElement = { dataset: Record<string, string | undefined> };

const dir = mkdtempSync(join(tmpdir(), 'loupe-browser-bench-'));
const files: Record<string, Uint8Array> = {
  'statement-1p.pdf': await makeStatement({ pages: 1, seed: 1 }),
  'statement-10p.pdf': await makeStatement({ pages: 10, rowsPerPage: 30, seed: 10 }),
  'statement-50p-edited.pdf': await editText(await makeStatement({ pages: 50, rowsPerPage: 30, seed: 50 }), 3, 'First Example Bank', 'Last Example Bank'),
  'scan.png': (await captureDocument({ kind: 'scan', seed: 3002, format: 'png' })).bytes,
  'photo.jpg': (await captureDocument({ kind: 'photo', seed: 3000 })).bytes,
};
for (const [name, bytes] of Object.entries(files)) writeFileSync(join(dir, name), bytes);

const engine = createNodeEngine();
const node: Record<string, number> = {};
for (const [name, bytes] of Object.entries(files)) {
  await engine.scan(bytes, { name });
  const t = performance.now();
  await engine.scan(bytes, { name });
  node[name] = performance.now() - t;
}
await engine.dispose();

const served = await servePage();
const page = await served.browser.newPage();
await page.goto(served.base);
const browserMs: Record<string, number> = {};
for (const name of Object.keys(files)) {
  for (let round = 0; round < 3; round++) {
    const before = await page.$$eval('article.result', (c) => c.length);
    await page.setInputFiles('#file', [join(dir, name)]);
    await page.waitForFunction(
      (n) => document.querySelectorAll('article.result[data-state="done"], article.result[data-state="failed"]').length === n + 1,
      before,
      { timeout: 300_000 },
    );
    browserMs[name] = Number(await page.$eval('article.result:last-of-type', (c) => (c as HTMLElement).dataset.ms));
  }
}
await served.close();
rmSync(dir, { recursive: true, force: true });

console.log(`Time to a verdict, Chromium (${served.browser.version()}) vs Node ${process.version}, warm, scans and photos read with OCR in both (one run)\n`);
console.log(`${'file'.padEnd(26)}${'Node'.padStart(10)}${'browser'.padStart(10)}  ratio`);
for (const name of Object.keys(files))
  console.log(
    `${name.padEnd(26)}${`${node[name]!.toFixed(0)} ms`.padStart(10)}${`${browserMs[name]!.toFixed(0)} ms`.padStart(10)}  ${(browserMs[name]! / node[name]!).toFixed(2)}x`,
  );
