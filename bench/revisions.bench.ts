// The revision benchmark (`npm run bench`): in one run, on one generated corpus,
//   1. the WebAssembly marker scanner against its TypeScript reference;
//   2. `loupe scan` (the engine in-process) against a pdf.js text pass over the same files in the
//      same process: ms per file, pages/s, MB/s, peak RSS growth, and the ratios the targets name;
//   3. the CLI beside the peers `pdfresurrect -q` and `qpdf --check` as child processes.
// Prints tables and writes bench/out/revisions.json. A benchmark, not a test: nothing asserts.
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { listPages, loadFontTables, PdfFile, scanMarkers, TextInterpreter } from '@loupe/core/internal';
import { scanMarkersReference } from '@loupe/core/testing';
import { createNodeEngine, openWithPdfJs } from '@loupe/node';
import { type BenchFile, benchCorpus, PAGE_COUNTS } from './corpus.js';
import { hasCommand, median, PeakRss, timeIt, timeProcess } from './measure.js';

await loadFontTables(); // the interpreter's standard font tables (a scan loads them itself)

const OUT = join(import.meta.dirname, 'out');
const LOUPE_BIN = join(import.meta.dirname, '../packages/cli/bin/loupe.js');
const MiB = 1024 * 1024;

async function pdfjsTextPass(bytes: Uint8Array): Promise<number> {
  const task = await openWithPdfJs(bytes);
  const doc = await task.promise;
  let chars = 0;
  for (let p = 1; p <= doc.numPages; p++) {
    const page = await doc.getPage(p);
    const content = await page.getTextContent();
    for (const item of content.items) if ('str' in item) chars += item.str.length;
    page.cleanup();
  }
  await task.destroy();
  return chars;
}

function fmt(n: number, digits = 1): string {
  return Number.isFinite(n) ? n.toFixed(digits) : 'n/a';
}

