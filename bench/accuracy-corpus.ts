// The accuracy corpus: genuine loan documents (pdf-lib statements and pay stubs, Ghostscript
// re-renders, qpdf linearized and re-compressed copies), genuine documents with benign later
// revisions (form fills, comments and highlights, attachments), and tampered variants made the
// way forgers make them (incremental text edits, white boxes with new text, annotation overlays,
// metadata edits with exiftool, and full rewrites through qpdf, Ghostscript and mutool that erase
// the revision trail), each labelled with its technique and where the edit is.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFArray, PDFDocument, PDFName, PDFRef, PDFString, StandardFonts } from '@cantoo/pdf-lib';
import { concatBytes, loadFontTables, type PaintEvent, PdfFile, TextInterpreter } from '@loupe/core/internal';
import { addOverlay, editText, fillForm, makeForm, makeStatement, money } from '@loupe/fixtures/pdf-builders';
import { signPdf } from '@loupe/fixtures/signing';

await loadFontTables(); // the interpreter's standard font tables (a scan loads them itself)

/** What a sample is. */
export type SampleKind = 'genuine' | 'benign' | 'tampered';

/** One labelled file. */
export interface Sample {
  name: string;
  kind: SampleKind;
  technique: string;
  bytes: Uint8Array;
  /** Where the edit is (page 1, user space), when it has a place. */
  edit?: { page: number; x0: number; y0: number; x1: number; y1: number };
}

const has = (cmd: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Runs a tool on `bytes` (input file `in.pdf`, output `out.pdf`) and returns the output. */
function tool(bytes: Uint8Array, command: string, args: (input: string, output: string) => string[]): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-acc-'));
  const input = join(dir, 'in.pdf');
  const output = join(dir, 'out.pdf');
  writeFileSync(input, bytes);
  execFileSync(command, args(input, output), { stdio: 'ignore' });
  return new Uint8Array(readFileSync(output));
}

/** A pay stub: another template, other fonts. */
async function makePayStub(seed: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setProducer('Payroll Export 4.2');
  doc.setCreator('Payroll Export');
  doc.setCreationDate(new Date('2024-05-31T08:00:00Z'));
  doc.setModificationDate(new Date('2024-05-31T08:00:00Z'));
  const font = await doc.embedFont(StandardFonts.TimesRoman);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const page = doc.addPage([612, 792]);
  page.drawText('ACME Manufacturing Inc. - Earnings Statement', { x: 40, y: 740, size: 14, font });
  page.drawText(`Pay date 05/31/2024   Employee #${1000 + seed}`, { x: 40, y: 720, size: 10, font });
  const lines = [
    ['Regular', 4200 + seed * 10],
    ['Overtime', 350],
    ['Bonus', 500],
    ['Federal tax', -820],
    ['State tax', -240],
    ['Social security', -313],
  ];
  lines.forEach(([label, amount], i) => {
    page.drawText(String(label), { x: 40, y: 680 - i * 18, size: 10, font });
    page.drawText(money(Number(amount) * 100).padStart(12, ' '), { x: 300, y: 680 - i * 18, size: 10, font: mono });
  });
  const net = lines.reduce((n, [, a]) => n + Number(a), 0);
  page.drawText('Net pay', { x: 40, y: 560, size: 11, font });
  page.drawText(money(net * 100).padStart(12, ' '), { x: 300, y: 560, size: 11, font: mono });
  return doc.save({ useObjectStreams: seed % 2 === 0 });
}

/** Appends an incremental update that adds a content stream (with a Helvetica font /LoupeF1) drawn after the page's own. */
async function appendContent(bytes: Uint8Array, content: (fontKey: string) => string): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const snapshot = doc.takeSnapshot();
  const page = doc.getPage(0);
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  page.node.setFontDictionary(PDFName.of('LoupeF1'), helvetica.ref);
  const fontKey = 'LoupeF1';
  const stream = doc.context.register(doc.context.stream(content(fontKey)));
  const contents = page.node.get(PDFName.of('Contents'));
  if (contents instanceof PDFArray) contents.push(stream);
  else page.node.set(PDFName.of('Contents'), doc.context.obj(contents instanceof PDFRef ? [contents, stream] : [stream]));
  snapshot.markRefForSave(page.ref);
  const resources = page.node.get(PDFName.of('Resources'));
  if (resources instanceof PDFRef) snapshot.markRefForSave(resources);
  const fontDict = page.node.Resources()?.get(PDFName.of('Font'));
  if (fontDict instanceof PDFRef) snapshot.markRefForSave(fontDict);
  return concatBytes(bytes, await doc.saveIncremental(snapshot));
}

