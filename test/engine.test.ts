// The engine on the Node platform (real pdf.js): the Document fields issue 2 defines.
import { readFileSync } from 'node:fs';
import { createEngine, FileEncryptedError, FileTooLargeError, UnreadableDocumentError, UnsupportedTypeError } from '@loupe/core';
import { fixtureFile } from '@loupe/fixtures/paths';
import { addPage, editMetadata, editText, makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { RawPdf } from '@loupe/fixtures/raw-pdf';
import { createNodeEngine } from '@loupe/node';
import { describe, expect, it } from 'vitest';

const engine = createNodeEngine();

describe('document engine (Node platform)', () => {
  it('describes an untouched native PDF', async () => {
    const bytes = await makeStatement({ pages: 2, rowsPerPage: 5 });
    const doc = await engine.scan(bytes, { name: 'statement.pdf' });
    expect(doc.file).toMatchObject({ name: 'statement.pdf', type: 'pdf', pages: 2, size_bytes: bytes.length });
    expect(doc.file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(doc.file.md5).toMatch(/^[0-9a-f]{32}$/);
    expect(doc.capture).toBe('native_pdf');
    expect(doc.revisions).toEqual({ count: 1, diffs: [] });
    const rows = Object.fromEntries(doc.metadata.map((r) => [r.key, r.value]));
    expect(rows).toMatchObject({ Format: 'PDF 1.7', Pages: '2', Producer: 'Loupe fixture generator', 'Incremental revisions': '0', 'XMP metadata': 'Absent' });
  });

  it('diffs an edited amount word by word, on the page it was edited', async () => {
    const base = await makeStatement({ pages: 3, rowsPerPage: 10, seed: 4 });
    const target = money(250_000);
    const edited = await editText(base, 0, `Opening balance ${target}`, `Opening balance ${money(950_000)}`);
    const doc = await engine.scan(edited, { name: 'edited.pdf' });
    expect(doc.revisions!.count).toBe(2);
    expect(doc.revisions!.diffs).toHaveLength(1);
    const diff = doc.revisions!.diffs[0]!;
    expect(diff).toMatchObject({ from_revision: 1, to_revision: 2 });
    expect(diff.before).toContain('2,500.00');
    expect(diff.after).toContain('9,500.00');
    expect(diff.before).not.toContain('9,500.00');
    expect(diff.before.length).toBeLessThan(200);
  });

  it('reports no text diff for a metadata-only update, and one for an added page', async () => {
    const base = await makeStatement({ pages: 1, rowsPerPage: 3 });
    const meta = await engine.scan(await editMetadata(base, 'SomeEditor'), { name: 'm.pdf' });
    expect(meta.revisions).toEqual({ count: 2, diffs: [] });
    expect(meta.metadata.find((r) => r.key === 'Producer')!.value).toBe('SomeEditor');
    const added = await engine.scan(await addPage(base, 'Annex with new numbers 42'), { name: 'a.pdf' });
    expect(added.revisions!.diffs).toHaveLength(1);
    expect(added.revisions!.diffs[0]!.after).toContain('Annex with new numbers 42');
  });

  it('measures capture: page images are a scan, an image upload is a photo', async () => {
    const image = '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\u0000\nendstream';
    const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q BT 3 Tr /F1 12 Tf (ocr layer) Tj ET';
    const scan = new RawPdf().section(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        {
          num: 3,
          body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> /Font << /F1 6 0 R >> >> /Contents 4 0 R >>',
        },
        { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
        { num: 5, body: image },
        { num: 6, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
      ],
      { trailer: '/Root 1 0 R' },
    );
    expect((await engine.scan(scan.bytes(), { name: 'scan.pdf' })).capture).toBe('scan');
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const photo = await engine.scan(png, { name: 'photo.png' });
    expect(photo).toMatchObject({ capture: 'photo', file: { type: 'png', pages: 1 } });
    expect(photo.revisions).toBeUndefined();
  });

  it('refuses what it cannot analyse, with the spec codes', async () => {
    await expect(engine.scan(new TextEncoder().encode('GIF89a....'), { name: 'x.pdf' })).rejects.toBeInstanceOf(UnsupportedTypeError);
    await expect(engine.scan(new TextEncoder().encode('hello'), { name: 'x.pdf' })).rejects.toBeInstanceOf(UnreadableDocumentError);
    await expect(engine.scan(new Uint8Array(0), { name: 'x.pdf' })).rejects.toBeInstanceOf(UnreadableDocumentError);
    await expect(engine.scan(new Uint8Array(readFileSync(fixtureFile('encrypted-user-password.pdf'))), { name: 'x.pdf' })).rejects.toBeInstanceOf(
      FileEncryptedError,
    );
    const small = createNodeEngine({ maxPages: 1 });
    await expect(small.scan(await makeStatement({ pages: 2, rowsPerPage: 1 }), { name: 'x.pdf' })).rejects.toBeInstanceOf(FileTooLargeError);
  });

  it('analyses an owner-password-only file like any other', async () => {
    const doc = await engine.scan(new Uint8Array(readFileSync(fixtureFile('encrypted-aes-256-r6.pdf'))), { name: 'enc.pdf' });
    expect(doc.capture).toBe('native_pdf');
    expect(doc.metadata.find((r) => r.key === 'Producer')!.value).toBe('Loupe fixture generator');
  });
});

describe('revision text readers', () => {
  it('gives the same diff whether the core interpreter or pdf.js reads the pages', async () => {
    const base = await makeStatement({ pages: 2, rowsPerPage: 8, seed: 9 });
    const edited = await editText(base, 1, 'First Example Bank', 'Frist Example Bank');
    const auto = await engine.scanDetailed(edited, { name: 'e.pdf' });
    const portOnly = await createNodeEngine({ textSource: 'port' }).scanDetailed(edited, { name: 'e.pdf' });
    expect(auto.textReaders).toEqual({ core: 1, port: 0 });
    expect(portOnly.textReaders).toEqual({ core: 0, port: 1 });
    expect(auto.document.revisions).toEqual(portOnly.document.revisions);
    expect(auto.document.revisions!.diffs).toHaveLength(1);
  });

  it('reads revisions with the core alone when the port is unavailable', async () => {
    const base = await makeStatement({ pages: 1, rowsPerPage: 4 });
    const edited = await editText(base, 0, 'First Example Bank', 'Last Example Bank');
    const failingPort = { extract: async () => Promise.reject(new Error('no pdf.js here')) };
    const detail = await createEngine({ pdf: failingPort }).scanDetailed(edited, { name: 'e.pdf' });
    expect(detail.document.revisions!.diffs[0]!.after).toContain('Last Example Bank');
    expect(detail.unreadRevisions).toEqual([]);
  });
});
