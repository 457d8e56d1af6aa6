// Statements from ten layout families made by producers the engine's own fixtures do not use
// (packages/fixtures/src/statement-families.ts): every genuine one adds up and must carry no arithmetic
// finding; every re-rendered twin with a changed movement, running balance or closing balance
// must carry one, pointing at the changed figure's kind of check, also after the file is
// re-distilled through Ghostscript (no revision trail left). Scanned, they read the same;
// photographed under real capture conditions, nothing fires.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfFile } from '@loupe/core/internal';
import { conditionsFor, imageOnlyPdf, phoneCapture, scanOf } from '@loupe/fixtures/captures';
import { FAMILIES, genuineStatement, REWRITES, rewrite } from '@loupe/fixtures/statement-families';
import { createNodeEngine, createPdfJsRaster } from '@loupe/node';
import { afterAll, describe, expect, it } from 'vitest';

const engine = createNodeEngine();
afterAll(() => engine.dispose());

/** `pdf` re-distilled through Ghostscript's pdfwrite, as forgers erase a revision trail. */
function redistill(pdf: Uint8Array): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-gs-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    execFileSync('gs', ['-q', '-dNOPAUSE', '-dBATCH', '-dSAFER', '-sDEVICE=pdfwrite', `-sOutputFile=${join(dir, 'out.pdf')}`, join(dir, 'in.pdf')], {
      stdio: 'ignore',
    });
    return new Uint8Array(readFileSync(join(dir, 'out.pdf')));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const EXPECTED = { amount: 'running_balance_mismatch', balance: 'running_balance_mismatch', closing: 'statement_balance_mismatch' } as const;

describe.each(FAMILIES.map((f) => [f.name, f] as const))('statement family %s', (_name, family) => {
  it(`adds up as printed (${family.features}) and reports each arithmetic-breaking rewrite`, async () => {
    const statement = genuineStatement(7);
    const genuine = await engine.scan(await family.render(statement), { name: 'statement.pdf' });
    expect(genuine.category).toBe('bank_statement');
    expect(genuine.math_checks ?? []).toEqual([]);
    expect(genuine.verdict).toBe('CLEAN');
    // the way forgers erase a revision trail: the whole file re-distilled through Ghostscript
    const redistilled = await engine.scan(redistill(await family.render(statement)), { name: 'statement.pdf' });
    expect(redistilled.math_checks ?? []).toEqual([]);
    for (const kind of REWRITES) {
      const rewritten = await family.render(rewrite(statement, kind));
      const again = await engine.scan(redistill(rewritten), { name: 'statement.pdf' });
      expect(
        again.indicators.map((i) => i.code),
        `${kind} rewrite, re-distilled`,
      ).toContain(EXPECTED[kind]);
      const forged = await engine.scan(rewritten, { name: 'statement.pdf' });
      expect(
        forged.indicators.map((i) => i.code),
        `${kind} rewrite`,
      ).toContain(EXPECTED[kind]);
      expect(forged.math_checks!.every((m) => !m.ok)).toBe(true);
      expect(['SUSPICIOUS', 'FORGED']).toContain(forged.verdict);
    }
  });
});

describe('statement families scanned and photographed', () => {
  const raster = createPdfJsRaster();
  const pagesOf = async (pdf: Uint8Array, dpi: number): Promise<Uint8Array[]> => {
    const out: Uint8Array[] = [];
    for (let p = 1; p <= PdfFile.open(pdf).view().pages().length; p++) out.push((await raster.renderPage(pdf, p, dpi)).image);
    return out;
  };
  const scanned = async (pdf: Uint8Array): Promise<Uint8Array> => {
    const [x0, y0, x1, y1] = PdfFile.open(pdf).view().pages()[0]!.cropBox;
    return imageOnlyPdf(await Promise.all((await pagesOf(pdf, 300)).map((png, i) => scanOf(png, 5 + i))), [x1 - x0, y1 - y0]);
  };

  it.each(['pdflib-french', 'chromium-table-pages'])(
    'reads a 300 dpi scan of %s: genuine adds up (INSUFFICIENT_EVIDENCE), a rewritten movement is found',
    async (name) => {
      const family = FAMILIES.find((f) => f.name === name)!;
      const statement = genuineStatement(7);
      const genuine = await engine.scan(await scanned(await family.render(statement)), { name: 'scan.pdf' });
      expect(genuine.math_checks ?? []).toEqual([]);
      expect(genuine.verdict).toBe('INSUFFICIENT_EVIDENCE');
      const forged = await engine.scan(await scanned(await family.render(rewrite(statement, 'amount'))), { name: 'scan.pdf' });
      expect(forged.indicators.map((i) => i.code)).toContain('running_balance_mismatch');
    },
  );

  it('leaves a phone photo under uneven light, shadow, keystone and focus fall-off unjudged, with no image indicator', async () => {
    const [png] = await pagesOf(await FAMILIES.find((f) => f.name === 'calc-cr-dr')!.render(genuineStatement(7)), 200);
    for (const n of [0, 3]) {
      const doc = await engine.scan(await phoneCapture(png!, conditionsFor(n)), { name: 'photo.jpg' });
      expect(doc.verdict, `photo ${n}`).toBe('INSUFFICIENT_EVIDENCE');
      expect(doc.findings.filter((f) => ['print_sharper_than_capture', 'noise_inconsistency', 'copy_move_detected'].includes(f.code))).toEqual([]);
    }
  });
});
