import { makeStatement } from '@loupe/fixtures/pdf-builders';
import { RawPdf } from '@loupe/fixtures/raw-pdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { tokenizeWords } from '../../text/word-diff.js';
import { loadFontTables } from '../fonts/glyphs.js';
import { listPages } from '../pages.js';
import { PdfFile } from '../pdf-file.js';
import { splitOperators } from './operations.js';
import { type PaintEvent, TextInterpreter, UnsupportedText } from './text-interpreter.js';

beforeAll(loadFontTables); // the standard font tables, which a scan loads itself

function pageWithContent(content: string, fonts: string, extra: { num: number; body: string }[] = []): PdfFile {
  return PdfFile.open(
    new RawPdf()
      .section(
        [
          { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
          { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          { num: 3, body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${fonts} >> >> /Contents 4 0 R >>` },
          { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
          ...extra,
        ],
        { trailer: '/Root 1 0 R' },
      )
      .bytes(),
  );
}

const HELVETICA = '/F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
const words = (file: PdfFile) => {
  const view = file.view();
  const page = listPages(view)[0]!;
  return tokenizeWords(
    new TextInterpreter(file, view)
      .pageText(page)
      .items.map((i) => i.str)
      .join(' '),
  );
};

describe('TextInterpreter', () => {
  it('reads a generated statement word for word', async () => {
    const file = PdfFile.open(await makeStatement({ pages: 1, rowsPerPage: 2, seed: 3 }));
    expect(words(file).slice(0, 8)).toEqual(['First', 'Example', 'Bank', 'Statement', 'period', 'March', '2024', '-']);
  });

  it('joins adjacent runs into one word and splits at gaps, like pdf.js', () => {
    // "Bal" + "ance" abut (no gap); a 0.3 em gap makes a space; TJ kerning of -250 is a space too
    const content = 'BT /F1 10 Tf 72 700 Td (Bal) Tj (ance) Tj 3 0 Td (due) Tj ET BT /F1 10 Tf 72 680 Td [(Total)-250(9,200.00)] TJ ET';
    expect(words(pageWithContent(content, HELVETICA))).toEqual(['Balance', 'due', 'Total', '9,200.00']);
  });

  it('maps codes through ToUnicode and /Differences glyph names', () => {
    const cmap =
      '/CIDInit /ProcSet findresource begin begincmap 1 begincodespacerange <00> <FF> endcodespacerange 2 beginbfchar <01> <0041> <02> <20AC> endbfchar endcmap';
    const fonts = `/F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /FirstChar 1 /LastChar 2 /Widths [600 600] /ToUnicode 5 0 R >> /F2 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /Differences [65 /Euro /uni00E9] >> >>`;
    const content = 'BT /F1 12 Tf 72 700 Td <0102> Tj ET BT /F2 12 Tf 72 650 Td (AB) Tj ET';
    expect(words(pageWithContent(content, fonts, [{ num: 5, body: `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream` }]))).toEqual(['A€', '€é']);
  });

  it('reads composite Identity-H fonts with ToUnicode and /W widths', () => {
    const cmap = 'begincmap 1 begincodespacerange <0000> <FFFF> endcodespacerange 1 beginbfrange <0001> <0003> <0061> endbfrange endcmap';
    const fonts = '/F1 << /Type /Font /Subtype /Type0 /BaseFont /ABCDEF+Test /Encoding /Identity-H /ToUnicode 5 0 R /DescendantFonts [6 0 R] >>';
    const content = 'BT /F1 12 Tf 72 700 Td <000100020003> Tj ET';
    const file = pageWithContent(content, fonts, [
      { num: 5, body: `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream` },
      { num: 6, body: '<< /Type /Font /Subtype /CIDFontType2 /BaseFont /ABCDEF+Test /DW 500 /W [1 [600 600 600]] >>' },
    ]);
    expect(words(file)).toEqual(['abc']);
  });

  it('follows form XObjects and drops glyphs outside the page', () => {
    const form = 'BT /F1 10 Tf 0 0 Td (inside) Tj ET';
    const content = 'q 1 0 0 1 100 100 cm /Fm1 Do Q BT /F1 10 Tf 5000 5000 Td (outside) Tj ET';
    const file = PdfFile.open(
      new RawPdf()
        .section(
          [
            { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
            { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
            {
              num: 3,
              body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << ${HELVETICA} >> /XObject << /Fm1 5 0 R >> >> /Contents 4 0 R >>`,
            },
            { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
            { num: 5, body: `<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Length ${form.length} >>\nstream\n${form}\nendstream` },
          ],
          { trailer: '/Root 1 0 R' },
        )
        .bytes(),
    );
    expect(words(file)).toEqual(['inside']);
  });

  it('declines what it cannot read with certainty', () => {
    const type3 =
      '/F1 << /Type /Font /Subtype /Type3 /FontMatrix [0.001 0 0 0.001 0 0] /CharProcs << >> /Encoding << /Differences [65 /A] >> /FirstChar 65 /LastChar 65 /Widths [500] >>';
    expect(() => words(pageWithContent('BT /F1 12 Tf (A) Tj ET', type3))).toThrow(UnsupportedText);
    const cjk = '/F1 << /Type /Font /Subtype /Type0 /BaseFont /MS-Mincho /Encoding /90ms-RKSJ-H /DescendantFonts [] >>';
    expect(() => words(pageWithContent('BT /F1 12 Tf <8140> Tj ET', cjk))).toThrow(UnsupportedText);
    const symbolic =
      '/F1 << /Type /Font /Subtype /TrueType /BaseFont /Wingdings /FirstChar 32 /LastChar 255 /Widths [] /FontDescriptor << /Flags 4 /FontFile2 9 0 R >> >>';
    expect(() => words(pageWithContent('BT /F1 12 Tf (x) Tj ET', symbolic))).toThrow(UnsupportedText);
  });

  it('splits glued operators the way pdf.js reads them', () => {
    expect(splitOperators('ETBT')).toEqual(['ET', 'BT']);
    expect(splitOperators('Tj')).toEqual(['Tj']);
    expect(splitOperators('QBT')).toEqual(['Q', 'BT']);
  });
});