/** The box (page 1, user space) of the first word of page 1 that matches `pattern`. */
function findWord(bytes: Uint8Array, pattern: RegExp): { page: number; x0: number; y0: number; x1: number; y1: number } | undefined {
  const file = PdfFile.open(bytes);
  const view = file.view();
  const paint: PaintEvent[] = [];
  new TextInterpreter(file, view).pageText(view.pages()[0]!, paint);
  const hit = paint.find((e) => e.kind === 'text' && pattern.test(e.text));
  return hit ? { page: 1, x0: hit.box[0], y0: hit.box[1], x1: hit.box[2], y1: hit.box[3] } : undefined;
}

/** A statement as HTML, for browsers and office suites. */
function statementHtml(seed: number): string {
  const rows = Array.from({ length: 14 }, (_, r) => {
    const amount = ((seed * 7919 + r * 104729) % 90000) - 30000;
    return `<tr><td>03/${String(r + 1).padStart(2, '0')}/2024</td><td>Card payment ${r + 1}</td><td class="n">${money(amount)}</td></tr>`;
  }).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>Statement</title><style>body{font-family:'DejaVu Sans',sans-serif;font-size:11pt}td{padding:2px 8px}.n{text-align:right}</style></head>
<body><h2>Northwind Credit Union</h2><p>Account 0042-${1000 + seed} &middot; March 2024</p><p>Opening balance ${money(125_000 + seed * 100)}</p>
<table>${rows}</table><p>Closing balance ${money(98_765 + seed * 100)}</p></body></html>`;
}

/** Renders HTML to PDF with a real producer: Chromium's print-to-PDF or LibreOffice. */
function renderHtml(html: string, producer: 'chromium' | 'libreoffice'): Uint8Array {
  const dir = mkdtempSync(join(tmpdir(), 'loupe-html-'));
  const input = join(dir, 'statement.html');
  writeFileSync(input, html);
  if (producer === 'chromium') {
    const output = join(dir, 'statement.pdf');
    execFileSync(
      '/usr/lib/chromium/chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-dev-shm-usage',
        '--no-pdf-header-footer',
        `--print-to-pdf=${output}`,
        `file://${input}`,
      ],
      { stdio: 'ignore', timeout: 60_000 },
    );
    return new Uint8Array(readFileSync(output));
  }
  execFileSync(
    'soffice',
    [
      '--headless',
      '--norestore',
      `-env:UserInstallation=file://${dir}/profile`,
      '--infilter=HTML (StarWriter)',
      '--convert-to',
      'pdf:writer_pdf_Export',
      '--outdir',
      dir,
      input,
    ],
    { stdio: 'ignore', timeout: 120_000 },
  );
  return new Uint8Array(readFileSync(join(dir, 'statement.pdf')));
}

/** Appends an incremental update adding a sticky note in the margin and a highlight over a line. */
async function addComment(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const snapshot = doc.takeSnapshot();
  const page = doc.getPage(0);
  const note = doc.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [560, 740, 580, 760], Contents: PDFString.of('Checked by underwriting') });
  const highlight = doc.context.obj({
    Type: 'Annot',
    Subtype: 'Highlight',
    Rect: [48, 736, 250, 756],
    QuadPoints: [48, 756, 250, 756, 48, 736, 250, 736],
    C: [1, 1, 0],
  });
  page.node.addAnnot(doc.context.register(note));
  page.node.addAnnot(doc.context.register(highlight));
  snapshot.markRefForSave(page.ref);
  return concatBytes(bytes, await doc.saveIncremental(snapshot));
}