function table(header: string[], rows: (string | number)[][]): string {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`];
  for (const r of rows) lines.push(`| ${r.join(' | ')} |`);
  return lines.join('\n');
}

async function markerKernel(files: BenchFile[]): Promise<Record<string, number>> {
  // ~64 MiB of real PDF bytes: the corpus repeated
  const target = 64 * MiB;
  const buffer = new Uint8Array(target);
  for (let o = 0, i = 0; o < target; i++) {
    const f = files[i % files.length]!.bytes;
    buffer.set(f.subarray(0, Math.min(f.length, target - o)), o);
    o += f.length;
  }
  scanMarkers(buffer.subarray(0, MiB));
  scanMarkersReference(buffer.subarray(0, MiB));
  const wasm = await timeIt(() => scanMarkers(buffer), 5, 1000);
  const ref = await timeIt(() => scanMarkersReference(buffer), 3, 1000);
  const result = {
    mib: target / MiB,
    wasmMs: wasm,
    referenceMs: ref,
    wasmMBps: target / MiB / (wasm / 1000),
    referenceMBps: target / MiB / (ref / 1000),
    speedup: ref / wasm,
  };
  console.log('\n## Marker scanner kernel (64 MiB of PDF bytes)\n');
  console.log(
    table(
      ['implementation', 'ms', 'MiB/s'],
      [
        ['WebAssembly (SIMD)', fmt(wasm), fmt(result.wasmMBps, 0)],
        ['TypeScript reference', fmt(ref), fmt(result.referenceMBps, 0)],
      ],
    ),
  );
  console.log(`\nspeed-up: ${fmt(result.speedup, 2)}x`);
  return result;
}

async function textExtraction(files: BenchFile[]): Promise<Record<string, number>[]> {
  const rows: Record<string, number>[] = [];
  const lines: (string | number)[][] = [];
  for (const f of files.filter((x) => x.revisions === 1)) {
    const core = await timeIt(() => {
      const file = PdfFile.open(f.bytes);
      const view = file.view();
      const interpreter = new TextInterpreter(file, view);
      for (const page of listPages(view)) interpreter.pageText(page);
    });
    const pdfjs = await timeIt(() => pdfjsTextPass(f.bytes));
    rows.push({ pages: f.pages, coreMs: core, pdfjsMs: pdfjs, speedup: pdfjs / core });
    lines.push([f.name, f.pages, fmt(core), fmt(f.pages / (core / 1000), 0), fmt(pdfjs), fmt(f.pages / (pdfjs / 1000), 0), `${fmt(pdfjs / core, 1)}x`]);
  }
  console.log('\n## Text extraction: the core interpreter vs pdf.js (every page, open included)\n');
  console.log(table(['file', 'pages', 'core ms', 'core pages/s', 'pdf.js ms', 'pdf.js pages/s', 'core speed-up'], lines));
  return rows;
}

interface InProcessRow {
  file: string;
  pages: number;
  revisions: number;
  mib: number;
  loupeMs: number;
  pdfjsMs: number;
  ratio: number;
  loupePeakMiB: number;
  pdfjsPeakMiB: number;
}

async function inProcess(files: BenchFile[]): Promise<InProcessRow[]> {
  const engine = createNodeEngine();
  // warm-up: JIT, pdf.js module load, kernels
  for (const f of files.slice(0, 4)) {
    await engine.scan(f.bytes, { name: f.name });
    await pdfjsTextPass(f.bytes);
  }
  const rows: InProcessRow[] = [];
  const rss = new PeakRss();
  for (const f of files) {
    rss.reset();
    const loupeMs = await timeIt(async () => {
      await engine.scan(f.bytes, { name: f.name });
      rss.sample();
    });
    const loupePeakMiB = rss.growthMiB();
    rss.reset();
    const pdfjsMs = await timeIt(async () => {
      await pdfjsTextPass(f.bytes);
      rss.sample();
    });
    rows.push({
      file: f.name,
      pages: f.pages,
      revisions: f.revisions,
      mib: f.bytes.length / MiB,
      loupeMs,
      pdfjsMs,
      ratio: loupeMs / pdfjsMs,
      loupePeakMiB,
      pdfjsPeakMiB: rss.growthMiB(),
    });
  }
  console.log('\n## Revision analysis in-process: `loupe scan` engine vs one pdf.js text pass\n');
  console.log(
    table(
      [
        'file',
        'pages',
        'revisions',
        'size MiB',
        'loupe ms',
        'loupe pages/s',
        'loupe MiB/s',
        'pdf.js text ms',
        'ratio loupe/pdf.js',
        'peak RSS +MiB loupe / pdf.js',
      ],
      rows.map((r) => [
        r.file,
        r.pages,
        r.revisions,
        fmt(r.mib, 2),
        fmt(r.loupeMs),
        fmt(r.pages / (r.loupeMs / 1000), 0),
        fmt(r.mib / (r.loupeMs / 1000), 1),
        fmt(r.pdfjsMs),
        fmt(r.ratio, 2),
        `${fmt(r.loupePeakMiB, 0)} / ${fmt(r.pdfjsPeakMiB, 0)}`,
      ]),
    ),
  );
  const fiveVsOne = PAGE_COUNTS.map((pages) => {
    const one = rows.find((r) => r.pages === pages && r.revisions === 1)!;
    const five = rows.find((r) => r.pages === pages && r.revisions === 5)!;
    return [pages, fmt(one.loupeMs), fmt(five.loupeMs), fmt(five.loupeMs / one.loupeMs, 2)];
  });
  console.log('\n5-revision file vs its 1-revision twin (loupe):\n');
  console.log(table(['pages', '1 revision ms', '5 revisions ms', 'ratio'], fiveVsOne));
  const worst = Math.max(...rows.map((r) => r.ratio));
  console.log(
    `\nworst loupe/pdf.js ratio: ${fmt(worst, 2)} (target ≤ 1.3); total loupe ${fmt(rows.reduce((n, r) => n + r.loupeMs, 0))} ms vs pdf.js ${fmt(rows.reduce((n, r) => n + r.pdfjsMs, 0))} ms`,
  );
  return rows;
}

function peers(files: BenchFile[]): Record<string, unknown>[] {
  const tools: [string, string, (f: BenchFile) => string[]][] = [
    ['loupe scan --json (CLI)', process.execPath, (f) => [LOUPE_BIN, 'scan', '--json', f.path]],
    ['pdfresurrect -q', 'pdfresurrect', (f) => [f.path, '-q']],
    ['qpdf --check', 'qpdf', (f) => ['--check', f.path]],
  ];
  const rows: Record<string, unknown>[] = [];
  const lines: (string | number)[][] = [];
  for (const f of files) {
    const cells: (string | number)[] = [f.name];
    for (const [label, command, args] of tools) {
      if (command !== process.execPath && !hasCommand(command)) {
        cells.push('not installed');
        continue;
      }
      const runs = [0, 1, 2].map(() => timeProcess(command, args(f)));
      const seconds = median(runs.map((r) => r.seconds));
      const rssMiB = Math.max(...runs.map((r) => r.maxRssMiB));
      let detail = runs[0]!.ok ? '' : ` (failed, exit ${runs[0]!.status})`;
      if (label.startsWith('pdfresurrect') && runs[0]!.ok) detail = ` (${runs[0]!.stdout.trim().split(/\s+/).pop()} versions)`;
      if (label.startsWith('loupe') && runs[0]!.ok) {
        try {
          detail = ` (${JSON.parse(runs[0]!.stdout).revisions.count} revisions)`;
        } catch {
          detail = '';
        }
      }
      rows.push({ file: f.name, tool: label, seconds, rssMiB, ok: runs[0]!.ok });
      cells.push(`${fmt(seconds * 1000, 0)} ms, ${fmt(rssMiB, 0)} MiB${detail}`);
    }
    lines.push(cells);
  }
  console.log('\n## Peers as child processes (wall time incl. process start, peak RSS)\n');
  console.log(table(['file', ...tools.map((t) => t[0])], lines));
  return rows;
}

const files = await benchCorpus(join(OUT, 'corpus'));
console.log(`# Loupe revision benchmark\n\n${new Date().toISOString()} · Node ${process.version} · ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}\n`);
console.log(
  table(
    ['file', 'pages', 'revisions', 'bytes'],
    files.map((f) => [f.name, f.pages, f.revisions, f.bytes.length]),
  ),
);
const kernel = await markerKernel(files);
const text = await textExtraction(files);
const inproc = await inProcess(files);
const peerRows = peers(files);
writeFileSync(
  join(OUT, 'revisions.json'),
  JSON.stringify({ date: new Date().toISOString(), node: process.version, kernel, text, inProcess: inproc, peers: peerRows }, null, 2),
);
