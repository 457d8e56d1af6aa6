// The arithmetic and OCR benchmark (`npm run bench:ocr`): statements, pay stubs and utility bills
// (three templates in turn) whose figures add up (genuine) and twins with a single edited figure
// (tampered), as native PDFs, as image-only PDFs of a 150 or 300 dpi scan, and as photos (rotated
// 1.5°, sensor noise, JPEG quality 70). Prints, per input kind, the precision and recall of the arithmetic checks (a sample counts as flagged
// when a MathCheck is reported), the seconds per page of the engine, and for the OCR kinds the
// share of printed amounts that OCR of the source image reads exactly. Then the statement layout
// families under capture conditions (bench/ocr-families.ts; FAMILY_BENCH_SEEDS=0 skips them).
// Not a test: nothing asserts.
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts } from '@cantoo/pdf-lib';
import { loadDecimals, parseAmount } from '@loupe/core/internal';
import { imageOnlyPdf, photoOf } from '@loupe/fixtures/captures';
import { makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { createNodeEngine, createPdfJsRaster, createTesseractOcr, openWithPdfJs } from '@loupe/node';
import { benchFamilies } from './ocr-families.js';

await loadDecimals(); // parseAmount's arithmetic (a scan loads it itself)

const COUNT = Number(process.env.OCR_BENCH_COUNT ?? 6);
const engine = createNodeEngine({ now: () => new Date('2026-11-22T12:00:00Z') });
const raster = createPdfJsRaster();
const ocr = createTesseractOcr();

type Template = 'statement' | 'pay stub' | 'utility bill';
const TEMPLATES: Template[] = ['statement', 'pay stub', 'utility bill'];

/** Draws `text` right-aligned at `right`. */
function right(page: PDFPage, text: string, x: number, y: number, font: PDFFont, size = 10): void {
  page.drawText(text, { x: x - font.widthOfTextAtSize(text, size), y, size, font });
}

/** A pay stub (Times, current and YTD columns); `edit` adds cents to the current net pay only. */
async function makePayStub(seed: number, edit = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const page = doc.addPage([612, 792]);
  page.drawText('Northwind Logistics LLC - Earnings Statement', { x: 50, y: 740, size: 14, font });
  page.drawText(`Pay date 05/31/2024   Employee ${2000 + seed}   Pay period 05/16/2024 to 05/31/2024`, { x: 50, y: 720, size: 10, font });
  const earnings: [string, number][] = [
    ['Regular', 380_000 + seed * 1_377],
    ['Overtime', 21_000 + seed * 411],
    ['Holiday', 9_600],
  ];
  const deductions: [string, number][] = [
    ['Federal income tax', 52_000 + seed * 97],
    ['State income tax', 14_100],
    ['Social security', 25_420 + seed * 13],
    ['Medicare', 5_945],
  ];
  const periods = 10;
  let y = 690;
  const row = (label: string, current?: number, ytd?: number) => {
    page.drawText(label, { x: 50, y, size: 10, font });
    if (current !== undefined) right(page, money(current), 330, y, font);
    if (ytd !== undefined) right(page, money(ytd), 450, y, font);
    y -= 18;
  };
  page.drawText('Current', { x: 290, y: y + 18, size: 10, font });
  page.drawText('YTD', { x: 425, y: y + 18, size: 10, font });
  row('Earnings');
  for (const [label, cents] of earnings) row(label, cents, cents * periods);
  const gross = earnings.reduce((s, [, c]) => s + c, 0);
  row('Gross pay', gross, gross * periods);
  row('Deductions');
  for (const [label, cents] of deductions) row(label, cents, cents * periods);
  const total = deductions.reduce((s, [, c]) => s + c, 0);
  row('Total deductions', total, total * periods);
  row('Net pay', gross - total + edit, (gross - total) * periods);
  return doc.save();
}

/** A utility bill (Courier); `edit` adds cents to the first line item only. */
async function makeBill(seed: number, edit = 0): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([612, 792]);
  page.drawText('Riverside Electric Utility', { x: 50, y: 740, size: 14, font });
  page.drawText('Bill date 04/02/2024   Due date 04/23/2024', { x: 50, y: 720, size: 10, font });
  page.drawText(`Service address ${10 + seed} Main Street   Meter 55${seed}1`, { x: 50, y: 704, size: 10, font });
  const kwh = 400 + seed * 37;
  const items: [string, number][] = [
    [`Energy charge ${kwh} kWh`, kwh * 12],
    ['Delivery charge', 3_120 + seed * 7],
    ['Customer charge', 1_200],
  ];
  let y = 670;
  items.forEach(([label, cents], i) => {
    page.drawText(label, { x: 50, y, size: 10, font });
    right(page, money(i === 0 ? cents + edit : cents), 520, y, font);
    y -= 18;
  });
  const subtotal = items.reduce((s, [, c]) => s + c, 0);
  const charges: [string, number][] = [
    ['State tax', Math.round(subtotal * 0.05)],
    ['Franchise fee', 240],
  ];
  for (const [label, cents] of [['Subtotal', subtotal] as [string, number], ...charges]) {
    page.drawText(label, { x: 50, y, size: 10, font });
    right(page, money(cents), 520, y, font);
    y -= 18;
  }
  page.drawText('Total amount due', { x: 50, y, size: 10, font });
  right(page, money(subtotal + charges.reduce((s, [, c]) => s + c, 0)), 520, y, font);
  return doc.save();
}

