// Verdicts on documents altered the way forgers and ordinary users alter them, through the
// engine on the Node platform: the spec's verdict fields, indicators, regions and 1.3 fields.

import type { DocumentResult } from '@loupe/core';
import { imageOnlyPdf } from '@loupe/fixtures/captures';
import { captureDocument } from '@loupe/fixtures/document-photos';
import { addOverlay, editMetadata, editText, fillForm, makeForm, makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { createNodeEngine } from '@loupe/node';
import { describe, expect, it } from 'vitest';

const engine = createNodeEngine({ now: () => new Date('2026-11-22T12:00:00Z') });
const scan = (bytes: Uint8Array) => engine.scan(bytes, { name: 'doc.pdf' });
/** A one-page PDF whose Info dictionary holds `info`, after `header` (its version line and any comment). */
const withInfo = (info: string, header = new TextEncoder().encode('%PDF-1.7\n')): Uint8Array =>
  new RawPdf(header).section([...onePageObjects('Total 1,234.56'), { num: 6, body: `<< ${info} >>` }], { trailer: '/Root 1 0 R /Info 6 0 R' }).bytes();
/** The summaries of the findings of `code`. */
const summariesOf = (d: DocumentResult, code: string): string[] => d.findings.filter((f) => f.code === code).map((f) => f.summary);

/** A one-page PDF showing `content`, with Helvetica as /F1 and Courier as /F2. */
function courierPage(content: string): Uint8Array {
  const objects = onePageObjects('x').map((o) => {
    if (o.num === 4) return { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` };
    if (o.num === 3)
      return { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>' };
    return o;
  });
  return new RawPdf().section([...objects, { num: 6, body: '<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>' }], { trailer: '/Root 1 0 R' }).bytes();
}

describe('verdicts', () => {
  it('passes a genuine statement as CLEAN with every check named in checks_passed', async () => {
    const doc = await scan(await makeStatement({ pages: 2, rowsPerPage: 10 }));
    expect(doc.verdict).toBe('CLEAN');
    expect(doc.risk_score).toBeLessThan(40);
    expect(doc.indicators).toEqual([]);
    expect(doc.checks_passed).toEqual(
      expect.arrayContaining([
        'revision history',
        'touch-up scan',
        'producer-pipeline match',
        'font-embedding consistency',
        'overlay/script scan',
        'typesetting consistency',
        'timestamp consistency',
      ]),
    );
    expect(doc.review_tier).toBe('auto_pass');
    expect(doc.next_step).toBeUndefined();
    expect(doc.headline).toMatch(/^No tampering evidence found/);
  });

  it('calls an edited amount FORGED and puts a region on the edited figure', async () => {
    const base = await makeStatement({ pages: 1, rowsPerPage: 10, seed: 4 });
    const doc = await scan(await editText(base, 0, `Opening balance ${money(250_000)}`, `Opening balance ${money(950_000)}`));
    expect(doc.verdict).toBe('FORGED');
    expect(doc.risk_score).toBeGreaterThanOrEqual(70);
    expect(doc.indicators[0]!.code).toBe('revision_text_edit');
    expect(doc.indicators[0]!.severity).toBe('high');
    expect(doc.headline).toContain('9,500.00');
    expect(doc.lead_finding).toMatchObject({ code: 'revision_text_edit', page: 1, revision: 2 });
    const region = doc.regions.find((r) => r.indicator_code === 'revision_text_edit')!;
    // "Opening balance" is drawn at x 50, y 700 on a 612 x 792 page: about 8% in, 11% down
    expect(region.page).toBe(1);
    expect(region.x).toBeGreaterThan(5);
    expect(region.x).toBeLessThan(12);
    expect(region.y).toBeGreaterThan(9);
    expect(region.y).toBeLessThan(13);
    expect(doc.checks_passed).not.toContain('revision history');
    expect(doc.review_tier).toBe('escalate');
    expect(doc.next_step).toBe('escalate');
  });

  it('lists no arithmetic as passed when no words were read (an image-only PDF without OCR), and lists it when they were', async () => {
    const page = await captureDocument({ kind: 'scan', seed: 3003, format: 'png' });
    const imageOnly = await imageOnlyPdf(page.bytes);
    const unread = await createNodeEngine({ ocr: false }).scan(imageOnly, { name: 'scan.pdf' });
    expect(unread.checks_passed).not.toContain('arithmetic consistency');
    const native = await scan(await makeStatement({ pages: 1, rowsPerPage: 5 }));
    expect(native.checks_passed).toContain('arithmetic consistency');
  });

  it("names qpdf or MuPDF when it wrote the whole file under another application's Producer (the mark after the header), as context", async () => {
    const headed = (mark: number[], producer: string) =>
      withInfo(`/Producer (${producer})`, new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n%'), ...mark, 0x0a]));
    const rewrite = (d: DocumentResult) => summariesOf(d, 'producer_library_rewrite');
    const qpdf = await scan(headed([0xbf, 0xf7, 0xa2, 0xfe], 'ReportLab PDF Library - www.reportlab.com'));
    expect(rewrite(qpdf)).toEqual([expect.stringContaining('qpdf')]);
    expect(qpdf.verdict).toBe('CLEAN');
    expect(rewrite(await scan(headed([0xc2, 0xb5, 0xc2, 0xb6], 'Microsoft Word')))).toEqual([expect.stringContaining('MuPDF')]);
    // the library's own name as Producer, and another writer's mark: nothing to say
    expect(rewrite(await scan(headed([0xbf, 0xf7, 0xa2, 0xfe], 'pikepdf 8.15.1')))).toEqual([]);
    expect(rewrite(await scan(headed([0xe2, 0xe3, 0xcf, 0xd3], 'ReportLab PDF Library - www.reportlab.com')))).toEqual([]);
  });

  it("names LibreOffice Draw, LibreOffice's PDF editor, from the Creator it writes, as context", async () => {
    const editors = (d: DocumentResult) => summariesOf(d, 'producer_pdf_editor');
    const draw = await scan(withInfo('/Creator (Draw) /Producer (LibreOffice 7.4)'));
    expect(editors(draw)).toEqual([expect.stringContaining('LibreOffice Draw')]);
    expect(draw.verdict).toBe('CLEAN');
    // Writer and Calc export documents they made: nothing to say
    expect(editors(await scan(withInfo('/Creator (Writer) /Producer (LibreOffice 7.4)')))).toEqual([]);
    expect(editors(await scan(withInfo('/Creator (Draw) /Producer (cairo 1.16.0)')))).toEqual([]);
  });

  it('keeps a metadata-only save CLEAN (context only, below SUSPICIOUS) even when it names an online editor, reporting it in findings', async () => {
    const doc = await scan(await editMetadata(await makeStatement({ pages: 1, rowsPerPage: 3 }), 'Sejda PDF Desktop'));
    expect(doc.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['revision_metadata_changed', 'producer_online_editor']));
    expect(doc.verdict).toBe('CLEAN');
    expect(doc.risk_score).toBeLessThanOrEqual(39);
  });

  it('passes a form filled in after issue as CLEAN, describing the fill as a low finding', async () => {
    const doc = await scan(await fillForm(await makeForm(), '250,000.00'));
    expect(doc.verdict).toBe('CLEAN');
    expect(doc.indicators).toEqual([]);
    expect(doc.findings.map((f) => [f.code, f.severity])).toEqual([['revision_form_filled', 'low']]);
  });

  it('flags an annotation laid over a figure, with the region of the annotation', async () => {
    const base = await makeStatement({ pages: 1, rowsPerPage: 5 });
    const doc = await scan(await addOverlay(base, [375, 665, 430, 680], '9,999.99'));
    expect(doc.verdict).toBe('SUSPICIOUS');
    const region = doc.regions.find((r) => r.indicator_code === 'annotation_covers_text')!;
    expect(region.x).toBeCloseTo((375 / 612) * 100, 0);
    expect(region.y).toBeCloseTo(((792 - 680) / 792) * 100, 0);
  });

  it('finds TouchUp edits, scripts and launch actions', async () => {
    const content = 'BT /F1 12 Tf 72 720 Td (Net pay 4,200.00) Tj ET /TouchUp_TextEdit MP';
    const objects = onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` } : o));
    objects[0] = { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>' };
    const doc = await scan(new RawPdf().section(objects, { trailer: '/Root 1 0 R' }).bytes());
    expect(doc.indicators.map((i) => i.code)).toEqual(expect.arrayContaining(['touch_up_text_edit', 'javascript_present', 'auto_action']));
    expect(doc.verdict).toBe('FORGED');
  });

  it('says INSUFFICIENT_EVIDENCE for a scanned document where nothing fired, with no score', async () => {
    const image = '<< /Type /XObject /Subtype /Image /Width 1 /Height 1 /ColorSpace /DeviceGray /BitsPerComponent 8 /Length 1 >>\nstream\n\u0000\nendstream';
    const content = 'q 612 0 0 792 0 0 cm /Im1 Do Q';
    const bytes = new RawPdf()
      .section(
        [
          { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
          { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 5 0 R >> >> /Contents 4 0 R >>' },
          { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
          { num: 5, body: image },
        ],
        { trailer: '/Root 1 0 R' },
      )
      .bytes();
    const doc = await scan(bytes);
    expect(doc.capture).toBe('scan');
    expect(doc.verdict).toBe('INSUFFICIENT_EVIDENCE');
    expect('risk_score' in doc).toBe(false);
    expect(doc.next_step).toBe('request_recapture');
    expect(doc.reason_codes).toEqual(['image_only_pages']);
    expect(doc.recapture_eligible).toBe(true);
    expect(doc.verifi_eligible).toBe(true);
  });

  it('says INSUFFICIENT_EVIDENCE for a photo upload', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const doc = await engine.scan(png, { name: 'id.png' });
    expect(doc).toMatchObject({ verdict: 'INSUFFICIENT_EVIDENCE', capture: 'photo', next_step: 'request_recapture', reason_codes: ['photo_upload'] });
  });

  it('judges dates against the analysis time', async () => {
    const future = new Date('2030-01-01T00:00:00Z');
    const objects = onePageObjects('dated');
    const bytes = new RawPdf()
      .section([...objects, { num: 6, body: `<< /Producer (Test) /CreationDate (D:20300101000000Z) /ModDate (D:20240101000000Z) >>` }], {
        trailer: '/Root 1 0 R /Info 6 0 R',
      })
      .bytes();
    const doc = await scan(bytes);
    expect(doc.findings.map((f) => f.code)).toEqual(expect.arrayContaining(['date_in_future', 'modified_before_created']));
    const later = await createNodeEngine({ now: () => future }).scan(bytes, { name: 'd.pdf' });
    expect(later.findings.map((f) => f.code)).not.toContain('date_in_future');
  });
});

describe('cover-ups in page content', () => {
  const page = (content: string) =>
    new RawPdf()
      .section(
        onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` } : o)),
        { trailer: '/Root 1 0 R' },
      )
      .bytes();

  it('finds a white box painted over a figure, with the new figure on top, and locates it', async () => {
    const doc = await scan(
      page('BT /F1 12 Tf 72 700 Td (Closing balance) Tj 120 0 Td (1,200.00) Tj ET 1 g 190 696 60 16 re f 0 g BT /F1 12 Tf 192 700 Td (9,200.00) Tj ET'),
    );
    expect(doc.verdict).toBe('FORGED');
    const finding = doc.findings.find((f) => f.code === 'white_box_over_text')!;
    expect(finding.summary).toContain('"1,200.00"');
    expect(finding.summary).toContain('"9,200.00" is drawn on top');
    const region = doc.regions.find((r) => r.indicator_code === 'white_box_over_text')!;
    expect(region.x).toBeCloseTo((190 / 612) * 100, 0);
    expect(region.w).toBeCloseTo((60 / 612) * 100, 0);
  });

  it('does not mistake backgrounds, dark fills, transparent or blended fills for cover-ups', async () => {
    for (const content of [
      '1 g 0 0 612 792 re f 0 g BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET', // background first
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET 0.1 g 70 690 200 20 re f', // dark fill
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET 1 g 0 0 612 792 re f', // page-sized background
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET 1 g 70 690 200 20 re S', // stroked, not filled
    ]) {
      const doc = await scan(page(content));
      expect(
        doc.indicators.map((i) => i.code),
        content,
      ).not.toContain('white_box_over_text');
    }
  });

  it('finds different text drawn over text, but not a string drawn twice for boldness', async () => {
    const over = await scan(page('BT /F1 12 Tf 72 700 Td (1,200.00) Tj ET BT /F1 12 Tf 72 700 Td (9,200.00) Tj ET'));
    expect(over.findings.map((f) => f.code)).toContain('text_over_text');
    const bold = await scan(page('BT /F1 12 Tf 72 700 Td (Total) Tj ET BT /F1 12 Tf 72.3 700 Td (Total) Tj ET'));
    expect(bold.findings.map((f) => f.code)).not.toContain('text_over_text');
  });

  it('takes designed pages for what they are: a fill clipped away from the text, paint through glyphs used as a clip, a layer that is off, text colliding in a layout', async () => {
    for (const content of [
      // a light panel whose clipping path keeps it beside the text, not over it
      'BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET q 300 600 100 50 re W n 1 g 70 690 400 20 re f Q',
      // text as a clipping path (render mode 7), then a light gradient-like fill painted through the glyphs
      'BT /F1 12 Tf 72 650 Td (Account summary for March 1,200.00) Tj ET q BT 7 Tr /F1 24 Tf 72 700 Td (STATEMENT) Tj ET 0.95 g 60 690 300 40 re f Q',
      // a long description running into the amount beside it, on its own baseline and at another size
      'BT /F1 12 Tf 72 700 Td (Transfer to savings account for March) Tj ET BT /F1 10 Tf 250 702 Td (1,200.00) Tj ET',
    ]) {
      const doc = await scan(page(content));
      const codes = doc.findings.map((f) => f.code);
      expect(codes, content).not.toContain('white_box_over_text');
      expect(codes, content).not.toContain('text_over_text');
      expect(doc.verdict, content).toBe('CLEAN');
    }
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
    expect((await scan(layered)).findings.map((f) => f.code)).not.toContain('white_box_over_text');
    // the same panel without the clip hides the figure: a cover-up
    const covered = await scan(page('BT /F1 12 Tf 72 700 Td (Total 1,200.00) Tj ET q 1 g 70 690 400 20 re f Q'));
    expect(covered.findings.map((f) => f.code)).toContain('white_box_over_text');
  });

  it('takes typesetting for what it is: an accent or punctuation over a word, and a box drawn late with its text redrawn on top', async () => {
    for (const content of [
      'BT /F1 12 Tf 72 700 Td (Cafe) Tj ET BT /F1 12 Tf 90 703 Td (\\264) Tj ET', // an accent placed over a letter
      'BT /F1 12 Tf 72 700 Td (Total) Tj ET BT /F1 12 Tf 72 700 Td (.) Tj ET', // punctuation over a word
      'BT /F1 12 Tf 72 700 Td (Closing balance 1,200.00) Tj ET 0.95 g 70 696 220 16 re f 0 g BT /F1 12 Tf 72 700 Td (Closing balance 1,200.00) Tj ET', // shading, then the same text again
    ]) {
      const doc = await scan(page(content));
      const codes = doc.findings.map((f) => f.code);
      expect(codes, content).not.toContain('text_over_text');
      expect(codes, content).not.toContain('white_box_over_text');
      expect(doc.verdict, content).toBe('CLEAN');
    }
  });
});

describe('context without content evidence', () => {
  it('keeps a genuine file re-saved by an editor, with scripts and duplicate font subsets, CLEAN with its findings reported', async () => {
    const fonts = [1, 2].map((n) => `<< /Type /Font /Subtype /Type1 /BaseFont /ABCDE${n === 1 ? 'F' : 'G'}+Helvetica >>`);
    const content = 'BT /F1 12 Tf 72 700 Td (Statement) Tj /F2 12 Tf 72 680 Td (Balance 10.00) Tj ET';
    const bytes = new RawPdf()
      .section(
        [
          { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >> >>' },
          { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>' },
          { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
          { num: 5, body: fonts[0]! },
          { num: 6, body: fonts[1]! },
          { num: 7, body: '<< /Producer (Adobe Acrobat Pro 2020) /Creator (Microsoft Word) >>' },
        ],
        { trailer: '/Root 1 0 R /Info 7 0 R /ID [<00112233445566778899aabbccddeeff> <ffeeddccbbaa99887766554433221100>]' },
      )
      .bytes();
    const doc = await scan(bytes);
    const codes = doc.findings.map((f) => f.code);
    expect(codes).toEqual(expect.arrayContaining(['font_subset_duplicate', 'javascript_present', 'document_id_changed']));
    expect(doc.verdict).toBe('CLEAN');
    expect(doc.risk_score).toBeLessThanOrEqual(39);
    // the spec: a CLEAN document lists no indicators (its context stays in findings)
    expect(doc.indicators).toEqual([]);
    expect(doc.regions).toEqual([]);
  });
});

describe('a bare white box', () => {
  it('is SUSPICIOUS (it may be a redaction), not FORGED', async () => {
    const content = 'BT /F1 12 Tf 72 700 Td (Account 12345678) Tj ET 1 g 70 696 140 16 re f';
    const bytes = new RawPdf()
      .section(
        onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` } : o)),
        { trailer: '/Root 1 0 R' },
      )
      .bytes();
    const doc = await scan(bytes);
    expect(doc.indicators[0]!.code).toBe('white_box_over_text');
    expect(doc.verdict).toBe('SUSPICIOUS');
  });
});

