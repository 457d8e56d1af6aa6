// The examples/ folder, run as an integrator would run it: the Fastify service screens uploads
// over HTTP on loopback, the worker-pool script screens a folder, the CI gate fails on a FORGED
// document, and the Vite page is built and pre-screens a PDF in Debian's Chromium — each against
// what `loupe scan --json` says about the same bytes.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gate } from '../examples/ci-gate/gate.js';
import { screeningApp } from '../examples/fastify-service/server.js';
import { scanFolder } from '../examples/worker-pool/scan-folder.js';
import { editText, makeStatement } from './fixtures/pdf-builders.js';
import { CHROMIUM } from './fixtures/web-page.js';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'loupe-examples-'));
const path = (name: string) => join(dir, name);

beforeAll(async () => {
  const genuine = await makeStatement({ seed: 31 });
  writeFileSync(path('genuine.pdf'), genuine);
  writeFileSync(path('forged.pdf'), await editText(genuine, 0, 'First Example Bank', 'Last Example Bank'));
  writeFileSync(path('broken.pdf'), genuine.subarray(0, 200));
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

  it('vite-page: builds, and pre-screens a PDF in Chromium as loupe scan does', async () => {
    const site = join(root, 'examples', 'vite-page', 'dist');
    await promisify(execFile)(
      process.execPath,
      [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', join(root, 'examples', 'vite-page'), '--logLevel', 'error'],
      {
        cwd: root,
      },
    );
    expect(existsSync(join(site, 'index.html'))).toBe(true);
    const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript' };
    const server = createServer((req, res) => {
      const file = normalize(join(site, decodeURIComponent((req.url ?? '/').split('?')[0]!).replace(/\/$/, '/index.html')));
      if (!file.startsWith(site) || !existsSync(file)) {
        res.statusCode = 404;
        res.end();
        return;
      }
      res.setHeader('content-type', types[extname(file)] ?? 'application/octet-stream');
      res.end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
    });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
      await page.setInputFiles('#file', [path('genuine.pdf'), path('forged.pdf')]);
      await page.locator('li[data-file="forged.pdf"][data-verdict]').waitFor({ timeout: 60_000 });
      const verdicts = await page.$$eval('li', (items) => items.map((i) => (i as unknown as { dataset: { verdict?: string } }).dataset.verdict));
      expect(verdicts).toEqual(['CLEAN', 'FORGED']);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  }, 180_000);
});
