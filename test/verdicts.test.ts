// Verdicts on documents altered the way forgers and ordinary users alter them, through the
// engine on the Node platform: the spec's verdict fields, indicators, regions and 1.3 fields.

import { imageOnlyPdf } from '@loupe/fixtures/captures';
import { captureDocument } from '@loupe/fixtures/document-photos';
import { payStubPage } from '@loupe/fixtures/loan-pages';
import { addOverlay, editMetadata, editText, fillForm, makeForm, makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { createNodeEngine } from '@loupe/node';
import { describe, expect, it } from 'vitest';

const engine = createNodeEngine({ now: () => new Date('2026-11-22T12:00:00Z') });
const scan = (bytes: Uint8Array) => engine.scan(bytes, { name: 'doc.pdf' });

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

describe('pay stub totals', () => {
  it('passes a consistent pay stub and catches an edited net pay', async () => {
    const genuine = await scan(payStubPage('3,417.00', '13,668.00'));
    expect(genuine.category).toBe('paystub');
    expect(genuine.indicators.map((i) => i.code)).not.toContain('paystub_totals_mismatch');
    const edited = await scan(payStubPage('5,417.00', '13,668.00'));
    expect(edited.indicators.map((i) => i.code)).toContain('paystub_totals_mismatch');
    expect(edited.verdict).toBe('SUSPICIOUS');
    expect(edited.math_checks![0]).toMatchObject({ formula: 'net pay = gross pay − total deductions (current)', computed: '3,417.00', stated: '5,417.00' });
  });
});
