import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Detection, DocumentResult } from '@loupe/core';
import { imageOnlyPdf } from '@loupe/fixtures/captures';
import { captureDocument, copyMoveDigit } from '@loupe/fixtures/document-photos';
import { fixtureAudio } from '@loupe/fixtures/paths';
import { editText, makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { generateScene, photographScene } from '@loupe/fixtures/scenes';
import { webmClip } from '@loupe/fixtures/videos';
import { type ServedPage, servePage } from '@loupe/fixtures/web-page';
import { createPdfJsRaster } from '@loupe/node';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../packages/cli/src/main.js';

/** The page globals the callbacks below read in Chromium (this file compiles without the DOM library). */
declare const document: { querySelectorAll(selector: string): { length: number } };
type HTMLElement = { dataset: Record<string, string | undefined> };

const artifacts = join(import.meta.dirname, '..', 'test-artifacts');
let served: ServedPage;
let base: string;
let browser: ServedPage['browser'];

beforeAll(async () => {
  served = await servePage();
  ({ base, browser } = served);
});

afterAll(async () => {
  await served?.close();
});

/** Waits until `count` result cards are done or failed. */
async function finished(page: Page, count: number): Promise<void> {
  await page.waitForFunction((n) => document.querySelectorAll('article.result[data-state="done"], article.result[data-state="failed"]').length === n, count, {
    timeout: 180_000,
  });
}

/** What must agree between the page's Document and the command line's. */
function essence(d: DocumentResult): unknown {
  return { verdict: d.verdict, score: d.risk_score, codes: d.indicators.map((i) => i.code).sort(), regions: d.regions, math: d.math_checks };
}

describe('pre-screening page in Chromium', () => {
  it('scans PDFs in the page as loupe scan --json does, and draws the regions', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-browser-'));
    const genuine = await makeStatement();
    const edited = await editText(genuine, 0, 'First Example Bank', 'Last Example Bank');
    const sums = await makeStatement({ pages: 1, rowsPerPage: 10, seed: 4 });
    const badSums = await editText(sums, 0, `Opening balance ${money(250_000)}`, `Opening balance ${money(950_000)}`);
    writeFileSync(join(dir, 'genuine.pdf'), genuine);
    writeFileSync(join(dir, 'edited.pdf'), edited);
    writeFileSync(join(dir, 'sums.pdf'), badSums);
    writeFileSync(join(dir, 'broken.pdf'), genuine.subarray(0, 300));
    const lines: string[] = [];
    await main(['scan', '--json', '--no-ocr', join(dir, 'genuine.pdf'), join(dir, 'edited.pdf'), join(dir, 'sums.pdf')], {
      out: (t) => lines.push(t),
      err: () => undefined,
    });
    const fromCli = lines.map((l) => JSON.parse(l) as DocumentResult);

    const page = await browser.newPage({ viewport: { width: 390, height: 844 } }); // a phone-width screen
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await page.goto(base);
    await page.setInputFiles('#file', [join(dir, 'genuine.pdf'), join(dir, 'edited.pdf'), join(dir, 'sums.pdf')]);
    await finished(page, 3);
    const fromPage = await page.$$eval('article.result', (cards) => cards.map((c) => JSON.parse((c as HTMLElement).dataset.document ?? 'null') as unknown));
    expect((fromPage as DocumentResult[]).map(essence)).toEqual(fromCli.map(essence));
    expect(fromCli[1]!.regions.length).toBeGreaterThan(0);
    // the arithmetic failures are listed with their figures
    expect(fromCli[2]!.math_checks?.length).toBeGreaterThan(0);
    const math = await page.$$eval('article.result[data-file="sums.pdf"] .math td.stated', (s) => s.map((e) => e.textContent));
    expect(math).toEqual(fromCli[2]!.math_checks!.map((m) => m.stated || '—'));
    // the revision diff is shown before and after, side by side
    const diff = await page.$$eval('article.result[data-file="edited.pdf"] .diffs td', (cells) => cells.map((c) => c.textContent));
    const words = (t: string | null): string => (t ?? '').split(/\s+/).filter(Boolean).join(' ');
    expect(diff.map(words)).toEqual(fromCli[1]!.revisions!.diffs.flatMap((d) => [`${d.from_revision} → ${d.to_revision}`, d.before, d.after].map(words)));
    const drawn = await page.$$eval('article.result[data-file="edited.pdf"] .region', (r) => r.length);
    // a broken file gets a clear message with the spec's code, as on the command line
    await page.setInputFiles('#file', [join(dir, 'broken.pdf')]);
    await page.waitForSelector('article.result[data-file="broken.pdf"][data-state="failed"]', { timeout: 60_000 });
    const cliBroken: string[] = [];
    await main(['scan', '--json', '--no-ocr', join(dir, 'broken.pdf')], { out: (t) => cliBroken.push(t), err: () => undefined });
    const shown = await page.$eval('article.result[data-file="broken.pdf"] .error', (e) => e.textContent ?? '');
    expect(shown.startsWith(`${(JSON.parse(cliBroken[0]!) as { error: { code: string } }).error.code}:`)).toBe(true);
    // picking the same file again examines it again
    await page.setInputFiles('#file', [join(dir, 'broken.pdf')]);
    await finished(page, 5);
    expect(drawn).toBe(fromCli[1]!.regions.filter((r) => r.page <= 10).length);
    expect(outside).toEqual([]);
    // the engine ran off the page's main thread, in the pool's Web Worker
    expect(page.workers().some((w) => w.url().includes('engine-worker'))).toBe(true);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'pre-screen-pdfs.png'), fullPage: true });
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads scans and photos with OCR in the page as loupe scan --json does: verdict, category, date, arithmetic', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-browser-'));
    const raster = createPdfJsRaster();
    const render = async (pdf: Uint8Array) => (await raster.renderPage(pdf, 1, 200)).image;
    const genuine = await render(await makeStatement({ pages: 1, rowsPerPage: 12, seed: 21 }));
    const misprinted = await render(await makeStatement({ pages: 1, rowsPerPage: 12, seed: 21, misprint: { row: 5, delta: 100_000 } }));
    const files: Record<string, Uint8Array> = {
      'scan-genuine.pdf': await imageOnlyPdf(genuine),
      'scan-misprinted.pdf': await imageOnlyPdf(misprinted),
      'statement.png': misprinted,
      'scan.png': (await captureDocument({ kind: 'scan', seed: 3002, format: 'png' })).bytes,
      'photo.jpg': (await copyMoveDigit(await captureDocument({ kind: 'photo', seed: 3001 }), 1)).bytes,
    };
    const names = Object.keys(files);
    for (const name of names) writeFileSync(join(dir, name), files[name]!);
    const lines: string[] = [];
    await main(['scan', '--json', ...names.map((n) => join(dir, n))], { out: (t) => lines.push(t), err: () => undefined });
    const fromCli = lines.map((l) => JSON.parse(l) as DocumentResult);
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) outside.push(r.url());
    });
    const warnings: string[] = [];
    page.on('worker', (w) => w.on('console', (m) => warnings.push(m.text())));
    await page.goto(base);
    await page.setInputFiles(
      '#file',
      names.map((n) => join(dir, n)),
    );
    await finished(page, names.length);
    const fromPage = (await page.$$eval('article.result', (cards) =>
      cards.map((c) => JSON.parse((c as HTMLElement).dataset.document ?? 'null') as unknown),
    )) as DocumentResult[];
    const read = (d: DocumentResult) => ({ ...(essence(d) as object), category: d.category, date: d.issue_date, passed: d.checks_passed });
    expect(fromPage.map(read)).toEqual(fromCli.map(read));
    // OCR ran in the page: the scans have a kind, and the misprinted balance is reported with the figures it compared
    expect(fromPage[0]).toMatchObject({ capture: 'scan', category: 'bank_statement', verdict: 'INSUFFICIENT_EVIDENCE' });
    for (const misprint of [fromPage[1]!, fromPage[2]!]) {
      expect(misprint.indicators.map((i) => i.code)).toContain('running_balance_mismatch');
      expect(misprint.math_checks!.length).toBeGreaterThanOrEqual(1);
    }
    // what could not run is listed under its card; the arithmetic ran on every one of them
    const notRun = await page.$$eval('article.result', (cards) =>
      cards.map((c) => ({ listed: c.querySelectorAll('.not-run li').length, notRun: JSON.parse((c as HTMLElement).dataset.notRun ?? '[]') as string[] })),
    );
    for (const card of notRun) {
      expect(card.listed).toBe(card.notRun.length);
      expect(card.notRun.join()).not.toMatch(/arithmetic/);
    }
    expect(fromPage[0]!.checks_passed).toContain('arithmetic consistency');
    expect(fromCli[4]!.indicators.map((i) => i.code)).toContain('copy_move_detected');
    expect(await page.$$eval('article.result[data-file="photo.jpg"] .region', (r) => r.length)).toBe(fromCli[4]!.regions.length);
    // every file, its language data and the WebAssembly core came from the page's own origin
    expect(outside).toEqual([]);
    // pdf.js runs in a worker of its own, not on the engine's worker thread
    expect(warnings.filter((w) => /fake worker/i.test(w))).toEqual([]);
    const tesseractFiles = served.requests.filter((r) => r.startsWith('/tesseract/'));
    expect(tesseractFiles).toEqual(
      expect.arrayContaining(['/tesseract/worker.min.js', '/tesseract/tesseract-core-simd-lstm.wasm.js', '/tesseract/eng.traineddata.gz']),
    );
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'pre-screen-images.png'), fullPage: true });
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('detects a photo, a short video and two recordings in the page as loupe detect --json does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-browser-'));
    writeFileSync(join(dir, 'photo.jpg'), photographScene(909));
    writeFileSync(join(dir, 'generated.jpg'), generateScene(909));
    webmClip(join(dir, 'clip.webm'));
    copyFileSync(fixtureAudio('natural-fr-words.ogg'), join(dir, 'words.ogg'));
    copyFileSync(fixtureAudio('espeak-en-us-m7.ogg'), join(dir, 'tts.ogg'));
    const names = ['photo.jpg', 'generated.jpg', 'clip.webm', 'words.ogg', 'tts.ogg'];
    const lines: string[] = [];
    await main(['detect', '--json', ...names.map((n) => join(dir, n))], { out: (t) => lines.push(t), err: () => undefined });
    const fromCli = lines.map((l) => JSON.parse(l) as Detection);
    const page = await browser.newPage();
    const outside: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith(base) && !r.url().startsWith('blob:') && !r.url().startsWith('data:')) outside.push(r.url());
    });
    await page.goto(base);
    await page.check('#photos');
    await page.setInputFiles(
      '#file',
      names.map((n) => join(dir, n)),
    );
    await finished(page, names.length);
    const fromPage = await page.$$eval('article.result', (cards) =>
      cards.map((c) => JSON.parse((c as HTMLElement).dataset.detection ?? (c as HTMLElement).dataset.error ?? 'null') as unknown),
    );
    const verdicts = (ds: unknown[]): unknown[] => ds.map((d) => (d as Detection).verdict ?? d);
    expect(verdicts(fromPage)).toEqual(verdicts(fromCli));
    expect(verdicts(fromCli)).toEqual(['LIKELY_REAL', 'LIKELY_AI', expect.any(String), 'LIKELY_REAL', 'LIKELY_AI']);
    for (const [i, d] of (fromPage as Detection[]).entries()) {
      const cli = fromCli[i]!;
      expect(d.media).toEqual(cli.media);
      // other decoders (WebCodecs and the browser's colour conversion vs ffmpeg) move scores a little
      expect(Math.abs(d.score! - cli.score!), d.media.filename ?? '').toBeLessThanOrEqual(0.05);
      expect(d.frames?.map((f) => f.timestamp_s)).toEqual(cli.frames?.map((f) => f.timestamp_s));
      // decoders may disagree by a few tens of milliseconds on a clip's length (codec padding)
      expect(d.segments?.map((s) => s.status)).toEqual(cli.segments?.map((s) => s.status));
      for (const [k, s] of (d.segments ?? []).entries()) expect(Math.abs(s.start_ms - cli.segments![k]!.start_ms)).toBeLessThanOrEqual(50);
    }
    expect(outside).toEqual([]);
    expect(await page.$$eval('article.result[data-file="clip.webm"] .plot .frame', (f) => f.length)).toBe(3);
    expect(await page.$$eval('article.result[data-file="words.ogg"] .timeline .segment', (s) => s.length)).toBe(fromCli[3]!.segments!.length);
    mkdirSync(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'pre-screen-media.png'), fullPage: true });
    await page.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