describe('signatures', () => {
  it('verifies a signature and keeps a signed (and countersigned) document CLEAN', async () => {
    const { signPdf } = await import('@loupe/fixtures/signing');
    const signed = await signPdf(await makeStatement({ pages: 1, rowsPerPage: 4 }));
    const doc = await scan(signed);
    expect(doc.verdict).toBe('CLEAN');
    expect(doc.findings.find((f) => f.code === 'signature_present')!.summary).toContain('CMS signature verifies (signer CN=Loupe Test Signer');
    expect(doc.checks_passed).toContain('signature integrity');
    const counter = await scan(await signPdf(signed, 'Countersigned'));
    expect(counter.verdict).toBe('CLEAN');
    expect(counter.findings.filter((f) => f.code === 'revision_signature_added')).toHaveLength(2);
  });

  it('calls content changed after signing FORGED', async () => {
    const { signPdf } = await import('@loupe/fixtures/signing');
    const signed = await signPdf(await makeStatement({ pages: 1, rowsPerPage: 4 }));
    const doc = await scan(await editText(signed, 0, 'First Example Bank', 'Fake Example Bank'));
    expect(doc.verdict).toBe('FORGED');
    expect(doc.indicators.map((i) => i.code)).toEqual(expect.arrayContaining(['modified_after_signing', 'revision_text_edit']));
  });

  it('calls a signature that no longer matches its bytes invalid', async () => {
    const { signPdf } = await import('@loupe/fixtures/signing');
    const signed = await signPdf(await makeStatement({ pages: 1, rowsPerPage: 4 }));
    const tampered = Uint8Array.from(signed);
    tampered[12] = tampered[12]! ^ 0x01; // inside the first signed range
    const doc = await scan(tampered);
    expect(doc.indicators[0]!.code).toBe('signature_invalid');
    expect(doc.verdict).toBe('FORGED');
  });
});