/** Appends an incremental update that attaches a file. */
async function addAttachment(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const snapshot = doc.takeSnapshot();
  await doc.attach(new TextEncoder().encode('supporting note'), 'note.txt', { mimeType: 'text/plain' });
  snapshot.markRefForSave(doc.context.trailerInfo.Root as PDFRef);
  return concatBytes(bytes, await doc.saveIncremental(snapshot));
}

/** Builds the corpus, skipping tool-made samples whose tool is not installed. */
export async function accuracyCorpus(count = 12): Promise<Sample[]> {
  const samples: Sample[] = [];
  const gs = has('gs');
  const qpdf = has('qpdf');
  const mutool = has('mutool');
  const exiftool = has('exiftool');
  const producers = (['chromium', 'libreoffice'] as const).filter((p) => (p === 'chromium' ? has('/usr/lib/chromium/chromium') : has('soffice')));
  for (const producer of producers) {
    for (let i = 0; i < Math.min(count, 6); i++) {
      const genuine = renderHtml(statementHtml(i), producer);
      samples.push({ name: `${producer}-${i}`, kind: 'genuine', technique: `${producer} statement`, bytes: genuine });
      const target = findWord(genuine, /^\d[\d,]*\.\d\d$/);
      if (!target) continue;
      const { x0, y0, x1, y1 } = target;
      const box = `${x0 - 1} ${y0 - 1} ${x1 - x0 + 2} ${y1 - y0 + 2}`;
      const forgedBytes = await appendContent(
        genuine,
        (f) => `q 1 g ${box} re f Q BT /${f} ${(y1 - y0) * 0.9} Tf ${x0} ${y0 + (y1 - y0) * 0.2} Td (${money(9_999_900 + i)}) Tj ET`,
      );
      samples.push({
        name: `${producer}-whitebox-${i}`,
        kind: 'tampered',
        technique: `white box + new text on a ${producer} document`,
        bytes: forgedBytes,
        edit: target,
      });
      if (qpdf)
        samples.push({
          name: `${producer}-whitebox-rewrite-${i}`,
          kind: 'tampered',
          technique: `white box on a ${producer} document, then full rewrite (qpdf)`,
          bytes: tool(forgedBytes, 'qpdf', (a, b) => [a, b]),
          edit: target,
        });
    }
  }
  for (let i = 0; i < count; i++) {
    const statement = await makeStatement({ pages: 1 + (i % 3), rowsPerPage: 12, seed: 100 + i, useObjectStreams: i % 2 === 1 });
    const stub = await makePayStub(i);
    samples.push({ name: `statement-${i}`, kind: 'genuine', technique: 'pdf-lib statement', bytes: statement });
    samples.push({ name: `stub-${i}`, kind: 'genuine', technique: 'pdf-lib pay stub', bytes: stub });
    if (gs)
      samples.push({
        name: `gs-${i}`,
        kind: 'genuine',
        technique: 'Ghostscript render',
        bytes: tool(stub, 'gs', (a, b) => ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pdfwrite', `-sOutputFile=${b}`, a]),
      });
    if (qpdf) {
      samples.push({ name: `lin-${i}`, kind: 'benign', technique: 'linearized (qpdf)', bytes: tool(statement, 'qpdf', (a, b) => ['--linearize', a, b]) });
      samples.push({
        name: `recompressed-${i}`,
        kind: 'benign',
        technique: 're-compressed (qpdf object streams)',
        bytes: tool(statement, 'qpdf', (a, b) => ['--object-streams=generate', '--compress-streams=y', a, b]),
      });
    }
    samples.push({ name: `form-${i}`, kind: 'benign', technique: 'form filled later', bytes: await fillForm(await makeForm(), money(1_000_000 + i * 12345)) });
    samples.push({ name: `comment-${i}`, kind: 'benign', technique: 'comment and highlight added', bytes: await addComment(statement) });
    samples.push({ name: `attachment-${i}`, kind: 'benign', technique: 'attachment added', bytes: await addAttachment(stub) });
    const classic = await makeStatement({ pages: 1 + (i % 2), rowsPerPage: 10, seed: 300 + i });
    const signed = await signPdf(classic);
    samples.push({ name: `signed-${i}`, kind: 'benign', technique: 'signed, then countersigned', bytes: await signPdf(signed, 'Countersigned') });

    // tampering: the header's opening balance line of the statement, the net pay line of the stub
    const opening = `Opening balance ${money(250_000)}`;
    const forged = `Opening balance ${money(250_000 + (i + 1) * 1_000_000)}`;
    const openingBox = { page: 1, x0: 50, y0: 697, x1: 200, y1: 710 };
    const edited = await editText(statement, 0, opening, forged, { useObjectStreams: i % 2 === 0 });
    samples.push({ name: `edit-${i}`, kind: 'tampered', technique: 'incremental text edit', bytes: edited, edit: openingBox });
    const whiteBox = await appendContent(statement, (f) => `q 1 g 128 696 70 13 re f Q BT /${f} 10 Tf 130 700 Td (${money(9_999_999 - i)}) Tj ET`);
    samples.push({
      name: `whitebox-${i}`,
      kind: 'tampered',
      technique: 'white box + new text (incremental)',
      bytes: whiteBox,
      edit: { page: 1, x0: 128, y0: 696, x1: 198, y1: 709 },
    });
    samples.push({
      name: `overlay-${i}`,
      kind: 'tampered',
      technique: 'annotation overlay',
      bytes: await addOverlay(stub, [298, 556, 380, 572], money(9_999_900)),
      edit: { page: 1, x0: 298, y0: 556, x1: 380, y1: 572 },
    });
    if (mutool) {
      const hex = (t: string): string => Array.from(t, (c) => c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')).join('');
      const script = new URL('./tools/mutool-edit.js', import.meta.url).pathname;
      const classicStatement = await makeStatement({ pages: 1, rowsPerPage: 12, seed: 500 + i });
      samples.push({
        name: `mutool-edit-${i}`,
        kind: 'tampered',
        technique: 'incremental text edit (mutool)',
        bytes: tool(classicStatement, 'mutool', (a, b) => ['run', script, a, b, hex(opening), hex(forged)]),
        edit: openingBox,
      });
    }
    samples.push({
      name: `after-signing-${i}`,
      kind: 'tampered',
      technique: 'text edit after signing',
      bytes: await editText(signed, 0, opening, forged),
      edit: openingBox,
    });
    if (exiftool) {
      samples.push({
        name: `exif-${i}`,
        kind: 'tampered',
        technique: 'metadata edit (exiftool)',
        bytes: tool(stub, 'sh', (a, b) => ['-c', `exiftool -q -Producer='Microsoft Word' -ModifyDate='2024:06:02 10:00:00' -o '${b}' '${a}'`]),
      });
    }
    if (qpdf)
      samples.push({
        name: `rewrite-qpdf-${i}`,
        kind: 'tampered',
        technique: 'text edit then full rewrite (qpdf)',
        bytes: tool(edited, 'qpdf', (a, b) => [a, b]),
        edit: openingBox,
      });
    if (gs)
      samples.push({
        name: `rewrite-gs-${i}`,
        kind: 'tampered',
        technique: 'white box then full rewrite (Ghostscript)',
        bytes: tool(whiteBox, 'gs', (a, b) => ['-q', '-dNOPAUSE', '-dBATCH', '-sDEVICE=pdfwrite', `-sOutputFile=${b}`, a]),
        edit: { page: 1, x0: 128, y0: 696, x1: 198, y1: 709 },
      });
    if (mutool)
      samples.push({
        name: `rewrite-mutool-${i}`,
        kind: 'tampered',
        technique: 'white box then full rewrite (mutool clean)',
        bytes: tool(whiteBox, 'mutool', (a, b) => ['clean', '-gg', a, b]),
        edit: { page: 1, x0: 128, y0: 696, x1: 198, y1: 709 },
      });
  }
  return samples;
}

/** Writes the corpus to `dir` (for inspection) and returns it. */
export async function writeAccuracyCorpus(dir: string): Promise<Sample[]> {
  mkdirSync(dir, { recursive: true });
  const samples = await accuracyCorpus();
  for (const s of samples) writeFileSync(join(dir, `${s.kind}-${s.name}.pdf`), s.bytes);
  return samples;
}
