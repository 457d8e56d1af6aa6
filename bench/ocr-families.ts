// The statement layout families of packages/fixtures/src/statement-families.ts under every way a lender
// receives them: the native PDF, a 300 dpi flatbed scan (image-only PDF, all pages), phone photos
// of each page under real capture conditions (perspective, focus fall-off, motion blur, uneven
// light and shadow, vignetting, phone JPEG), and screenshots of a PDF viewer. Per family it counts
// false arithmetic mismatches and false flags on the genuine statement, recall on the three
// arithmetic-breaking rewrites, and the share of genuine scans and photos ending
// INSUFFICIENT_EVIDENCE; then recall on image edits of genuine scans (a retyped figure, a digit
// copied from elsewhere on the page). Part of `npm run bench:ocr`; nothing asserts.

import type { DocumentResult } from '@loupe/core';
import { PdfFile } from '@loupe/core/internal';
import { conditionsFor, imageOnlyPdf, phoneCapture, scanOf, screenshotOf } from '@loupe/fixtures/captures';
import { copyDigit, figureBoxes, retype } from '@loupe/fixtures/image-edits';
import { FAMILIES, genuineStatement, REWRITES, rewrite } from '@loupe/fixtures/statement-families';
import { createNodeEngine, createPdfJsRaster } from '@loupe/node';

type Kind = 'native' | 'scan 300 dpi' | 'phone photo' | 'screenshot';

/** One document as received: a file per capture (a photo is one page). */
interface Received {
  files: { bytes: Uint8Array; name: string }[];
}

/** Indicators of the pixel checks: what an image editor leaves behind. */
const PIXEL = new Set([
  'noise_inconsistency',
  'print_sharper_than_capture',
  'copy_move_detected',
  'jpeg_double_compressed',
  'jpeg_first_compression_missing',
  'genai_synthetic_region',
]);
const flagged = (d: DocumentResult): boolean => d.verdict === 'SUSPICIOUS' || d.verdict === 'FORGED';
const mismatched = (d: DocumentResult): boolean => (d.math_checks?.length ?? 0) > 0;

interface Row {
  family: string;
  kind: Kind;
  /** Genuine files with an arithmetic mismatch / flagged / ending INSUFFICIENT_EVIDENCE, of `genuine`. */
  falseMismatch: number;
  falseFlag: number;
  insufficient: number;
  genuine: number;
  /** Rewrites found (a mismatch on any of their files), of `rewrites`. */
  found: number;
  rewrites: number;
  /** Files whose pixels nobody edited (genuine and rewritten statements alike), and those with a pixel indicator. */
  captures: number;
  pixelFlags: number;
  /** Indicators other than arithmetic on genuine files. */
  imageFlags: Set<string>;
}

