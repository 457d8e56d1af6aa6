// Image forensics on document photos and scans made by code (packages/fixtures/src/document-photos.ts):
// genuine photos and scans, and tampered ones per technique (two digits copied within the image,
// an amount retyped in another font over a filled box, an amount pasted from another photo, a
// plain re-save at lower quality). Prints, per technique, how many were flagged (verdict
// SUSPICIOUS or FORGED), how many raised the technique's own indicator, and how many of those
// marked a region over the edit; and the false positives on genuine images. One run.
// `npm run bench:images` (GENUINE=N TAMPERED=N to size it).

import {
  type Box,
  captureDocument,
  copyMoveDigit,
  type DocumentImage,
  resave,
  retypeAmount,
  spliceAmount,
  type Tampered,
} from '@loupe/fixtures/document-photos';
import { createNodeEngine } from '@loupe/node';

const GENUINE = Number(process.env.GENUINE ?? 24);
const TAMPERED = Number(process.env.TAMPERED ?? 12);
const engine = createNodeEngine({ ocr: false });

const EXPECTED: Record<Tampered['technique'], string[]> = {
  copy_move: ['copy_move_detected'],
  retyped_amount: ['print_sharper_than_capture', 'jpeg_first_compression_missing', 'noise_inconsistency'],
  spliced_amount: ['jpeg_first_compression_missing', 'noise_inconsistency', 'print_sharper_than_capture'],
  resaved: ['jpeg_double_compressed'],
};

interface Row {
  flagged: number;
  indicator: number;
  located: number;
  total: number;
  ms: number[];
}
const rows = new Map<string, Row>();
const row = (name: string): Row => rows.get(name) ?? rows.set(name, { flagged: 0, indicator: 0, located: 0, total: 0, ms: [] }).get(name)!;
const falseIndicators = new Map<string, number>();

function overlaps(region: { x: number; y: number; w: number; h: number }, box: Box, width: number, height: number): boolean {
  const x0 = (box.x0 / width) * 100,
    x1 = (box.x1 / width) * 100,
    y0 = (box.y0 / height) * 100,
    y1 = (box.y1 / height) * 100;
  return region.x < x1 && region.x + region.w > x0 && region.y < y1 && region.y + region.h > y0;
}

async function judge(name: string, bytes: Uint8Array, image: DocumentImage, tampered?: Tampered): Promise<void> {
  const started = performance.now();
  const doc = await engine.scan(bytes, { name: tampered ? 'edited.jpg' : `genuine.${image.format}` });
  const r = row(name);
  r.ms.push(performance.now() - started);
  r.total++;
  const flagged = doc.verdict === 'SUSPICIOUS' || doc.verdict === 'FORGED';
  if (flagged) r.flagged++;
  const codes = doc.indicators.map((i) => i.code as string);
  if (!tampered) {
    for (const c of codes) falseIndicators.set(c, (falseIndicators.get(c) ?? 0) + 1);
    return;
  }
  const expected = EXPECTED[tampered.technique];
  if (codes.some((c) => expected.includes(c))) r.indicator++;
  if (
    tampered.edits.length > 0 &&
    doc.regions.some((g) => expected.includes(g.indicator_code) && tampered.edits.some((e) => overlaps(g, e, image.width, image.height)))
  )
    r.located++;
}

console.log(`Image forensics bench: ${GENUINE} genuine photos + ${GENUINE / 2} scans, ${TAMPERED} tampered per technique (node ${process.version})\n`);
for (let i = 0; i < GENUINE; i++) {
  const photo = await captureDocument({ kind: 'photo', seed: 1000 + i });
  await judge('genuine photo (JPEG)', photo.bytes, photo);
  if (i % 2 === 0) {
    const scan = await captureDocument({ kind: 'scan', seed: 2000 + i, format: i % 4 === 0 ? 'png' : 'jpg' });
    await judge(`genuine scan (${scan.format.toUpperCase()})`, scan.bytes, scan);
  }
}
for (let i = 0; i < TAMPERED; i++) {
  const source = await captureDocument({ kind: i % 3 === 2 ? 'scan' : 'photo', seed: 3000 + i, format: 'jpg' });
  const quality = [88, 92, 95][i % 3]!;
  const cm = await copyMoveDigit(source, i, quality);
  await judge('copy-move, saved as JPEG', cm.bytes, source, cm);
  const cmPng = await copyMoveDigit(source, i, 'png');
  await judge('copy-move, saved as PNG', cmPng.bytes, source, cmPng);
  const oneDigit = await copyMoveDigit(source, i, 'png', 1);
  await judge('copy-move, one digit, saved as PNG', oneDigit.bytes, source, oneDigit);
  const rt = await retypeAmount(source, i, quality);
  await judge('retyped amount', rt.bytes, source, rt);
  const donor = await captureDocument({ kind: 'photo', seed: 4000 + i });
  const sp = await spliceAmount(source, donor, i, 95);
  await judge('amount pasted from another photo', sp.bytes, source, sp);
  const rs = await resave(source, [70, 75, 80][i % 3]!);
  await judge('re-saved JPEG', rs.bytes, source, rs);
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(0)}%` : '-').padStart(5);
console.log('set                                  n   flagged  indicator  located   ms/image');
for (const [name, r] of rows) {
  const ms = [...r.ms].sort((a, b) => a - b)[r.ms.length >> 1]!;
  const genuine = name.startsWith('genuine');
  const placeless = genuine || name.startsWith('re-saved');
  console.log(
    `${name.padEnd(34)} ${String(r.total).padStart(4)}   ${pct(r.flagged, r.total)}    ${genuine ? '    -' : pct(r.indicator, r.total)}    ${placeless ? '    -' : pct(r.located, r.indicator)}   ${ms.toFixed(0).padStart(6)}`,
  );
}
console.log(`\nindicators raised on genuine images: ${[...falseIndicators].map(([c, n]) => `${c} x${n}`).join(', ') || 'none'}`);
await engine.dispose();
