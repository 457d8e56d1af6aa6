import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLoupeClient, type LoupeClient, submitDocument, waitForDocument } from '@loupe/client';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import { keptSums } from '@loupe/fixtures/layouts/edits';
import { generateDocument } from '@loupe/fixtures/layouts/generate';
import { Rng } from '@loupe/fixtures/layouts/random';
import { type LoopbackServer, loopbackServer } from '@loupe/fixtures/loopback-server';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { webmClip } from '@loupe/fixtures/videos';
import { CHROMIUM } from '@loupe/fixtures/web-page';
import { createAccountWithKeys } from '@loupe/server';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The page globals the callbacks below read in Chromium (this file compiles without the DOM library). */
declare const document: { documentElement: { scrollWidth: number } };

const artifacts = join(import.meta.dirname, '..', 'test-artifacts');
const LOAN = 'LN-CONSOLE-1';
let running: LoopbackServer;
let browser: Browser;
let keys: Awaited<ReturnType<typeof createAccountWithKeys>>;
let api: LoupeClient;
let flaggedId: string;
let genuineId: string;
const dir = mkdtempSync(join(tmpdir(), 'loupe-console-'));

beforeAll(async () => {
  running = await loopbackServer();
  keys = await createAccountWithKeys(running.server.store, { email: 'reviewer@example.com', credits: 20 });
  api = createLoupeClient({ baseUrl: running.url, apiKey: keys.live_key });
  const genuine = await makeStatement({ seed: 81 });
  // two words changed with one unchanged between them: the diff marks each, not the run
  const edited = await editText(genuine, 0, 'First Example Bank', 'Last Example Trust');
  writeFileSync(join(dir, 'upload.pdf'), await makeStatement({ seed: 82 }));
  const options = { options: { external_ref: LOAN } };
  genuineId = (await submitDocument(api, { bytes: genuine, name: 'statement.pdf' }, options)).id;
  flaggedId = (await submitDocument(api, { bytes: edited, name: 'statement-edited.pdf' }, options)).id;
  await waitForDocument(api, genuineId, { intervalMs: 50 });
  const flagged = await waitForDocument(api, flaggedId, { intervalMs: 50 });
  expect(flagged.verdict).not.toBe('CLEAN');
  expect(flagged.regions?.length).toBeGreaterThan(0);
  mkdirSync(artifacts, { recursive: true });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await running?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A new tab that records console errors, failed page errors, and every URL it visits. */
async function tab(viewport = { width: 1280, height: 900 }): Promise<{ page: Page; errors: string[]; urls: string[] }> {
  const page = await browser.newPage({ viewport, acceptDownloads: true });
  const errors: string[] = [];
  const urls: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('request', (r) => urls.push(r.url()));
  return { page, errors, urls };
}

/** Form controls of the current view without a label (none should be). */
function unlabelled(page: Page): Promise<string[]> {
  return page.$$eval('input, select, textarea, button', (controls) =>
    controls
      .map(
        (c) =>
          c as unknown as {
            id: string;
            tagName: string;
            labels?: { length: number } | null;
            textContent: string | null;
            getAttribute(n: string): string | null;
          },
      )
      .filter((c) => !c.labels?.length && !c.getAttribute('aria-label') && !(c.tagName === 'BUTTON' && c.textContent?.trim()))
      .map((c) => `${c.tagName} ${c.id}`),
  );
}

async function signIn(page: Page, key: string, reviewer = 'Dana Reviewer'): Promise<void> {
  await page.getByLabel('API key').fill(key);
  await page.getByLabel('Reviewer name').fill(reviewer);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('reviewer console in Chromium', () => {
  it('signs in, finds the loan, opens the flagged document with its regions, and records decisions the API reads back', async () => {
    const { page, errors, urls } = await tab();
    await page.goto(`${running.url}/console/`);
    // a wrong key says so
    await signIn(page, `sk_live_${'0'.repeat(64)}`);
    await expect.poll(() => page.locator('#sign-in-error').textContent()).toMatch(/not accepted.*unknown or revoked/);
    await signIn(page, keys.live_key);
    // the queue, filtered to unresolved loans
    await page.getByLabel('Unresolved only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/has_unresolved=true/);
    const row = page.locator(`tr[data-loan="${LOAN}"]`);
    await row.waitFor();
    expect(await unlabelled(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'console-queue.png'), fullPage: true });
    expect(await row.locator('td').nth(2).textContent()).toBe('1 of 2');
    await row.getByRole('link', { name: LOAN }).click();
    await page.waitForURL(new RegExp(`#/loans/${LOAN}$`));
    await page.locator(`tr[data-document="${flaggedId}"] a`).click();
    // the page images with the regions drawn over them
    await page.locator('.pages[data-loaded="true"]').waitFor({ timeout: 60_000 });
    const doc = (await api.GET('/v1/documents/{id}', { params: { path: { id: flaggedId } } })).data!;
    const drawnRegions = (doc.regions ?? []).filter((r) => r.page <= 20).length;
    expect(await page.locator('.page .region').count()).toBe(drawnRegions);
    expect(await page.locator('.page img').evaluateAll((imgs) => imgs.every((i) => (i as unknown as { naturalWidth: number }).naturalWidth > 500))).toBe(true);
    // indicators grouped by severity, metadata rows, the revision diff
    expect(await page.locator('.indicators li').count()).toBe(doc.indicators?.length);
    expect(await page.locator('.metadata tr').count()).toBe(doc.metadata?.length);
    // a page zooms to the view's width and back, its regions with it
    const first = page.locator('.page').first();
    const narrow = (await first.locator('img').boundingBox())!.width;
    await first.getByRole('button', { name: 'Zoom page 1' }).click();
    const wide = (await first.locator('img').boundingBox())!.width;
    expect(wide).toBeGreaterThan(narrow * 1.3);
    await first.getByRole('button', { name: /Back to page 1/ }).click();
    expect((await first.locator('img').boundingBox())!.width).toBeCloseTo(narrow, 0);
    expect(await page.locator('.diffs del').allTextContents()).toEqual(['First', 'Bank']);
    expect(await page.locator('.diffs ins').allTextContents()).toEqual(['Last', 'Trust']);
    // every region sits where its percentages put it on its page's picture (not on the picture and its caption together)
    for (const figure of await page.locator('.page').all()) {
      const picture = (await figure.locator('img').boundingBox())!;
      for (const region of await figure.locator('.region').all()) {
        const box = (await region.boundingBox())!;
        const top = Number.parseFloat(await region.evaluate((e) => (e as unknown as { style: { top: string } }).style.top));
        expect(Math.abs(box.y - (picture.y + (top / 100) * picture.height))).toBeLessThan(1);
      }
    }
    expect(await unlabelled(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'console-document.png'), fullPage: true });
    // a decision by button, with a note and the reviewer's name
    await page.getByLabel('Decision note').fill('Bank name retyped; asked the borrower.');
    await page.getByRole('button', { name: 'Escalate' }).click();
    await expect.poll(() => page.locator('.current-decision').textContent()).toMatch(/escalated by Dana Reviewer/);
    let read = (await api.GET('/v1/documents/{id}', { params: { path: { id: flaggedId } } })).data!;
    expect(read.review).toMatchObject({ disposition: 'escalated', reviewer: 'Dana Reviewer', note: 'Bank name retyped; asked the borrower.' });
    // and one by key; `?` lists the shortcuts
    await page.locator('body').press('?');
    await expect.poll(() => page.locator('#shortcuts').isVisible()).toBe(true);
    expect(await page.locator('#shortcut-list').textContent()).toContain('Decision: Confirm fraud');
    await page.keyboard.press('Escape');
    await page.getByLabel('Decision note').fill('');
    await page.keyboard.press('Escape'); // leaves the field: keys typed in a field are the field's
    // a final decision from the keyboard asks first: Escape leaves it untaken, Enter takes it
    const disposition = async () => (await api.GET('/v1/documents/{id}', { params: { path: { id: flaggedId } } })).data?.review?.disposition;
    await page.keyboard.press('f');
    await expect.poll(() => page.locator('#confirm-decision').isVisible()).toBe(true);
    expect(await page.locator('#confirm-decision-text').textContent()).toContain('Confirm fraud');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#confirm-decision').isVisible()).toBe(false);
    expect(await disposition()).toBe('escalated');
    await page.keyboard.press('f');
    await expect.poll(() => page.locator('#confirm-decision').isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(disposition).toBe('confirmed_fraud');
    // the loan's review: assignment and a note
    await page.keyboard.press('u');
    // the review form says its rules before anyone submits
    expect(await page.locator('#loan-review-rules').textContent()).toMatch(/Assignee up to 256 characters, note up to 4,000/);
    expect(await page.getByLabel('Note', { exact: true }).getAttribute('maxlength')).toBe('4000');
    await page.getByRole('button', { name: 'Assign to me' }).click();
    await page.getByLabel('Review state').selectOption('escalated');
    await page.getByLabel('Note', { exact: true }).fill('Escalated to fraud team');
    await page.getByRole('button', { name: 'Save review' }).click();
    await expect
      .poll(async () => (await api.GET('/v1/loans/{external_ref}', { params: { path: { external_ref: LOAN } } })).data)
      .toMatchObject({
        review_state: 'escalated',
        assignee: 'Dana Reviewer',
        review_note: 'Escalated to fraud team',
      });
    // "assigned to me" from the queue
    await page.goto(`${running.url}/console/#/loans`);
    await page.getByRole('button', { name: 'Assigned to me' }).click();
    await page.waitForURL(/assignee=Dana/);
    await page.locator(`tr[data-loan="${LOAN}"]`).waitFor();
    // clearing the selected loan from the keyboard asks first, naming the loan; Escape leaves it as it was
    await page.locator('body').press('j');
    await page.keyboard.press('c');
    await expect.poll(() => page.locator('#confirm-decision-text').textContent()).toContain(`loan ${LOAN}`);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#confirm-decision').isVisible()).toBe(false);
    expect((await api.GET('/v1/loans/{external_ref}', { params: { path: { external_ref: LOAN } } })).data?.review_state).toBe('escalated');
    read = (await api.GET('/v1/documents/{id}', { params: { path: { id: genuineId } } })).data!;
    expect(read.review).toBeUndefined();
    expect(urls.some((u) => u.includes(keys.live_key))).toBe(false);
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']); // the wrong key
    await page.close();
  }, 180_000);

  it('shows the validator before a re-capture link is made, and downloads the audit report', async () => {
    const { page, errors } = await tab();
    // a deep link: the document opens once signed in, and the URL never names the key
    await page.goto(`${running.url}/console/#/documents/${flaggedId}`);
    await signIn(page, keys.live_key);
    await page.getByRole('button', { name: 'Ask for a re-capture' }).click();
    await page.getByLabel('Message template').selectOption({ index: 0 });
    await page.getByLabel('Message to the borrower').fill('Your statement was flagged as fraud, send it again.');
    // production needs a contact whatever the delivery: said before anything is sent
    await page.getByRole('button', { name: 'Create the link' }).click();
    await expect.poll(() => page.locator('.feedback').textContent()).toBe('In production a link needs the borrower’s e-mail or phone, whatever the delivery.');
    await page.getByLabel('Borrower e-mail').fill('borrower@example.com');
    await page.getByRole('button', { name: 'Create the link' }).click();
    await expect.poll(() => page.locator('.feedback').textContent()).toMatch(/Not sent.*matched/);
    expect(await page.locator('.link-result').textContent()).toBe('');
    await page.getByLabel('Message template').selectOption('quality');
    await page.getByRole('button', { name: 'Create the link' }).click();
    await page.locator('.link-result img.qr').waitFor();
    expect(await unlabelled(page)).toEqual([]);
    expect(await page.locator('.capture-url').textContent()).toMatch(/\/c\//);
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: 'Audit report' }).click()]);
    const path = join(dir, 'report.pdf');
    await download.saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString()).toBe('%PDF-');
    expect(page.url()).not.toContain(keys.live_key);
    expect(errors).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)']); // the refused message
    await page.close();
  }, 180_000);

  it('uploads documents and follows each to its verdict, then runs a media detection', async () => {
    const { page, errors } = await tab();
    await page.goto(`${running.url}/console/#/upload`);
    await signIn(page, keys.live_key);
    await page.getByLabel('Upload documents', { exact: true }).setInputFiles([join(dir, 'upload.pdf')]);
    await page.getByLabel('Loan reference (optional)').fill('LN-CONSOLE-2');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.locator('li[data-file="upload.pdf"][data-state="completed"]').waitFor({ timeout: 120_000 });
    const uploaded = await page.locator('li[data-file="upload.pdf"]').getAttribute('data-document');
    expect((await api.GET('/v1/documents/{id}', { params: { path: { id: uploaded! } } })).data).toMatchObject({
      external_ref: 'LN-CONSOLE-2',
      status: 'completed',
    });
    // media: a document key adds a media key first
    webmClip(join(dir, 'clip.webm'));
    await page.getByRole('link', { name: 'Media' }).click();
    await page.getByLabel('Media API key').fill(keys.media_key);
    await page.getByRole('button', { name: 'Use this key' }).click();
    await page.getByLabel('Photo, video or audio file').setInputFiles(join(dir, 'clip.webm'));
    await page.getByRole('button', { name: 'Detect' }).click();
    await page.locator('article.detection').waitFor({ timeout: 120_000 });
    expect(await unlabelled(page)).toEqual([]);
    expect(await page.locator('article.detection .plot .frame').count()).toBe(3);
    expect(await page.locator('article.detection .thumbnails img').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#balance').textContent()).toMatch(/Balance: 17 credits/);
    await page.screenshot({ path: join(artifacts, 'console-media.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('shows versions of one document that differ side by side, each difference boxed, the suspect marked', async () => {
    const ref = 'LN-CONSOLE-VERSIONS';
    const seed = 11; // a bank statement; its careful forger's version keeps every sum
    const producer = PRODUCERS.find((p) => p.name === 'reportlab')!;
    const document = generateDocument(seed);
    const kept = keptSums(seed, document.kind, document.items, new Rng(seed))!;
    const ids: string[] = [];
    for (const [name, bytes] of [
      ['march.pdf', await producer.render(document.layout)],
      ['march-v2.pdf', await producer.render(kept.document.layout)],
      ['march-again.pdf', await producer.render(document.layout)],
    ] as const) {
      const { id } = await submitDocument(api, { bytes, name }, { options: { external_ref: ref } });
      await waitForDocument(api, id, { intervalMs: 50 });
      ids.push(id);
    }
    const { page, errors } = await tab();
    await page.goto(`${running.url}/console/#/loans/${ref}`);
    await signIn(page, keys.live_key);
    await page.locator('.consistency').waitFor({ timeout: 60_000 });
    for (const id of ids) await page.locator(`.consistency .version[data-document="${id}"][data-loaded="true"]`).waitFor({ timeout: 60_000 });
    expect(await page.locator('.consistency .version.suspect').getAttribute('data-document')).toBe(ids[1]);
    const loan = (await api.GET('/v1/loans/{external_ref}', { params: { path: { external_ref: ref } } })).data!;
    const conflict = loan.consistency!.conflicts[0]!;
    // every version's differences boxed on its pages, one row per difference
    for (const id of ids) expect(await page.locator(`.consistency .version[data-document="${id}"] .region`).count()).toBeGreaterThan(0);
    expect(await page.locator('.consistency table.differences tbody tr').count()).toBe(conflict.differences.length);
    expect(await page.locator('.consistency td.suspect').count()).toBe(conflict.differences.length);
    expect(await unlabelled(page)).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'console-versions.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 180_000);

  it('opens media detection for a media key, the one view it serves, instead of asking again', async () => {
    const { page, errors } = await tab();
    await page.goto(`${running.url}/console/#/loans`);
    await signIn(page, keys.media_key);
    await page.waitForURL(/#\/media$/);
    await page.getByLabel('Photo, video or audio file').waitFor();
    expect(await page.locator('#sign-in-error').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('says how a loan starts when an account has none, and that the filters match none when they are set', async () => {
    const fresh = await createAccountWithKeys(running.server.store, { email: 'no-loans@example.com' });
    const { page, errors } = await tab();
    await page.goto(`${running.url}/console/#/loans`);
    await signIn(page, fresh.live_key);
    await expect.poll(() => page.locator('table.queue tbody').textContent()).toMatch(/No loans yet: a document submitted with a loan reference/);
    await page.getByLabel('Unresolved only').check();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect.poll(() => page.locator('table.queue tbody').textContent()).toBe('No loan matches these filters.');
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  it('reads at a phone’s width without sideways scrolling of the page', async () => {
    const { page, errors } = await tab({ width: 390, height: 844 });
    await page.goto(`${running.url}/console/#/loans`);
    await signIn(page, keys.live_key);
    await page.locator(`tr[data-loan="${LOAN}"]`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`${running.url}/console/#/documents/${flaggedId}`);
    await page.locator('.pages[data-loaded="true"]').waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: join(artifacts, 'console-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('is served on both listeners, and its API path answers only its own origin', async () => {
    for (const base of [running.url, running.sandboxUrl]) {
      const html = await fetch(`${base}/console/`);
      expect(html.status).toBe(200);
      expect(html.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(await html.text()).toContain('<title>Loupe');
    }
    const loans = (origin: string, base = running.url, key = keys.live_key) => fetch(`${base}/console/api/v1/loans`, { headers: { origin, 'x-api-key': key } });
    expect((await loans(running.url)).status).toBe(200);
    const foreign = await loans('https://evil.example');
    expect(foreign.status).toBe(401);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('browser_origin_forbidden');
    // the public path keeps the contract: any browser Origin is refused
    const direct = await fetch(`${running.url}/v1/loans`, { headers: { origin: running.url, 'x-api-key': keys.live_key } });
    expect(direct.status).toBe(401);
    // the sandbox console works in its own environment with a sandbox key
    expect((await loans(running.sandboxUrl, running.sandboxUrl, keys.test_key)).status).toBe(200);
    expect((await loans(running.sandboxUrl, running.sandboxUrl, keys.live_key)).status).toBe(401);
  });
});
