// The producer-pipeline check on Info dictionaries, XMP packets and header marks written byte by
// byte: which software made and touched the file, and where its metadata disagrees.
import { onePageObjects, RawPdf, styledPdf, type WriterStyle } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { producerPipeline } from './producer-pipeline.js';

/** A one-page PDF whose Info dictionary holds `info`, after `header` (its version line and any comment), with `catalog` entries. */
const withInfo = (
  info: string,
  header: Uint8Array = new TextEncoder().encode('%PDF-1.7\n'),
  more: { num: number; body: string }[] = [],
  catalog = '',
): Uint8Array => {
  const objects = onePageObjects('Total 1,234.56');
  objects[0] = { num: 1, body: `<< /Type /Catalog /Pages 2 0 R ${catalog} >>` };
  return new RawPdf(header).section([...objects, { num: 6, body: `<< ${info} >>` }, ...more], { trailer: '/Root 1 0 R /Info 6 0 R' }).bytes();
};
/** The header line and a binary comment of four bytes: the mark a whole-file writer leaves. */
const marked = (mark: number[]): Uint8Array => new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n%'), ...mark, 0x0a]);
const run = async (bytes: Uint8Array) => runCheck(producerPipeline, await checkContext(bytes));
const summariesOf = async (bytes: Uint8Array, code: string) => (await run(bytes)).said(code);