describe('font character remapping', () => {
  /** A page in two fonts of one subset name, each with its own ToUnicode map (code hex -> text). */
  const twoFonts = (a: Record<string, string>, b: Record<string, string>) => {
    const cmap = (map: Record<string, string>) => {
      const entries = Object.entries(map).map(([code, text]) => `<${code}> <${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`);
      const body = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Remap def 1 begincodespacerange <00> <FF> endcodespacerange ${entries.length} beginbfchar ${entries.join(' ')} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
      return `<< /Length ${body.length} >>\nstream\n${body}\nendstream`;
    };
    const content = 'BT /F1 12 Tf 72 700 Td (Total 100) Tj /F2 12 Tf 72 680 Td (Net 100) Tj ET';
    return new RawPdf()
      .section(
        [
          { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
          { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
          { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>' },
          { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
          { num: 5, body: '<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Helvetica /ToUnicode 7 0 R >>' },
          { num: 6, body: '<< /Type /Font /Subtype /Type1 /BaseFont /ABCDEF+Helvetica /ToUnicode 8 0 R >>' },
          { num: 7, body: cmap(a) },
          { num: 8, body: cmap(b) },
        ],
        { trailer: '/Root 1 0 R' },
      )
      .bytes();
  };
  const digits = Object.fromEntries([...'0123456789'].map((d) => [(0x30 + Number(d)).toString(16), d]));

  it('reports one digit that a same-named font maps to another digit', async () => {
    const doc = await scan(twoFonts(digits, { ...digits, '31': '7' }));
    expect(doc.findings.map((f) => f.code)).toContain('font_character_remapping');
    expect(doc.findings.find((f) => f.code === 'font_character_remapping')!.summary).toContain('code 49 to "1" and "7"');
  });

  it('does not take an unmapped entry, a punctuation variant or two encodings of one font for a remapping', async () => {
    const shifted = Object.fromEntries(Object.keys(digits).map((code, i) => [code, String.fromCharCode(0xac00 + i)])); // every shared code differs
    for (const [name, b] of [
      ['unmapped', { ...digits, '31': ' ' }],
      ['punctuation', { ...digits, '2e': ',' }],
      ['two encodings', shifted],
    ] as const) {
      const a = name === 'punctuation' ? { ...digits, '2e': '.' } : digits;
      const doc = await scan(twoFonts(a, b));
      expect(
        doc.findings.map((f) => f.code),
        name,
      ).not.toContain('font_character_remapping');
    }
  });
});

describe('producer traces and fonts', () => {
  it('names a metadata editor that rewrote the XMP packet', async () => {
    const xmp =
      '<?xpacket begin=""?><x:xmpmeta xmlns:x="adobe:ns:meta/" x:xmptk="Image::ExifTool 12.57"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"></rdf:RDF></x:xmpmeta><?xpacket end="w"?>';
    const objects = onePageObjects('x');
    objects[0] = { num: 1, body: '<< /Type /Catalog /Pages 2 0 R /Metadata 6 0 R >>' };
    const doc = await scan(
      new RawPdf()
        .section([...objects, { num: 6, body: `<< /Type /Metadata /Subtype /XML /Length ${xmp.length} >>\nstream\n${xmp}\nendstream` }], {
          trailer: '/Root 1 0 R',
        })
        .bytes(),
    );
    expect(doc.findings.find((f) => f.code === 'metadata_rewritten_by_tool')!.summary).toContain('ExifTool');
  });

  it('reports text shown in a font the page does not declare', async () => {
    const content = 'BT /F9 12 Tf 72 700 Td (Total 9,200.00) Tj ET';
    const objects = onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` } : o));
    const doc = await scan(new RawPdf().section(objects, { trailer: '/Root 1 0 R' }).bytes());
    expect(doc.findings.map((f) => f.code)).toContain('font_missing_from_resources');
  });
});

describe('arithmetic', () => {
  it('finds a balance that contradicts its transactions, reports the MathCheck and points at the figures', async () => {
    const doc = await scan(await makeStatement({ pages: 1, rowsPerPage: 10, seed: 8, misprint: { row: 4, delta: 10_000 } }));
    expect(doc.verdict).toBe('SUSPICIOUS');
    expect(doc.indicators.map((i) => i.code)).toContain('running_balance_mismatch');
    expect(doc.math_checks!.length).toBeGreaterThanOrEqual(1);
    const check = doc.math_checks![0]!;
    expect(check).toMatchObject({ ok: false, formula: expect.stringContaining('previous balance') });
    expect(check.computed).toMatch(/^-?[\d,]+\.\d\d$/);
    const region = doc.regions.find((r) => r.indicator_code === 'running_balance_mismatch')!;
    // balances are printed at x 480 on a 612-point page, row 4 at y 670 - 4 * 20
    expect(region.x).toBeCloseTo((480 / 612) * 100, 0);
  });

  it('reports nothing for a consistent statement, nor for a table it cannot make add up', async () => {
    const genuine = await scan(await makeStatement({ pages: 2, rowsPerPage: 12, seed: 9 }));
    expect(genuine.indicators.map((i) => i.code)).not.toContain('running_balance_mismatch');
    expect(genuine.math_checks).toBeUndefined();
    // a table of dates and unrelated pairs of amounts: no rule explains it, so no finding
    const rows = Array.from(
      { length: 8 },
      (_, i) => `BT /F1 9 Tf 50 ${700 - i * 20} Td (03/0${i + 1}/2024 Item ${i} ${i * 37 + 1}.00 ${i * 91 + 5}.50) Tj ET`,
    ).join(' ');
    const table = await scan(
      new RawPdf()
        .section(
          onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${rows.length} >>\nstream\n${rows}\nendstream` } : o)),
          { trailer: '/Root 1 0 R' },
        )
        .bytes(),
    );
    expect(table.indicators.map((i) => i.code)).not.toContain('running_balance_mismatch');
  });
});

