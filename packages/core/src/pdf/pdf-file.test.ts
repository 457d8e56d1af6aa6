import { readFileSync } from 'node:fs';
import { fixtureFile } from '@loupe/fixtures/paths';
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { LimitExceededError, UnreadableDocumentError } from '../errors.js';
import { asDict, asName, type PdfStream } from './objects.js';
import { listPages } from './pages.js';
import { PdfFile } from './pdf-file.js';

function pageText(file: PdfFile, revision?: number): string {
  const view = file.view(revision);
  const page = listPages(view)[0]!;
  const content = view.resolve(page.dict.get('Contents')) as PdfStream;
  return new TextDecoder().decode(file.decode(content).data);
}

describe('PdfFile', () => {
  it('reads a classic xref table', () => {
    const file = PdfFile.open(new RawPdf().section(onePageObjects('classic'), { trailer: '/Root 1 0 R' }).bytes());
    expect(file.revisions).toHaveLength(1);
    expect(file.recovered).toBe(false);
    expect(pageText(file)).toContain('(classic)');
  });

  it('reads a cross-reference stream with objects inside an object stream', () => {
    const objects = onePageObjects('streamed').map((o) => ({ ...o, compressed: o.num !== 4 }));
    const file = PdfFile.open(new RawPdf().section(objects, { xref: 'stream', trailer: '/Root 1 0 R' }).bytes());
    expect(file.revisions[0]!.sections[0]!.kind).toBe('stream');
    expect(file.revisions[0]!.entries.get(1)!.type).toBe(2);
    expect(pageText(file)).toContain('(streamed)');
  });

  it('merges the /XRefStm of a hybrid-reference file into its revision', () => {
    const objects = onePageObjects('hybrid').map((o) => ({ ...o, compressed: o.num === 5 }));
    const file = PdfFile.open(new RawPdf().section(objects, { xref: 'hybrid', trailer: '/Root 1 0 R' }).bytes());
    expect(file.revisions).toHaveLength(1);
    expect(file.revisions[0]!.sections.map((s) => s.kind).sort()).toEqual(['stream', 'table']);
    const font = asDict(file.view().get(5));
    expect(asName(font?.get('BaseFont'))).toBe('Helvetica');
  });

  it('follows /Prev chains: one revision per incremental update, each with its own view', () => {
    const pdf = new RawPdf()
      .section(onePageObjects('Balance 1,200.00'), { trailer: '/Root 1 0 R' })
      .section(
        [
          { num: 6, body: '<< /Length 27 >>\nstream\nBT (Balance 9,200.00) Tj ET\nendstream' },
          { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R >>' },
        ],
        { trailer: '/Root 1 0 R' },
      )
      .section([{ num: 7, body: '(note)' }], { xref: 'stream', trailer: '/Root 1 0 R' });
    const file = PdfFile.open(pdf.bytes());
    expect(file.revisions).toHaveLength(3);
    expect(pageText(file, 0)).toContain('1,200.00');
    expect(pageText(file, 1)).toContain('9,200.00');
    expect(pageText(file)).toContain('9,200.00');
    const [r0, r1, r2] = file.revisions;
    expect(r0!.end).toBe(r1!.start);
    expect(r1!.end).toBe(r2!.start);
    expect(r2!.end).toBe(pdf.bytes().length);
  });

  it('recovers objects whose xref offsets are wrong by scanning N G obj markers', () => {
    const file = PdfFile.open(new RawPdf().section(onePageObjects('shifted'), { trailer: '/Root 1 0 R', offsetError: 7 }).bytes());
    expect(pageText(file)).toContain('(shifted)');
    expect(file.recovered).toBe(true);
  });

  it('recovers a file with no cross-reference data at all', () => {
    const file = PdfFile.open(new RawPdf().section(onePageObjects('no xref'), { xref: 'none', trailer: '/Root 1 0 R' }).bytes());
    expect(file.recovered).toBe(true);
    expect(pageText(file)).toContain('(no xref)');
  });

  it('finds the catalog when the trailer has lost /Root', () => {
    const file = PdfFile.open(new RawPdf().section(onePageObjects('rootless'), { trailer: '' }).bytes());
    expect(listPages(file.view())).toHaveLength(1);
  });

  it('does not loop on a /Prev chain that points back at itself', () => {
    const pdf = new RawPdf().section(onePageObjects('loop'), { trailer: '/Root 1 0 R /Prev 9' }).bytes();
    const text = new TextDecoder('latin1').decode(pdf);
    const xrefAt = text.lastIndexOf('xref\n0 1');
    const looped = new TextEncoder().encode(text.replace('/Prev 9', `/Prev ${xrefAt}`.padEnd(8 + String(xrefAt).length, ' ')));
    const file = PdfFile.open(looped);
    expect(file.revisions).toHaveLength(1);
  });

  it('counts a linearized file as one revision, and its later edit as a second', () => {
    const lin = PdfFile.open(new Uint8Array(readFileSync(fixtureFile('linearized.pdf'))));
    expect(lin.linearized).toBe(true);
    expect(lin.revisions).toHaveLength(1);
    const edited = PdfFile.open(new Uint8Array(readFileSync(fixtureFile('linearized-edited.pdf'))));
    expect(edited.revisions).toHaveLength(2);
  });

  it('refuses bytes that hold no PDF', () => {
    expect(() => PdfFile.open(new TextEncoder().encode('just some text, no objects'))).toThrow(UnreadableDocumentError);
  });

  it('ends a file of 100k nested arrays with a limit error', () => {
    const body = '['.repeat(100_000) + ']'.repeat(100_000);
    const pdf = new RawPdf().section([...onePageObjects('deep'), { num: 6, body }], { trailer: '/Root 1 0 R' }).bytes();
    const file = PdfFile.open(pdf);
    expect(() => file.view().get(6)).toThrow(LimitExceededError);
  });

  it('refuses an xref subsection that declares billions of objects', () => {
    const pdf = new TextEncoder().encode(
      '%PDF-1.4\n1 0 obj\n<<>>\nendobj\nxref\n0 4000000000\n0000000000 65535 f \ntrailer\n<< /Root 1 0 R >>\nstartxref\n31\n%%EOF\n',
    );
    expect(() => PdfFile.open(pdf)).toThrow(LimitExceededError);
  });
});
