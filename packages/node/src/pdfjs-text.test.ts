import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { describe, expect, it } from 'vitest';
import { createPdfJsText } from './pdfjs-text.js';

describe('pdf.js text port', () => {
  it('extracts positioned text for the pages asked, skipping pages that do not exist', async () => {
    const port = createPdfJsText();
    const bytes = await makeStatement({ pages: 3, rowsPerPage: 4 });
    const pages = await port.extract(bytes, [2, 9]);
    expect(pages.map((p) => p.page)).toEqual([2]);
    const text = pages[0]!.items.map((i) => i.str).join(' ');
    expect(text).toContain('page 2 of 3');
    const header = pages[0]!.items.find((i) => i.str === 'First Example Bank')!;
    expect(header.x).toBeCloseTo(50, 0);
    expect(header.y).toBeCloseTo(740, 0);
    expect(pages[0]!.width).toBe(612);
  });

  it('reads an earlier revision from its byte prefix and leaves the caller bytes intact', async () => {
    const port = createPdfJsText();
    const base = await makeStatement({ pages: 1, rowsPerPage: 2 });
    const edited = await editText(base, 0, 'First Example Bank', 'Forged Example Bank');
    const [before] = await port.extract(edited.subarray(0, base.length), [1]);
    const [after] = await port.extract(edited, [1]);
    expect(before!.items.map((i) => i.str)).toContain('First Example Bank');
    expect(after!.items.map((i) => i.str)).toContain('Forged Example Bank');
    expect(edited.byteLength).toBeGreaterThan(base.length); // not detached by pdf.js
  });

  it('gives up on a document after its time limit', async () => {
    const port = createPdfJsText({ timeoutMs: 1 });
    const bytes = await makeStatement({ pages: 30, rowsPerPage: 30 });
    await expect(
      port.extract(
        bytes,
        Array.from({ length: 30 }, (_, i) => i + 1),
      ),
    ).rejects.toMatchObject({ code: 'unreadable_document' });
  });
});

describe('loading pdf.js', () => {
  it('leaves the native Array.prototype.push and JSON functions in place', async () => {
    const { loadPdfJs } = await import('./pdfjs-text.js');
    const natives = [Array.prototype.push, JSON.stringify, JSON.parse];
    await loadPdfJs();
    expect([Array.prototype.push, JSON.stringify, JSON.parse]).toEqual(natives);
    expect(Array.prototype.push.toString()).toContain('[native code]');
  });
});

describe('node digests', () => {
  it('hash like the core pure implementation', async () => {
    const { nodeDigests } = await import('./index.js');
    const { md5Hex, sha256Hex } = await import('@loupe/core');
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 31) & 0xff);
    expect(nodeDigests.sha256(bytes)).toBe(sha256Hex(bytes));
    expect(nodeDigests.md5(bytes)).toBe(md5Hex(bytes));
  });
});

describe('stray pdf.js rejections', () => {
  it('recognises pdf.js document exceptions and nothing else', async () => {
    const { isPdfJsException } = await import('./pdfjs-text.js');
    expect(isPdfJsException({ name: 'XRefEntryException', message: 'Inconsistent generation in XRef: 8R1' })).toBe(true);
    expect(isPdfJsException('FormatError: Bad FCHECK in flate stream')).toBe(true);
    expect(isPdfJsException(new TypeError('x is undefined'))).toBe(false);
    expect(isPdfJsException(undefined)).toBe(false);
  });
});