describe('producer pipeline', () => {
  it('names qpdf or MuPDF when it wrote the whole file under another application’s Producer (the mark after the header)', async () => {
    const qpdf = await summariesOf(
      withInfo('/Producer (ReportLab PDF Library - www.reportlab.com)', marked([0xbf, 0xf7, 0xa2, 0xfe])),
      'producer_library_rewrite',
    );
    expect(qpdf).toEqual([expect.stringContaining('qpdf')]);
    expect(await summariesOf(withInfo('/Producer (Microsoft Word)', marked([0xc2, 0xb5, 0xc2, 0xb6])), 'producer_library_rewrite')).toEqual([
      expect.stringContaining('MuPDF'),
    ]);
    // the library's own name as Producer, and another writer's mark: nothing to say
    expect(await summariesOf(withInfo('/Producer (pikepdf 8.15.1)', marked([0xbf, 0xf7, 0xa2, 0xfe])), 'producer_library_rewrite')).toEqual([]);
    expect(await summariesOf(withInfo('/Producer (ReportLab PDF Library)', marked([0xe2, 0xe3, 0xcf, 0xd3])), 'producer_library_rewrite')).toEqual([]);
  });

  it('names LibreOffice Draw, LibreOffice’s PDF editor, from the Creator it writes; not Writer, not Draw under another Producer', async () => {
    expect(await summariesOf(withInfo('/Creator (Draw) /Producer (LibreOffice 7.4)'), 'producer_pdf_editor')).toEqual([
      expect.stringContaining('LibreOffice Draw'),
    ]);
    expect(await summariesOf(withInfo('/Creator (Writer) /Producer (LibreOffice 7.4)'), 'producer_pdf_editor')).toEqual([]);
    expect(await summariesOf(withInfo('/Creator (Draw) /Producer (cairo 1.16.0)'), 'producer_pdf_editor')).toEqual([]);
  });

  it('names online and desktop editors once each, a library rewriting another application’s file, and Ghostscript re-distilling one', async () => {
    const codes = async (info: string) => (await run(withInfo(info))).findings.map((f) => f.code);
    expect(await codes('/Producer (Sejda PDF Desktop) /Creator (Sejda PDF Desktop)')).toEqual(['producer_online_editor']);
    // (this file is not written as Acrobat writes, which the producer's fingerprint says apart)
    expect(await codes('/Producer (Adobe Acrobat Pro 2020) /Creator (Microsoft Word)')).toEqual(['producer_pdf_editor', 'producer_fingerprint_mismatch']);
    expect(await codes('/Producer (iText 7.1) /Creator (Microsoft Word)')).toEqual(['producer_library_rewrite']);
    expect(await codes('/Producer (GPL Ghostscript 10.0) /Creator (Microsoft Word)')).toEqual(['producer_redistilled']);
    // a library writing its own document, or Ghostscript as the creator: nothing
    expect(await codes('/Producer (iText 7.1) /Creator (iText)')).toEqual([]);
  });

  it('names a metadata editor that rewrote the XMP packet, and an Info producer the XMP contradicts', async () => {
    const xmp = (toolkit: string, producer: string) =>
      `<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="${toolkit}"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:pdf="http://ns.adobe.com/pdf/1.3/" pdf:Producer="${producer}"/></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
    const packet = xmp('Image::ExifTool 12.57', 'Microsoft Word');
    const bytes = withInfo(
      '/Producer (Quill Statements 2.0)',
      undefined,
      [{ num: 7, body: `<< /Type /Metadata /Subtype /XML /Length ${packet.length} >>\nstream\n${packet}\nendstream` }],
      '/Metadata 7 0 R',
    );
    const { findings, summaries } = await run(bytes);
    expect(findings.map((f) => f.code)).toEqual(['metadata_rewritten_by_tool', 'producer_metadata_mismatch']);
    expect(summaries).toEqual([
      'The XMP metadata was written by "Image::ExifTool 12.57".',
      'Info names the producer "Quill Statements 2.0", XMP "Microsoft Word".',
    ]);
  });

  it('names a producer set by hand: a save written by ExifTool that changed no page and names another application', async () => {
    const saved = (producer: string, mark: string, page = false) => {
      const pdf = new RawPdf('%PDF-1.7\n').section(
        [...onePageObjects('Total 1,234.56').slice(0, 5), { num: 6, body: '<< /Producer (pdf-lib) /Creator (pdf-lib) >>' }],
        { trailer: '/Root 1 0 R /Info 6 0 R' },
      );
      const objects = [{ num: 6, body: `<< /Producer (${producer}) /Creator (pdf-lib) >>` }];
      if (page) objects.push({ num: 4, body: '<< /Length 34 >>\nstream\nBT /F1 12 Tf 72 700 Td (9,999.00) Tj ET\nendstream' });
      return pdf.raw(mark).section(objects, { trailer: '/Root 1 0 R /Info 6 0 R' }).bytes();
    };
    const claims = async (bytes: Uint8Array) => (await run(bytes)).said('producer_claim_rewritten');
    expect(await claims(saved('Microsoft Word', '%BeginExifToolUpdate\n'))).toEqual([
      'Revision 2 names "Microsoft Word" as the producer (the revision before, "pdf-lib"), but ExifTool wrote that save and it changed no page: the producer was set by hand.',
    ]);
    // the same producer kept, no writer known, or a save that changed a page (an application saving its own edit): nothing
    expect(await claims(saved('pdf-lib 1.17', '%BeginExifToolUpdate\n'))).toEqual([]);
    expect(await claims(saved('Microsoft Word', ''))).toEqual([]);
    expect(await claims(saved('Microsoft Word', '%BeginExifToolUpdate\n', true))).toEqual([]);
  });

  it('names a first save not written the way its named producer writes (its fingerprint), learned per producer from genuine files', async () => {
    const libreOffice: WriterStyle = { mark: [0xc3, 0xa4, 0xc3, 0xbc, 0xc3, 0xb6, 0xc3, 0x9f], joined: true, shuffled: true, id: true };
    const library: WriterStyle = { mark: [0x81, 0x81, 0x81, 0x81], joined: false, shuffled: false, id: false };
    const fingerprint = async (style: WriterStyle, producer: string) =>
      (await run(styledPdf(style, `/Producer (${producer})`))).said('producer_fingerprint_mismatch');
    // LibreOffice's own habits: nothing; a library's under LibreOffice's name: each habit it breaks
    expect(await fingerprint(libreOffice, 'LibreOffice 7.4')).toEqual([]);
    const [said] = await fingerprint(library, 'LibreOffice 7.4');
    expect(said).toMatch(/^The file names "LibreOffice 7.4" as its producer but is not written the way \d+ genuine files of that producer are: /);
    for (const habit of [
      'the comment after the header: 81818181 (the producer writes c3a4c3bcc3b6c39f)',
      'a document ID in the trailer: no',
      'the white space after "<<": sp',
    ])
      expect(said).toContain(habit);
    // a version no genuine file showed: held to habits that held across several versions (LibreOffice's), not to one version's (jsPDF's)
    expect(await fingerprint(library, 'LibreOffice 99.1')).toHaveLength(1);
    expect(await fingerprint(libreOffice, 'jsPDF 4.2.1')).toHaveLength(1);
    expect(await fingerprint(libreOffice, 'jsPDF 9.0.0')).toEqual([]);
    // one habit broken (an option, a release) is not enough; a producer no genuine file taught: nothing
    expect(await fingerprint({ ...libreOffice, id: false }, 'LibreOffice 7.4')).toEqual([]);
    expect(await fingerprint(library, 'Quill Statements 2.0')).toEqual([]);
    // qpdf's mark: the writer is named (producer_library_rewrite), not said twice
    const qpdf = await run(styledPdf({ ...library, mark: [0xbf, 0xf7, 0xa2, 0xfe] }, '/Producer (LibreOffice 7.4)'));
    expect(qpdf.findings.map((f) => f.code)).toEqual(['producer_library_rewrite']);
  });

  it('names pages whose drawing instructions another program wrote again: the content habits of the named producer broken, which a re-save keeps', async () => {
    const libreOffice: WriterStyle = { mark: [0xc3, 0xa4, 0xc3, 0xbc, 0xc3, 0xb6, 0xc3, 0x9f], joined: true, shuffled: true, id: true };
    const lines = (write: (y: number) => string) => Array.from({ length: 6 }, (_, k) => write(700 - k * 14)).join('');
    const asWritten = lines((y) => `q 0 0 0 rg\nBT\n56.8 ${y} Td /F1 14 Tf[<01>1<020304>4<0A0B>]TJ\nET\nQ\n`);
    const writtenAgain = lines((y) => `q\n0 0 0 rg\nBT\n56.8 ${y} Td\n/F1 14 Tf\n[ <01> 1 <020304> 4 <0a0b> ] TJ\nET\nQ\n`);
    const codes = async (style: WriterStyle, content: string | readonly [string, string]) =>
      (await run(styledPdf(style, '/Producer (LibreOffice 7.4)', content))).findings.map((f) => f.code);
    expect(await codes(libreOffice, asWritten)).toEqual([]);
    expect(await codes(libreOffice, writtenAgain)).toEqual(['content_stream_rewritten']);
    const [said] = (await run(styledPdf(libreOffice, '/Producer (LibreOffice 7.4)', writtenAgain))).said('content_stream_rewritten');
    expect(said).toContain('instructions to a line on page 1: one (the producer writes several)');
    expect(said).toContain('the case of hex strings on page 1: lower (the producer writes upper)');
    // one page written again among pages as the producer wrote them: the page says it
    expect(await codes(libreOffice, [asWritten, writtenAgain] as const)).toEqual(['content_stream_rewritten']);
    expect(
      (await run(styledPdf(libreOffice, '/Producer (LibreOffice 7.4)', [asWritten, writtenAgain] as const))).said('content_stream_rewritten')[0],
    ).toContain('instructions to a line on page 2: one (the producer writes several)');
    expect(await codes(libreOffice, [asWritten, asWritten] as const)).toEqual([]);
    // qpdf wrote the whole file again: its content as it was is a re-save; its content written again is more
    const qpdf: WriterStyle = { mark: [0xbf, 0xf7, 0xa2, 0xfe], joined: false, shuffled: false, id: true };
    expect(await codes(qpdf, asWritten)).toEqual(['producer_library_rewrite']);
    expect(await codes(qpdf, writtenAgain)).toEqual(['producer_library_rewrite', 'content_stream_rewritten']);
  });

  it('names pages of one save written two ways among pages that share their fonts, whatever the producer: no fingerprint needed', async () => {
    const unknown: WriterStyle = { mark: [0x81, 0x81, 0x81, 0x81], joined: false, shuffled: false, id: true };
    const lines = (write: (y: number) => string) => Array.from({ length: 6 }, (_, k) => write(700 - k * 14)).join('');
    const asWritten = lines((y) => `q 0 0 0 rg\nBT\n56.8 ${y} Td /F1 14 Tf[<01>1<020304>4<0A0B>]TJ\nET\nQ\n`);
    const writtenAgain = lines((y) => `q\n0 0 0 rg\nBT\n56.8 ${y} Td\n/F1 14 Tf\n[ <01> 1 <020304> 4 <0a0b> ] TJ\nET\nQ\n`);
    // only the line breaks differ: one habit, which a producer may vary with what a page shows
    const oneHabit = lines((y) => `q\n0 0 0 rg\nBT\n56.8 ${y} Td\n/F1 14 Tf\n[<01>1<020304>4<0A0B>]TJ\nET\nQ\n`);
    const said = async (content: readonly [string, string], producer = 'Quill Statements 2.0') =>
      (await run(styledPdf(unknown, `/Producer (${producer})`, content))).said('content_stream_rewritten');
    const [twoWays] = await said([asWritten, writtenAgain]);
    expect(twoWays).toBe(
      'Pages 1, 2 of the first save use the same fonts but are written two ways (instructions to a line: several against one; ' +
        "a text array's brackets: tight against spaced; the case of hex strings: upper against lower): other software parsed the pages of one way and wrote them again.",
    );
    expect(await said([asWritten, asWritten])).toEqual([]);
    expect(await said([writtenAgain, writtenAgain])).toEqual([]);
    expect(await said([asWritten, oneHabit])).toEqual([]);
    // a producer whose fingerprint the page breaks is said once, by its fingerprint
    const [byFingerprint, ...more] = await said([asWritten, writtenAgain], 'LibreOffice 7.4');
    expect(more).toEqual([]);
    expect(byFingerprint).toContain('genuine files of "LibreOffice 7.4"');
  });

  it('names the fewer pages of three or more as the pages written again, and leaves pages with fonts of their own (files put together from others)', async () => {
    const lines = (write: (y: number) => string) => Array.from({ length: 6 }, (_, k) => write(700 - k * 14)).join('');
    const asWritten = lines((y) => `BT /F1 9 Tf 56.8 ${y} Td (Balance 1,234.56) Tj ET\n`);
    const writtenAgain = lines((y) => `BT\n/F1 9 Tf\n56.8 ${y} Td\n<42616c616e6365> Tj\nET\n`);
    /** A PDF of one page per content, each naming font `fonts[i]` (objects 20, 21, ...), all under one Producer. */
    const pages = (contents: string[], fonts: number[]): Uint8Array => {
      const kids = contents.map((_, i) => `${30 + i} 0 R`).join(' ');
      return new RawPdf()
        .section(
          [
            { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
            { num: 2, body: `<< /Type /Pages /Kids [${kids}] /Count ${contents.length} >>` },
            ...[...new Set(fonts)].map((num) => ({ num, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' })),
            ...contents.flatMap((text, i) => [
              {
                num: 30 + i,
                body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fonts[i]} 0 R >> >> /Contents ${40 + i} 0 R >>`,
              },
              { num: 40 + i, body: `<< /Length ${text.length} >>\nstream\n${text}\nendstream` },
            ]),
            { num: 9, body: '<< /Producer (Quill Statements 2.0) >>' },
          ],
          { trailer: '/Root 1 0 R /Info 9 0 R' },
        )
        .bytes();
    };
    const said = async (bytes: Uint8Array) => (await run(bytes)).said('content_stream_rewritten');
    expect(await said(pages([asWritten, writtenAgain, asWritten], [20, 20, 20]))).toEqual([
      'Page 2 of the first save is written another way than pages 1, 3, which use the same fonts (instructions to a line: one against several; the strings text is shown in: hex against literal): other software parsed that page and wrote it again.',
    ]);
    // a page with fonts of its own came from another file: it is no witness, and the rest agree
    expect(await said(pages([asWritten, writtenAgain, asWritten], [20, 21, 20]))).toEqual([]);
    expect(await said(pages([asWritten, asWritten, asWritten], [20, 20, 20]))).toEqual([]);
  });
});
