// The overlay/script scan on pages written operator by operator and on files the fixtures'
// editors saved again: what a PDF runs on opening, and what lies over its text — a light box with
// a new figure on top, different text over text, a covering annotation, invisible text — told
// apart from what designed pages and typesetting draw.
import { addOverlay, makeStatement } from '@loupe/fixtures/pdf-builders';
import { contentPdf, onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { overlayScriptScan } from './overlay-script-scan.js';

const run = async (bytes: Uint8Array) => runCheck(overlayScriptScan, await checkContext(bytes));
const codes = async (bytes: Uint8Array) => (await run(bytes)).findings.map((f) => f.code);

describe('overlay/script scan: scripts and annotations', () => {
  it('finds JavaScript run on opening, and a launch action', async () => {
    const objects = onePageObjects('Net pay 4,200.00');
    objects[0] = {
      num: 1,
      body: '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) /Next << /S /Launch /F (calc.exe) >> >> >>',
    };
    const { findings, summaries } = await run(new RawPdf().section(objects, { trailer: '/Root 1 0 R' }).bytes());
    expect(findings.map((f) => f.code)).toEqual(['javascript_present', 'launch_action', 'auto_action']);
    expect(summaries[2]).toBe('Opening the document runs JavaScript, Launch action(s).');
  });

  it('flags an opaque annotation laid over a figure, on the annotation', async () => {
    const { findings } = await run(await addOverlay(await makeStatement({ pages: 1, rowsPerPage: 5 }), [375, 665, 430, 680], '9,999.99'));
    const covering = findings.find((f) => f.code === 'annotation_covers_text');
    expect(covering).toMatchObject({ page: 1, annotation: 'FreeText', boxes: [{ page: 1, x0: 375, y0: 665, x1: 430, y1: 680 }] });
  });
});

describe('overlay/script scan: cover-ups in page content', () => {
  it('takes a light panel over text in a page a browser printed in one save for the web page’s layers', async () => {
    // a fixed header painted over the list scrolled beneath it, as Firefox (cairo) and Chrome (Skia) print it
    const content = 'BT /F1 12 Tf 72 740 Td (Questions courantes) Tj ET 1 g 36 730 540 40 re f 0 g BT /F1 16 Tf 72 745 Td (Support) Tj ET';
    const page = (header: number[], info: string, saves = 1) => {
      const objects = onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` } : o));
      const pdf = new RawPdf(new Uint8Array([...new TextEncoder().encode('%PDF-1.5\n%'), ...header, 0x0a])).section(
        [...objects, { num: 6, body: `<< ${info} >>` }],
        { trailer: '/Root 1 0 R /Info 6 0 R' },
      );
      if (saves > 1) pdf.section([{ num: 6, body: `<< ${info} /Title (saved again) >>` }], { trailer: '/Root 1 0 R /Info 6 0 R' });
      return pdf.bytes();
    };
    const cairo = [0xb5, 0xed, 0xae, 0xfb];
    const firefox = '/Producer (cairo 1.17.4 \\(https://cairographics.org\\)) /Creator (Firefox Nightly 122.0a1)';
    expect(await codes(page(cairo, firefox))).toEqual([]);
    expect(await codes(page([0xd3, 0xeb, 0xe9, 0xe1], '/Producer (Skia/PDF m120) /Creator (Mozilla/5.0 Chrome/120.0)'))).toEqual([]);
    // saved again after the browser, written by another writer, or cairo for another application: a cover-up
    expect(await codes(page(cairo, firefox, 2))).toEqual(['white_box_over_text']);
    expect(await codes(page([0xe2, 0xe3, 0xcf, 0xd3], firefox))).toEqual(['white_box_over_text']);
    expect(await codes(page(cairo, '/Producer (cairo 1.16.0) /Creator (Inkscape 1.2)'))).toEqual(['white_box_over_text']);
  });

  it('finds a white box painted over a figure, with the new figure on top, on the box', async () => {
    const { findings, summaries } = await run(
      contentPdf('BT /F1 12 Tf 72 700 Td (Closing balance) Tj 120 0 Td (1,200.00) Tj ET 1 g 190 696 60 16 re f 0 g BT /F1 12 Tf 192 700 Td (9,200.00) Tj ET'),
    );
    expect(findings).toEqual([
      { code: 'white_box_over_text', page: 1, hidden: ['1,200.00'], onTop: ['9,200.00'], boxes: [{ page: 1, x0: 190, y0: 696, x1: 250, y1: 712 }] },
    ]);
    expect(summaries).toEqual(['Page 1: a light box is painted over "1,200.00" and "9,200.00" is drawn on top.']);
  });

  it('does not mistake backgrounds, dark fills, page-sized or stroked boxes for cover-ups', async () => {
    for (const content of [
      '1 g 0 0 612 792 re f 0 g BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET', // background first
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET 0.1 g 70 690 200 20 re f', // dark fill
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET 1 g 0 0 612 792 re f', // page-sized background
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET 1 g 70 690 200 20 re S', // stroked, not filled
    ])
      expect(await codes(contentPdf(content)), content).toEqual([]);
  });

  it('finds different text drawn over text, but not a string drawn twice for boldness', async () => {
    expect(await codes(contentPdf('BT /F1 12 Tf 72 700 Td (1,200.00) Tj ET BT /F1 12 Tf 72 700 Td (9,200.00) Tj ET'))).toEqual(['text_over_text']);
    expect(await codes(contentPdf('BT /F1 12 Tf 72 700 Td (Total) Tj ET BT /F1 12 Tf 72.3 700 Td (Total) Tj ET'))).toEqual([]);
  });

  it('takes designed pages for what they are: a fill clipped away from the text, paint through glyphs used as a clip, a layer that is off, text colliding in a layout', async () => {
    for (const content of [
      // a light panel whose clipping path keeps it beside the text, not over it
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET q 300 600 100 50 re W n 1 g 70 690 400 20 re f Q',
      // text as a clipping path (render mode 7), then a light fill painted through the glyphs
      'BT /F1 12 Tf 72 650 Td (Account summary for March 1,200.00) Tj ET q BT 7 Tr /F1 24 Tf 72 700 Td (STATEMENT) Tj ET 0.95 g 60 690 300 40 re f Q',
      // a long description running into the amount beside it, on its own baseline and at another size
      'BT /F1 12 Tf 72 700 Td (Transfer to savings account for March) Tj ET BT /F1 10 Tf 250 702 Td (1,200.00) Tj ET',
    ])
      expect(await codes(contentPdf(content)), content).toEqual([]);
    // a panel in an optional content layer that is off by default is not rendered
    const content = 'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET /OC /L0 BDC 1 g 70 690 400 20 re f EMC';
    const layered = new RawPdf()
      .section(
        [
          { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [6 0 R] /D << /OFF [6 0 R] >> >> >>' },
          { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          {
            num: 3,
            body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> /Properties << /L0 6 0 R >> >> /Contents 4 0 R >>',
          },
          { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
          { num: 5, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
          { num: 6, body: '<< /Type /OCG /Name (Print proof) >>' },
        ],
        { trailer: '/Root 1 0 R' },
      )
      .bytes();
    expect(await codes(layered)).toEqual([]);
    // the same panel without the clip hides the figure: a cover-up (a bare box may be a redaction)
    const covered = await run(contentPdf('BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET q 1 g 70 690 400 20 re f Q'));
    expect(covered.findings).toEqual([expect.objectContaining({ code: 'white_box_over_text', hidden: ['Total', '1,200.00'], onTop: [] })]);
  });

  it('takes typesetting for what it is: an accent or punctuation over a word, and a box drawn late with its text redrawn on top', async () => {
    for (const content of [
      'BT /F1 12 Tf 72 700 Td (Cafe) Tj ET BT /F1 12 Tf 90 703 Td (\\264) Tj ET', // an accent placed over a letter
      'BT /F1 12 Tf 72 700 Td (Total) Tj ET BT /F1 12 Tf 72 700 Td (.) Tj ET', // punctuation over a word
      'BT /F1 12 Tf 72 700 Td (Closing balance 1,200.00) Tj ET 0.95 g 70 696 220 16 re f 0 g BT /F1 12 Tf 72 700 Td (Closing balance 1,200.00) Tj ET', // shading, then the same text again
    ])
      expect(await codes(contentPdf(content)), content).toEqual([]);
  });

  it('reports invisible text over no image when it carries figures, and text placed outside the visible page', async () => {
    expect(await codes(contentPdf('BT /F1 12 Tf 3 Tr 72 700 Td (Net pay 9,200.00) Tj ET BT /F1 12 Tf 72 650 Td (Net pay 4,200.00) Tj ET'))).toEqual([
      'invisible_text',
    ]);
    const { summaries } = await run(contentPdf('BT /F1 12 Tf 72 700 Td (Statement) Tj ET BT /F1 12 Tf 700 900 Td (hidden note) Tj ET'));
    expect(summaries).toEqual(['Page 1 places 2 text run(s) outside its visible area, such as "hidden note".']);
  });
});