describe('category and issue date', () => {
  it('classifies a statement and reads the printed date of a pay stub', async () => {
    expect((await scan(await makeStatement({ pages: 1, rowsPerPage: 4 }))).category).toBe('bank_statement');
    const content = [
      'BT /F1 14 Tf 40 740 Td (ACME Inc. Earnings Statement) Tj ET',
      'BT /F1 10 Tf 40 720 Td (Pay date 05/31/2024   Employee 1042) Tj ET',
      'BT /F1 10 Tf 40 700 Td (Regular 4,200.00   Overtime 350.00   Gross pay 4,550.00) Tj ET',
      'BT /F1 10 Tf 40 680 Td (Federal tax 820.00   Social security 313.00   Net pay 3,417.00   YTD 17,000.00) Tj ET',
    ].join(' ');
    const doc = await scan(
      new RawPdf()
        .section(
          onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` } : o)),
          { trailer: '/Root 1 0 R' },
        )
        .bytes(),
    );
    expect(doc.category).toBe('paystub');
    expect(doc.issue_date).toBe('2024-05-31');
    expect(Object.keys(doc).indexOf('category')).toBeLessThan(Object.keys(doc).indexOf('file'));
  });
});

describe('pay stub and bill totals', () => {
  // figures right-aligned at x 300 (current) and 420 (YTD), in Courier (6 points a character at 10 pt)
  const stub = (net: string, ytdNet: string) => {
    const rows: [string, string, string?][] = [
      ['Earnings', ''],
      ['Regular', '4,200.00', '16,800.00'],
      ['Overtime', '350.00', '1,400.00'],
      ['Gross pay', '4,550.00', '18,200.00'],
      ['Total deductions', '1,133.00', '4,532.00'],
      ['Net pay', net, ytdNet],
    ];
    const header = ['ACME Inc. Earnings Statement', 'Pay date 05/31/2024 Employee 1042 Federal tax Social security YTD'];
    const content = [
      ...header.map((l, i) => `BT /F1 10 Tf 40 ${760 - i * 16} Td (${l}) Tj ET`),
      ...rows.flatMap(([label, cur, ytd], i) => {
        const y = 700 - i * 16;
        const parts = [`BT /F1 10 Tf 40 ${y} Td (${label}) Tj ET`];
        if (cur) parts.push(`BT /F2 10 Tf ${300 - cur.length * 6} ${y} Td (${cur}) Tj ET`);
        if (ytd) parts.push(`BT /F2 10 Tf ${420 - ytd.length * 6} ${y} Td (${ytd}) Tj ET`);
        return parts;
      }),
    ].join(' ');
    return courierPage(content);
  };

  it('passes a consistent pay stub and catches an edited net pay', async () => {
    const genuine = await scan(stub('3,417.00', '13,668.00'));
    expect(genuine.category).toBe('paystub');
    expect(genuine.indicators.map((i) => i.code)).not.toContain('paystub_totals_mismatch');
    const edited = await scan(stub('5,417.00', '13,668.00'));
    expect(edited.indicators.map((i) => i.code)).toContain('paystub_totals_mismatch');
    expect(edited.verdict).toBe('SUSPICIOUS');
    expect(edited.math_checks![0]).toMatchObject({ formula: 'net pay = gross pay − total deductions (current)', computed: '3,417.00', stated: '5,417.00' });
  });

  it('catches a year-to-date figure below the current one', async () => {
    const doc = await scan(stub('3,417.00', '3,000.00'));
    expect(doc.math_checks!.map((m) => m.formula)).toContain('year-to-date ≥ current period');
  });
});

/** A one-page PDF of lines; each cell is text left-aligned at `x`, or a figure right-aligned at `right` (Courier 10 pt). */
type Cell = { x: number; text: string } | { right: number; text: string };
const page = (lines: Cell[][]): Uint8Array => {
  const content = lines
    .flatMap((cells, i) =>
      cells.map((c) => {
        const x = 'x' in c ? c.x : c.right - c.text.length * 6;
        return `BT /F2 10 Tf ${x} ${760 - i * 14} Td (${c.text}) Tj ET`;
      }),
    )
    .join(' ');
  return courierPage(content);
};

describe('statement totals', () => {
  const amounts = [120_000, -4_550, -23_199, 8_000, -61_010, 2_575, -1_999];
  const header: Cell[][] = [[{ x: 40, text: 'First Example Bank checking account statement' }], [{ x: 40, text: 'Statement period 03/01/2024 to 03/31/2024' }]];

  /** A statement with Withdrawals and Deposits columns and a running balance; `raise` adds cents to one deposit and every balance after it. */
  const columnar = (raise = 0): Uint8Array => {
    let balance = 250_000;
    const lines: Cell[][] = [
      ...header,
      [
        { x: 40, text: 'Date' },
        { x: 110, text: 'Description' },
        { x: 320, text: 'Withdrawals' },
        { x: 410, text: 'Deposits' },
        { x: 500, text: 'Balance' },
      ],
    ];
    lines.push([
      { x: 40, text: 'Opening balance' },
      { right: 560, text: money(balance) },
    ]);
    let credits = 0;
    let debits = 0;
    amounts.forEach((a, i) => {
      const shown = i === 0 ? a + raise : a;
      balance += shown;
      if (a > 0) credits += a;
      else debits -= a;
      lines.push([
        { x: 40, text: `03/0${i + 2}/2024` },
        { x: 110, text: `Item ${i + 1}` },
        { right: a < 0 ? 380 : 460, text: money(Math.abs(shown)) },
        { right: 560, text: money(balance) },
      ]);
    });
    lines.push([
      { x: 40, text: 'Closing balance' },
      { right: 560, text: money(balance) },
    ]);
    lines.push([
      { x: 40, text: 'Total deposits' },
      { right: 560, text: money(credits) },
    ]);
    lines.push([
      { x: 40, text: 'Total withdrawals' },
      { right: 560, text: money(debits) },
    ]);
    return page(lines);
  };

  /** A statement listing deposits and withdrawals in separate sections; `edit` adds cents to the first deposit only. */
  const sectioned = (edit = 0): Uint8Array => {
    const deposits = amounts.filter((a) => a > 0);
    const withdrawals = amounts.filter((a) => a < 0).map((a) => -a);
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const lines: Cell[][] = [
      ...header,
      [
        { x: 40, text: 'Beginning balance' },
        { right: 560, text: money(250_000) },
      ],
      [
        { x: 40, text: 'Deposits and additions' },
        { right: 560, text: money(sum(deposits)) },
      ],
      [
        { x: 40, text: 'Withdrawals and subtractions' },
        { right: 560, text: money(sum(withdrawals)) },
      ],
      [
        { x: 40, text: 'Ending balance' },
        { right: 560, text: money(250_000 + sum(deposits) - sum(withdrawals)) },
      ],
      [{ x: 40, text: 'DEPOSITS AND ADDITIONS' }],
      ...deposits.map((a, i) => [
        { x: 40, text: `03/1${i}` },
        { x: 110, text: 'Payroll deposit' },
        { right: 560, text: money(i === 0 ? a + edit : a) },
      ]),
      [
        { x: 40, text: 'Total Deposits and Additions' },
        { right: 560, text: money(sum(deposits)) },
      ],
      [{ x: 40, text: 'WITHDRAWALS' }],
      ...withdrawals.flatMap((a, i) => [
        [
          { x: 40, text: `03/2${i}` },
          { x: 110, text: 'Card purchase' },
          { right: 560, text: money(a) },
        ],
        ...(i === 1 ? [[{ x: 110, text: 'continued description' }]] : []),
      ]),
      [
        { x: 40, text: 'Total Withdrawals and Subtractions' },
        { right: 560, text: money(sum(withdrawals)) },
      ],
    ];
    return page(lines);
  };

  it('passes consistent statements of either layout', async () => {
    for (const bytes of [columnar(), sectioned()]) {
      const { document: doc, checksNotRun } = await engine.scanDetailed(bytes, { name: 'doc.pdf' });
      expect(checksNotRun).toEqual([]);
      expect(doc.category).toBe('bank_statement');
      expect(doc.indicators.map((i) => i.code)).not.toContain('statement_totals_mismatch');
      expect(doc.math_checks).toBeUndefined();
    }
  });

  it('catches a deposit raised with every balance after it, by the stated totals', async () => {
    const doc = await scan(columnar(100_000));
    const codes = doc.indicators.map((i) => i.code);
    expect(codes).not.toContain('running_balance_mismatch');
    expect(codes).toContain('statement_totals_mismatch');
    const formulas = doc.math_checks!.map((m) => m.formula);
    expect(formulas).toContain('total credits (deposits) = sum of the credits (deposits) listed');
    expect(formulas).toContain('closing balance = opening balance + total credits − total debits');
    expect(doc.math_checks!.find((m) => m.formula.startsWith('total credits'))).toMatchObject({ computed: '2,305.75', stated: '1,305.75' });
    // withdrawals were untouched, so their total is not reported
    expect(formulas.some((f) => f.startsWith('total debits'))).toBe(false);
  });

  it('catches an edited entry of a sectioned list', async () => {
    const doc = await scan(sectioned(50_000));
    expect(doc.math_checks).toEqual([
      expect.objectContaining({ formula: 'total credits (deposits) = sum of the credits (deposits) listed', computed: '1,805.75', stated: '1,305.75' }),
    ]);
    expect(doc.verdict).toBe('SUSPICIOUS');
  });
});

describe('tax form lines', () => {
  /** A 1040-like page: line number and amount in the right column, instructions in the labels; `overrides` replaces entries. */
  const form = (overrides: Record<string, string> = {}): Uint8Array => {
    const lines: [string, string, string][] = [
      ['1z', 'Add lines 1a through 1h', '72,400.00'],
      ['2b', 'Taxable interest', '310.00'],
      ['3b', 'Ordinary dividends', '1,250.00'],
      ['7', 'Capital gain or (loss)', '(750.00)'],
      ['8', 'Additional income from Schedule 1, line 10', '0.00'],
      ['9', 'Add lines 1z, 2b, 3b, 7, and 8. This is your total income', '73,210.00'],
      ['10', 'Adjustments to income from Schedule 1, line 26', '2,500.00'],
      ['11', 'Subtract line 10 from line 9. This is your adjusted gross income', '70,710.00'],
      ['12', 'Standard deduction or itemized deductions', '13,850.00'],
      ['13', 'Qualified business income deduction', '0.00'],
      ['14', 'Add lines 12 and 13', '13,850.00'],
      ['15', 'Subtract line 14 from line 11. This is your taxable income', '56,860.00'],
    ];
    return page([
      [{ x: 40, text: 'Form 1040 U.S. Individual Income Tax Return 2023' }],
      [{ x: 40, text: 'Department of the Treasury - Internal Revenue Service' }],
      ...lines.map(([n, label, amount]): Cell[] => [
        { x: 40, text: n },
        { x: 70, text: label },
        { x: 470, text: n },
        { right: 580, text: overrides[n] ?? amount },
      ]),
    ]);
  };

  it('passes a consistent return and names the line that does not follow its instruction', async () => {
    const genuine = await engine.scanDetailed(form(), { name: 'f1040.pdf' });
    expect(genuine.checksNotRun).toEqual([]);
    expect(genuine.document.category).toBe('tax_form');
    expect(genuine.document.indicators.map((i) => i.code)).not.toContain('tax_form_lines_mismatch');
    // wages raised on line 1z only: total income no longer adds up
    const edited = await scan(form({ '1z': '92,400.00' }));
    expect(edited.math_checks).toEqual([
      expect.objectContaining({ formula: 'line 9 = line 1z + line 2b + line 3b + line 7 + line 8', computed: '93,210.00', stated: '73,210.00' }),
    ]);
    expect(edited.verdict).toBe('SUSPICIOUS');
    // a taxable income edited alone
    const taxable = await scan(form({ '15': '36,860.00' }));
    expect(taxable.math_checks!.map((m) => m.formula)).toEqual(['line 15 = line 11 − line 14']);
  });
});

describe('bill line items', () => {
  const bill = (energy: string): Uint8Array =>
    page([
      [{ x: 40, text: 'Riverside Electric Utility' }],
      [{ x: 40, text: 'Bill date 04/02/2024 Due date 04/23/2024 Service address 12 Main Street' }],
      [{ x: 40, text: 'Meter 5531 usage 511 kWh billing period 03/01/2024 to 03/31/2024' }],
      [
        { x: 40, text: 'Energy charge' },
        { right: 520, text: energy },
      ],
      [
        { x: 40, text: 'Delivery charge' },
        { right: 520, text: '31.41' },
      ],
      [
        { x: 40, text: 'Customer charge' },
        { right: 520, text: '12.00' },
      ],
      [
        { x: 40, text: 'Subtotal' },
        { right: 520, text: '104.73' },
      ],
      [
        { x: 40, text: 'State tax' },
        { right: 520, text: '5.24' },
      ],
      [
        { x: 40, text: 'Total amount due' },
        { right: 520, text: '109.97' },
      ],
    ]);

  it('sums the line items, and judges nothing when an item in the column cannot be read', async () => {
    expect((await scan(bill('61.32'))).math_checks).toBeUndefined();
    const edited = await scan(bill('81.32'));
    expect(edited.math_checks).toEqual([expect.objectContaining({ formula: 'subtotal = sum of the line items', computed: '124.73', stated: '104.73' })]);
    // as OCR misreads a figure: the partial sum of the others is no contradiction
    expect((await scan(bill('61:32'))).math_checks).toBeUndefined();
    // a misread tax line leaves the total unjudged too
    expect(
      (
        await scan(
          page([
            [{ x: 40, text: 'Riverside Electric Utility amount due billing period kWh meter' }],
            [
              { x: 40, text: 'Subtotal' },
              { right: 520, text: '104.73' },
            ],
            [
              { x: 40, text: 'State tax' },
              { right: 520, text: '5124' },
            ],
            [
              { x: 40, text: 'Total amount due' },
              { right: 520, text: '109.97' },
            ],
          ]),
        )
      ).math_checks,
    ).toBeUndefined();
  });
});

/** The amounts of the one-column Courier pages below. */
const COLUMN_FIGURES = ['2,500.00', '45.50', '231.99', '80.00', '610.10', '25.75', '19.99', '1,204.10'];

/**
 * A label and an amount on each row, in Courier, each `x y Td (text) Tj` in a text object of its own,
 * the amounts ending at x = 500; `written` gives the text object that draws row `i`'s amount instead
 * (none: drawn as the others).
 */
function courierColumn(written: (i: number, text: string, x: number, y: number) => string | undefined = () => undefined): Uint8Array {
  return courierPage(
    COLUMN_FIGURES.map((text, i) => {
      const y = 700 - i * 14;
      const x = 500 - text.length * 6;
      return `BT /F2 10 Tf 60 ${y} Td (Item ${i + 1}) Tj ET ${written(i, text, x, y) ?? `BT /F2 10 Tf ${x} ${y} Td (${text}) Tj ET`}`;
    }).join(' '),
  );
}

describe('a figure fitted to the room of the one it replaced', () => {
  /** The column; `setting` gives the operators that set row `i`'s figure in its text object (none: set plainly). */
  const column = (setting: (i: number, text: string) => string | undefined = () => undefined): Uint8Array =>
    courierColumn((i, text, x, y) => {
      const set = setting(i, text);
      return set === undefined ? undefined : `BT /F2 10 Tf ${x} ${y} Td ${set} ET`;
    });
  const spacing = (doc: Awaited<ReturnType<typeof scan>>) => doc.findings.filter((f) => f.code === 'figure_spacing_mismatch');

  it('finds a longer figure squeezed by horizontal scaling, one spread by character spacing, one placed glyph by glyph', async () => {
    expect(spacing(await scan(column()))).toEqual([]);
    // "12,345.67" squeezed into the room of "2,500.00" (9 glyphs in 8 glyphs' width)
    const squeezed = await scan(column((i) => (i === 0 ? '-6 0 Td 88.9 Tz (12,345.67) Tj 100 Tz' : undefined)));
    expect(spacing(squeezed).map((f) => f.summary)).toEqual([expect.stringContaining('"12,345.67" takes 11.1% less room')]);
    expect(squeezed.risk_score ?? 0).toBeGreaterThan((await scan(column())).risk_score ?? 0);
    // "31.99" spread over the room of "231.99"
    const spread = await scan(column((i) => (i === 2 ? '1.2 Tc (31.99) Tj 0 Tc' : undefined)));
    expect(spacing(spread).map((f) => f.summary)).toEqual([expect.stringContaining('"31.99"')]);
    // each glyph placed with its own adjustment, from a narrower font's widths
    const placed = await scan(column((i, t) => (i === 4 ? `[${[...t].map((c) => `(${c})`).join(' 100 ')}] TJ` : undefined)));
    expect(spacing(placed).map((f) => f.summary)).toEqual([expect.stringContaining('"610.10"')]);
  });
});

describe('a figure written again by another writer', () => {
  /** The column with row `edited`'s amount drawn by `written(x, y, text)`. */
  const table = (edited?: number, written?: (x: number, y: number, text: string) => string): Uint8Array =>
    courierColumn((i, text, x, y) => (i === edited && written ? written(x, y, text) : undefined));
  const operators = (doc: Awaited<ReturnType<typeof scan>>) => doc.findings.filter((f) => f.code === 'figure_operator_mismatch');

  it('finds an amount re-emitted in a text object of another style, in the page font at its place', async () => {
    const plain = await scan(table());
    expect(operators(plain)).toEqual([]);
    const hex = (text: string) => Buffer.from(text, 'latin1').toString('hex');
    const edited = await scan(table(3, (x, y, text) => `BT 1 0 0 1 ${x} ${y} Tm /F2 10 Tf <${hex(text.replace('80', '90'))}> Tj ET`));
    expect(operators(edited).map((f) => f.summary)).toEqual([
      expect.stringContaining('"90.00" is drawn with "Tm Tj <> Tf", which draws nothing but figures in the document'),
    ]);
    expect(edited.risk_score ?? 0).toBeGreaterThan(plain.risk_score ?? 0);
    // the same operators as the page's, only the digits changed: nothing of this kind to see
    expect(operators(await scan(table(3, (x, y) => `BT /F2 10 Tf ${x} ${y} Td (90.00) Tj ET`)))).toEqual([]);
  });
});