/** Runs the family benchmark and prints its tables. */
export async function benchFamilies(seeds: number): Promise<void> {
  const engine = createNodeEngine();
  const raster = createPdfJsRaster();
  const pageCount = (pdf: Uint8Array): number => PdfFile.open(pdf).view().pages().length;
  const renderAll = async (pdf: Uint8Array, dpi: number): Promise<Uint8Array[]> => {
    const out: Uint8Array[] = [];
    for (let p = 1; p <= pageCount(pdf); p++) out.push((await raster.renderPage(pdf, p, dpi)).image);
    return out;
  };
  let photoIndex = 0;
  const receive = async (pdf: Uint8Array, kind: Kind, seed: number): Promise<Received> => {
    if (kind === 'native') return { files: [{ bytes: pdf, name: 'statement.pdf' }] };
    if (kind === 'scan 300 dpi') {
      const pages = await Promise.all((await renderAll(pdf, 300)).map((png, i) => scanOf(png, seed * 31 + i)));
      const size = pageSize(pdf);
      return { files: [{ bytes: await imageOnlyPdf(pages, size), name: 'scan.pdf' }] };
    }
    if (kind === 'phone photo') {
      const files = [];
      for (const png of await renderAll(pdf, 200)) files.push({ bytes: await phoneCapture(png, conditionsFor(photoIndex++)), name: 'photo.jpg' });
      return { files };
    }
    const files = [];
    for (const png of await renderAll(pdf, 110)) files.push({ bytes: await screenshotOf(png), name: 'screenshot.png' });
    return { files };
  };
  const pageSize = (pdf: Uint8Array): [number, number] => {
    const [x0, y0, x1, y1] = PdfFile.open(pdf).view().pages()[0]!.cropBox;
    return [x1 - x0, y1 - y0];
  };
  const scanAll = async (r: Received): Promise<DocumentResult[]> => {
    const docs = [];
    for (const f of r.files) docs.push(await engine.scan(f.bytes, { name: f.name }));
    return docs;
  };

  const rows: Row[] = [];
  const edits = { retyped: { found: 0, image: 0, total: 0 }, copied: { found: 0, image: 0, total: 0 } };
  const KINDS: Kind[] = ['native', 'scan 300 dpi', 'phone photo', 'screenshot'];
  for (const family of FAMILIES) {
    for (const kind of KINDS)
      rows.push({
        family: family.name,
        kind,
        falseMismatch: 0,
        falseFlag: 0,
        insufficient: 0,
        genuine: 0,
        found: 0,
        rewrites: 0,
        captures: 0,
        pixelFlags: 0,
        imageFlags: new Set(),
      });
    for (let seed = 1; seed <= seeds; seed++) {
      const statement = genuineStatement(100 + seed);
      const genuinePdf = await family.render(statement);
      for (const kind of KINDS) {
        const row = rows.find((r) => r.family === family.name && r.kind === kind)!;
        for (const doc of await scanAll(await receive(genuinePdf, kind, seed))) {
          row.genuine++;
          row.captures++;
          if (doc.indicators.some((i) => PIXEL.has(i.code))) row.pixelFlags++;
          if (mismatched(doc)) row.falseMismatch++;
          if (flagged(doc)) row.falseFlag++;
          if (doc.verdict === 'INSUFFICIENT_EVIDENCE') row.insufficient++;
          for (const i of doc.indicators) if (!i.code.endsWith('_mismatch')) row.imageFlags.add(i.code);
        }
        if (kind === 'screenshot') continue; // a screenshot of a forged PDF is the native case again
        for (const r of REWRITES) {
          const docs = await scanAll(await receive(await family.render(rewrite(statement, r)), kind, seed));
          row.rewrites++;
          if (docs.some(mismatched)) row.found++;
          // a capture of a rewritten PDF has untouched pixels: a pixel indicator on it is false too
          for (const doc of docs) {
            row.captures++;
            if (doc.indicators.some((i) => PIXEL.has(i.code))) row.pixelFlags++;
          }
        }
      }
      await imageEdits(genuinePdf, seed, edits);
    }
  }

  /** Retyped and copied figures on the first page of a genuine scan. */
  async function imageEdits(pdf: Uint8Array, seed: number, tally: typeof edits): Promise<void> {
    const png = await scanOf((await raster.renderPage(pdf, 1, 300)).image, seed);
    const figures = figureBoxes(pdf, 1, 300).filter((f) => /\d,\d|\d\.\d{3}|\d \d/.test(f.text) || f.text.replace(/\D/g, '').length >= 5);
    if (figures.length < 4) return;
    const target = figures[Math.min(figures.length - 1, 4 + (seed % 3))]!;
    // the forger inflates: a leading digit at least two higher, cut from another figure
    const lead = (f: { text: string }): number => Number(f.text.replace(/\D/g, '')[0]);
    const source = figures.find((f) => f !== target && lead(f) >= lead(target) + 2) ?? figures.find((f) => lead(f) !== lead(target))!;
    const retyped = target.text.replace(/\d/, (d) => String((Number(d) + 4) % 10 || 9));
    const size = pageSize(pdf);
    for (const [label, edited] of [
      ['retyped', await retype(png, target, retyped)],
      ['copied', await copyDigit(png, source, target)],
    ] as const) {
      const doc = await engine.scan(await imageOnlyPdf(edited, size), { name: 'scan.pdf' });
      const t = tally[label];
      t.total++;
      if (flagged(doc) || mismatched(doc)) t.found++;
      if (doc.indicators.some((i) => PIXEL.has(i.code))) t.image++;
    }
  }

  const pct = (a: number, b: number): string => (b === 0 ? '—' : `${a}/${b}`);
  console.log(`\n# Statement layout families (${seeds} statement${seeds > 1 ? 's' : ''} per family; three rewrites each)\n`);
  console.log(
    '| family | producer | input | false mismatches (genuine) | false flags (genuine) | INSUFFICIENT_EVIDENCE (genuine) | rewrites found | other indicators on genuine |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    const producer = FAMILIES.find((f) => f.name === r.family)!.producer;
    const ie = r.kind === 'native' ? '—' : pct(r.insufficient, r.genuine);
    console.log(
      `| ${r.family} | ${producer} | ${r.kind} | ${pct(r.falseMismatch, r.genuine)} | ${pct(r.falseFlag, r.genuine)} | ${ie} | ${r.kind === 'screenshot' ? '—' : pct(r.found, r.rewrites)} | ${[...r.imageFlags].join(', ') || '—'} |`,
    );
  }
  console.log('\n| input | false mismatches | false flags | INSUFFICIENT_EVIDENCE | recall on rewrites | pixel indicators on unedited captures |');
  console.log('|---|---|---|---|---|---|');
  for (const kind of KINDS) {
    const of = rows.filter((r) => r.kind === kind);
    const sum = (k: 'falseMismatch' | 'falseFlag' | 'insufficient' | 'genuine' | 'found' | 'rewrites' | 'captures' | 'pixelFlags'): number =>
      of.reduce((s, r) => s + r[k], 0);
    const recall = sum('rewrites') ? (sum('found') / sum('rewrites')).toFixed(2) : '—';
    const ie = kind === 'native' ? '—' : `${((100 * sum('insufficient')) / sum('genuine')).toFixed(0)}% (${sum('insufficient')}/${sum('genuine')})`;
    console.log(
      `| ${kind} | ${sum('falseMismatch')} of ${sum('genuine')} | ${sum('falseFlag')} of ${sum('genuine')} | ${ie} | ${recall} (${sum('found')}/${sum('rewrites')}) | ${kind === 'native' ? '—' : `${sum('pixelFlags')} of ${sum('captures')}`} |`,
    );
  }
  console.log('\n| image edit on a 300 dpi scan | flagged | by an image check |');
  console.log('|---|---|---|');
  for (const [label, t] of Object.entries(edits)) console.log(`| ${label} figure | ${pct(t.found, t.total)} | ${pct(t.image, t.total)} |`);
  await engine.dispose();
}
