import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { serveBuiltPage } from '@loupe/fixtures/web-page';
import { createPdfJsRaster } from '@loupe/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../examples/ci-gate/gate.js';
import { screeningApp } from '../examples/fastify-service/server.js';
import { scanFolder } from '../examples/worker-pool/scan-folder.js';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'loupe-examples-'));
const path = (name: string) => join(dir, name);

beforeAll(async () => {
  const genuine = await makeStatement({ seed: 31 });
  writeFileSync(path('genuine.pdf'), genuine);
  writeFileSync(path('forged.pdf'), await editText(genuine, 0, 'First Example Bank', 'Last Example Bank'));
  writeFileSync(path('broken.pdf'), genuine.subarray(0, 200));
  const misprinted = await makeStatement({ pages: 1, rowsPerPage: 12, seed: 21, misprint: { row: 5, delta: 100_000 } });
  mkdirSync(path('photos'));
  writeFileSync(path('photos/misprinted.png'), (await createPdfJsRaster().renderPage(misprinted, 1, 200)).image);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('examples/', () => {
  it('fastify-service: accepts a genuine statement, sends an edited one to review, refuses a broken file', async () => {
    const app = await screeningApp(1);
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const screen = async (name: string) => {
        const form = new FormData();
        form.append('file', new Blob([readFileSync(path(name))]), name);
        const answer = await fetch(`${url}/screen`, { method: 'POST', body: form });
        return { status: answer.status, body: (await answer.json()) as { accepted: boolean; document?: { verdict: string }; error?: { code: string } } };
      };
      expect(await screen('genuine.pdf')).toMatchObject({ status: 200, body: { accepted: true, document: { verdict: 'CLEAN' } } });
      expect(await screen('forged.pdf')).toMatchObject({ status: 200, body: { accepted: false, document: { verdict: 'FORGED' } } });
      expect(await screen('broken.pdf')).toMatchObject({ status: 422, body: { accepted: false, error: { code: 'unreadable_document' } } });
    } finally {
      await app.close();
    }
  }, 120_000);

  it('worker-pool: screens a folder in file order', async () => {
    expect(await scanFolder(dir, 2)).toEqual([
      expect.stringMatching(/^broken\.pdf\terror\tunreadable_document$/),
      expect.stringMatching(/^forged\.pdf\tFORGED\t\d+$/),
      expect.stringMatching(/^genuine\.pdf\tCLEAN\t\d+$/),
    ]);
  }, 120_000);

  it('ci-gate: passes genuine files, fails on a FORGED one, and on a file it cannot examine', async () => {
    expect((await gate([path('genuine.pdf')])).code).toBe(0);
    const failed = await gate([path('genuine.pdf'), path('forged.pdf')]);
    expect(failed.code).toBe(1);
    expect(failed.lines[1]).toMatch(/forged\.pdf: FORGED \d+/);
    expect((await gate([path('broken.pdf')])).code).toBe(2);
  }, 120_000);

  it('vite-page: builds, and pre-screens PDFs and a photo (read with OCR) in Chromium as loupe scan does', async () => {
    const { base, browser, close } = await serveBuiltPage(join(root, 'examples', 'vite-page'));
    expect(existsSync(join(root, 'examples', 'vite-page', 'dist', 'index.html'))).toBe(true);
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(base);
      await page.setInputFiles('#file', [path('genuine.pdf'), path('forged.pdf'), path('photos/misprinted.png')]);
      await page.locator('li[data-file="misprinted.png"][data-verdict]').waitFor({ timeout: 120_000 });
      const verdicts = await page.$$eval('li', (items) => items.map((i) => (i as unknown as { dataset: { verdict?: string } }).dataset.verdict));
      // the photo's balance contradicts its rows: only OCR can tell
      expect(verdicts).toEqual(['CLEAN', 'FORGED', 'SUSPICIOUS']);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  }, 180_000);
});