/** One genuine or tampered document of a template. */
function makeDocument(template: Template, seed: number, tampered: boolean): Promise<Uint8Array> {
  const delta = (seed % 2 ? 1 : -1) * (500 + seed * 731);
  if (template === 'pay stub') return makePayStub(seed, tampered ? delta : 0);
  if (template === 'utility bill') return makeBill(seed, tampered ? delta : 0);
  return makeStatement({ pages: 1, rowsPerPage: 14, seed: 100 + seed, ...(tampered ? { misprint: { row: 3 + (seed % 8), delta } } : {}) });
}

type Kind = 'native' | 'scan 300 dpi' | 'scan 150 dpi' | 'photo';
const KINDS: Kind[] = ['native', 'scan 300 dpi', 'scan 150 dpi', 'photo'];

/** The amounts printed on a native PDF's first page, as pdf.js reads them. */
async function printedAmounts(pdf: Uint8Array): Promise<string[]> {
  const task = await openWithPdfJs(pdf);
  try {
    const page = await (await task.promise).getPage(1);
    const content = await page.getTextContent();
    const words = content.items.flatMap((i) => ('str' in i ? i.str.split(/\s+/) : []));
    return words.filter((w) => parseAmount(w)).map((w) => parseAmount(w)!.value.toFixed(2));
  } finally {
    await task.destroy();
  }
}

/** Share of `expected` amounts found (as a multiset) among the amounts OCR reads on `image`. */
async function amountsReadExactly(image: Uint8Array, expected: string[]): Promise<[number, number]> {
  const { words } = await ocr.recognize(image);
  const read = new Map<string, number>();
  for (const w of words) {
    const a = parseAmount(w.text);
    if (a) read.set(a.value.toFixed(2), (read.get(a.value.toFixed(2)) ?? 0) + 1);
  }
  let hit = 0;
  for (const e of expected) {
    const n = read.get(e) ?? 0;
    if (n > 0) {
      hit++;
      read.set(e, n - 1);
    }
  }
  return [hit, expected.length];
}

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  seconds: number;
  pages: number;
  amountsHit: number;
  amounts: number;
}

const tallies = new Map<Kind, Tally>(KINDS.map((k) => [k, { tp: 0, fp: 0, fn: 0, tn: 0, seconds: 0, pages: 0, amountsHit: 0, amounts: 0 }]));
for (let seed = 1; seed <= COUNT; seed++) {
  for (const tampered of [false, true]) {
    const native = await makeDocument(TEMPLATES[(seed - 1) % TEMPLATES.length]!, seed, tampered);
    const expected = tampered ? [] : await printedAmounts(native);
    for (const kind of KINDS) {
      let input: Uint8Array = native;
      let name = 'statement.pdf';
      let source: Uint8Array | undefined;
      if (kind !== 'native') {
        const dpi = kind === 'scan 150 dpi' ? 150 : 300;
        const png = (await raster.renderPage(native, 1, kind === 'photo' ? 200 : dpi)).image;
        source =
          kind === 'photo' ? await photoOf(png, { degrees: seed % 2 ? 1.5 : -1.5, border: 80, background: '#8a8a8a', quality: 70, noiseSeed: seed }) : png;
        input = kind === 'photo' ? source : await imageOnlyPdf(png);
        name = kind === 'photo' ? 'photo.jpg' : 'scan.pdf';
      }
      const started = performance.now();
      const doc = await engine.scan(input, { name });
      const t = tallies.get(kind)!;
      t.seconds += (performance.now() - started) / 1000;
      t.pages++;
      const flagged = (doc.math_checks?.length ?? 0) > 0;
      if (tampered) flagged ? t.tp++ : t.fn++;
      else flagged ? t.fp++ : t.tn++;
      if (source && !tampered) {
        const [hit, total] = await amountsReadExactly(source, expected);
        t.amountsHit += hit;
        t.amounts += total;
      }
    }
  }
}

const ratio = (a: number, b: number): string => (b === 0 ? 'n/a' : (a / b).toFixed(2));
console.log(`# Loupe arithmetic checks by input kind (${COUNT} genuine + ${COUNT} tampered documents each: statements, pay stubs, utility bills in turn)\n`);
console.log('| input | precision | recall | false math failures on genuine | seconds per page | amounts read exactly |');
console.log('|---|---|---|---|---|---|');
for (const [kind, t] of tallies) {
  console.log(
    `| ${kind} | ${ratio(t.tp, t.tp + t.fp)} | ${ratio(t.tp, t.tp + t.fn)} | ${t.fp} of ${t.fp + t.tn} | ${(t.seconds / t.pages).toFixed(2)} | ${t.amounts ? `${((100 * t.amountsHit) / t.amounts).toFixed(1)}% (${t.amountsHit}/${t.amounts})` : '—'} |`,
  );
}
await engine.dispose();
await ocr.dispose?.();

const familySeeds = Number(process.env.FAMILY_BENCH_SEEDS ?? 1);
if (familySeeds > 0) await benchFamilies(familySeeds);