describe('words drawn run by run', () => {
  /** The page's painted words (the words every reader of the page builds on). */
  const paintedWords = (file: PdfFile): string[] => {
    const view = file.view();
    const paint: PaintEvent[] = [];
    new TextInterpreter(file, view).pageText(listPages(view)[0]!, paint);
    return paint.flatMap((e) => (e.kind === 'text' ? [e.text] : []));
  };

  it('joins a kerned pair drawn by two operators into one word, in every rotation of the text, and keeps a space a space', () => {
    // groff's gropdf draws "F" then moves back by the F-o kerning (8.204 for an 8.554 advance): one word
    for (const [a, b, c, d] of [
      [1, 0, 0, 1],
      [0, 1, -1, 0],
      [-1, 0, 0, -1],
      [0, -1, 1, 0],
    ]) {
      const content = `BT /F1 14 Tf ${a} ${b} ${c} ${d} 300 400 Tm (F) Tj 8.204 0 Td (orm W-2) Tj 60 0 Td (Wage) Tj ET`;
      expect(paintedWords(pageWithContent(content, HELVETICA)), `${a} ${b} ${c} ${d}`).toEqual(['Form', 'W-2', 'Wage']);
    }
  });

  it('does not join runs on other baselines or drawn in another direction', () => {
    const content = 'BT /F1 10 Tf 0 1 -1 0 300 400 Tm (Pay) Tj 0 -12 Td (ment) Tj ET BT /F1 10 Tf 1 0 0 1 300 417 Tm (due) Tj ET';
    expect(paintedWords(pageWithContent(content, HELVETICA))).toEqual(['Pay', 'ment', 'due']);
  });
});

describe('how each word was drawn', () => {
  it('tags words with the operators and number format that drew them, the lines of a text object with what opened it', () => {
    const file = pageWithContent(
      "/F1 10 Tf BT 72 700 Td (Opening 2,421.60) Tj 0 -14 Td [(Fees) -250 (12.50)] TJ ET BT 1 0 0 1 300.3371 686 Tm /F1 10 Tf <39302e3030> Tj ET q 1 0 0 1 0 0 cm BT /F1 10 Tf 12 TL T* (Total) ' ET Q " +
        'BT 1 0 0 1 72 600 Tm /F1 10 Tf 12 TL (Tax) Tj 200.125 0 Td (67.50) Tj T* (Due) Tj ET',
      HELVETICA,
    );
    const view = file.view();
    const paint: PaintEvent[] = [];
    new TextInterpreter(file, view).pageText(listPages(view)[0]!, paint);
    const drawn = paint.flatMap((e) => (e.kind === 'text' ? [[e.text, e.drawnBy, e.placeDecimals]] : []));
    expect(drawn).toEqual([
      ['Opening', 'Td Tj ()', 0],
      ['2,421.60', 'Td Tj ()', 0],
      ['Fees', 'Td TJ ()', 0],
      ['12.50', 'Td TJ ()', 0],
      ['90.00', 'Tm Tj <> Tf', 4],
      ['Total', "T* ' () Tf", 0],
      ['Tax', 'Tm Tj () Tf', 0],
      ['67.50', 'Tm Tj () Tf', 3],
      ['Due', 'Tm Tj () Tf', 3],
    ]);
  });
});
