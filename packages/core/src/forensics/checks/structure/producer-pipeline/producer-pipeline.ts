// Producer pipeline: which software made and touched the file, from the Producer and Creator of
// every revision and the XMP packet — online editors, desktop PDF editors, libraries rewriting
// another application's output, Ghostscript re-distillation, a producer that changes between
// saves, Info/XMP disagreement — and a first save not written the way its named producer writes
// (its fingerprint, `fingerprint.ts`), or pages of one save written two ways (`pages-apart.ts`).
import { startsWithAscii } from '../../../../bytes.js';
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import { firstSavePages } from '../../../readers/content-syntax.js';
import { headerMarked } from '../../../readers/file-writer.js';
import copy from './copy.json' with { type: 'json' };
import { BROKEN_HABITS, type BrokenHabit, brokenHabits, CONTENT_HABITS, fingerprintOf, type Habit, habitsOf } from './fingerprint.js';
import { type PagesApart, pagesWrittenApart } from './pages-apart.js';

/** What each writing habit is, in words. */
const HABIT_WORDS: Record<Habit, string> = {
  mark: 'the comment after the header',
  xref: 'the cross-reference form',
  id: 'a document ID in the trailer',
  order: 'the order of the objects',
  afterObj: 'the white space after "obj"',
  afterDictOpen: 'the white space after "<<"',
  typeValue: 'the white space between /Type and its value',
  streamEol: 'the end of line after "stream"',
  beforeEndstream: 'the white space before "endstream"',
  opsPerLine: 'instructions to a line',
  arraySpace: "a text array's brackets",
  hexCase: 'the case of hex strings',
  strings: 'the strings text is shown in',
};

/** "Page 2" or "Pages 1, 3". */
const pageList = (pages: readonly number[]): string => `${pages.length > 1 ? 'Pages' : 'Page'} ${pages.join(', ')}`;

/** Pages of one save written two ways, in words: which pages another program wrote again, or (as many pages each way) that one way is another program's. */
function pagesApartInWords(f: PagesApart): string {
  const ways = f.split.map((s) => `${HABIT_WORDS[s.trait]}: ${s.apart} against ${s.others}`).join('; ');
  if (f.pages.length === f.others.length)
    return `${pageList([...f.pages, ...f.others].sort((a, b) => a - b))} of the first save use the same fonts but are written two ways (${ways}): other software parsed the pages of one way and wrote them again.`;
  const many = f.pages.length > 1;
  return `${pageList(f.pages)} of the first save ${many ? 'are' : 'is'} written another way than ${pageList(f.others).toLowerCase()}, which use${f.others.length > 1 ? '' : 's'} the same fonts (${ways}): other software parsed ${many ? 'those pages' : 'that page'} and wrote ${many ? 'them' : 'it'} again.`;
}

/** The habits broken, in words. */
const brokenInWords = (broken: readonly BrokenHabit[]): string =>
  broken.map((b) => `${HABIT_WORDS[b.trait]}${b.page ? ` on page ${b.page}` : ''}: ${b.file} (the producer writes ${b.habit})`).join('; ');

const indicators = {
  producer_online_editor: indicator<{ named: string }>(copy.producer_online_editor, 'tooling', (f) => `The file names the online editor "${f.named}".`),
  producer_pdf_editor: indicator<{ named: string } | { creator: string; producer: string }>(copy.producer_pdf_editor, 'tooling', (f) =>
    'named' in f
      ? `The file was saved by the PDF editor "${f.named}".`
      : `The file was saved by LibreOffice Draw, LibreOffice's PDF editor (Creator "${f.creator}", Producer "${f.producer}").`,
  ),
  producer_library_rewrite: indicator<{ library: string; creator: string } | { writer: string; named: string }>(
    copy.producer_library_rewrite,
    'tooling',
    (f) =>
      'library' in f
        ? `The library "${f.library}" rewrote a document made by "${f.creator}".`
        : `${f.writer} wrote the whole file (the mark after its header) although its metadata names "${f.named}" as the producer.`,
  ),
  producer_redistilled: indicator<{ producer: string; creator: string }>(
    copy.producer_redistilled,
    'tooling',
    (f) => `Ghostscript ("${f.producer}") rewrote a document made by "${f.creator}".`,
  ),
  producer_changed_between_revisions: indicator<{ revision: number; producer: string; before: string }>(
    copy.producer_changed_between_revisions,
    'tooling',
    (f) => `Revision ${f.revision} was saved by "${f.producer}"; the revision before by "${f.before}".`,
  ),
  metadata_rewritten_by_tool: indicator<{ toolkit: string }>(
    copy.metadata_rewritten_by_tool,
    'tooling',
    (f) => `The XMP metadata was written by "${f.toolkit}".`,
  ),
  producer_claim_rewritten: indicator<{ revision: number; producer: string; before: string; writer: string }>(
    copy.producer_claim_rewritten,
    'provenance',
    (f) =>
      `Revision ${f.revision} names "${f.producer}" as the producer (the revision before, "${f.before}"), but ${f.writer} wrote that save and it changed no page: the producer was set by hand.`,
  ),
  producer_fingerprint_mismatch: indicator<{ producer: string; files: number; broken: BrokenHabit[] }>(
    copy.producer_fingerprint_mismatch,
    'provenance',
    (f) =>
      `The file names "${f.producer}" as its producer but is not written the way ${f.files} genuine files of that producer are: ${brokenInWords(f.broken)}.`,
  ),
  content_stream_rewritten: indicator<{ producer: string; files: number; broken: BrokenHabit[] } | PagesApart>(copy.content_stream_rewritten, 'content', (f) =>
    'pages' in f
      ? pagesApartInWords(f)
      : `The pages' drawing instructions are not written the way ${f.files} genuine files of "${f.producer}" write theirs (${brokenInWords(f.broken)}): other software parsed them and wrote them again.`,
  ),
  producer_metadata_mismatch: indicator<{ info: string; xmp: string }>(
    copy.producer_metadata_mismatch,
    'tooling',
    (f) => `Info names the producer "${f.info}", XMP "${f.xmp}".`,
  ),
};

/** Online editing services (matched case-insensitively as words). */
export const ONLINE_EDITORS = [
  'sejda',
  'ilovepdf',
  'smallpdf',
  'pdfescape',
  'pdf2go',
  'pdffiller',
  'pdf filler',
  'docfly',
  'pdfcandy',
  'pdf candy',
  'sodapdf',
  'soda pdf',
  'formswift',
  'pdfsimpli',
  'dochub',
  'pdf.online',
  'online2pdf',
  'hipdf',
  'lightpdf',
  'pdfzorro',
  'pdfbuddy',
  'canva',
];
/** Desktop PDF editors. */
export const PDF_EDITORS = [
  'acrobat pro',
  'acrobat standard',
  'adobe acrobat',
  'phantompdf',
  'foxit pdf editor',
  'nitro',
  'pdf-xchange',
  'pdfelement',
  'wondershare',
  'able2extract',
  'master pdf editor',
  'inkscape',
  'pdf studio',
  'pdfpen',
  'pdf expert',
  'libreoffice draw',
  'qoppa',
  'infix',
];
/** The Creator LibreOffice and OpenOffice write when Draw, their PDF editor, exports, */
const DRAW = /^((libre|open)office(\.org)?\s+)?draw$/i;
/** and their Producer. */
const OFFICE = /(libre|open)office/i;
/** Programming libraries that save PDFs. */
export const LIBRARIES = ['pdf-lib', 'itext', 'pypdf', 'pypdf2', 'pikepdf', 'qpdf', 'mupdf', 'pdfbox', 'pdfsharp', 'tcpdf', 'fpdf', 'hummus', 'pdfkit'];

const has = (text: string, words: readonly string[]): string | undefined => {
  const t = text.toLowerCase();
  return words.find((w) => new RegExp(`(^|[^a-z0-9])${w.replace(/[.+]/g, '\\$&')}([^a-z0-9]|$)`).test(t));
};

/** XMP toolkits of metadata editors (the XMP of PDF producers names Adobe XMP Core and the like). */
const METADATA_EDITORS = /exiftool|exiv2|hachoir|metadata\+\+|pdftk/i;

/** The mark ExifTool opens the incremental update it appends to a PDF with. */
const EXIFTOOL_UPDATE = '%BeginExifToolUpdate';

/** Whether `data[from, to)` holds the ASCII `mark`. */
function holds(data: Uint8Array, mark: string, from: number, to: number): boolean {
  for (let i = Math.max(0, from); i + mark.length <= Math.min(to, data.length); i++) if (startsWithAscii(data, i, mark)) return true;
  return false;
}

/**
 * The metadata editor that wrote save `index` (0-based), when the save says so: ExifTool's update
 * mark in its bytes (it follows the `%%EOF` of the save before, so the search starts a line
 * early), or, for the last save, the XMP packet's toolkit.
 */
function metadataEditorOf(ctx: PdfCheckContext, index: number): string | undefined {
  const save = ctx.revisions[index]!;
  if (holds(ctx.file.data, EXIFTOOL_UPDATE, save.start - 32, save.end)) return 'ExifTool';
  const last = index === ctx.revisions.length - 1;
  return last && ctx.xmp.toolkit && METADATA_EDITORS.test(ctx.xmp.toolkit) ? ctx.xmp.toolkit : undefined;
}

/** A tool's name without version numbers, for comparing producers across saves. */
const family = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[\d.()_,;:/-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .slice(0, 2)
    .join(' ');

/**
 * Libraries that write a whole file and keep the Producer it had, known by the binary comment
 * they put on the line after the header (checked against the tools' own output).
 */
const KEEPING_WRITERS: readonly { writer: string; names: RegExp; mark: readonly number[] }[] = [
  { writer: 'qpdf (or pikepdf, which is built on it)', names: /qpdf|pikepdf/i, mark: [0xbf, 0xf7, 0xa2, 0xfe] },
  { writer: 'MuPDF (or PyMuPDF)', names: /mupdf|fitz/i, mark: [0xc2, 0xb5, 0xc2, 0xb6] },
];

/** The library that wrote the whole file, by the comment after its header, when it is one that keeps the Producer. */
const keepingWriter = (data: Uint8Array): (typeof KEEPING_WRITERS)[number] | undefined => KEEPING_WRITERS.find((w) => headerMarked(data, w.mark));

/** What the Producer, Creator and XMP of every revision say of the software that made and touched the file. */
function pipelineOf(ctx: PdfCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const findings: FindingOf<typeof indicators>[] = [];
  const strings = new Set<string>();
  for (const r of ctx.revisions) {
    if (r.info.producer) strings.add(r.info.producer);
    if (r.info.creator) strings.add(r.info.creator);
  }
  if (ctx.xmp.producer) strings.add(ctx.xmp.producer);
  if (ctx.xmp.creatorTool) strings.add(ctx.xmp.creatorTool);
  const reported = new Set<string>();
  for (const s of strings) {
    const online = has(s, ONLINE_EDITORS);
    if (online && !reported.has(online)) {
      reported.add(online);
      findings.push({ code: 'producer_online_editor', named: s });
      continue;
    }
    const editor = has(s, PDF_EDITORS);
    if (editor && !reported.has(editor)) {
      reported.add(editor);
      findings.push({ code: 'producer_pdf_editor', named: s });
    }
  }
  // LibreOffice's PDF editor: a PDF opened in Draw and exported names "Draw" as its Creator
  const draw = ctx.revisions.find((r) => DRAW.test(r.info.creator?.trim() ?? '') && OFFICE.test(r.info.producer ?? ''));
  if (draw && !reported.has('libreoffice draw')) findings.push({ code: 'producer_pdf_editor', creator: draw.info.creator!, producer: draw.info.producer! });
  const latest = ctx.revisions[ctx.revisions.length - 1]!.info;
  const first = ctx.revisions[0]!.info;
  const producer = latest.producer ?? '';
  const creator = latest.creator ?? first.creator ?? '';
  if (producer && creator && family(producer) !== family(creator) && !has(creator, LIBRARIES) && !/ghostscript/i.test(creator)) {
    if (/ghostscript/i.test(producer)) findings.push({ code: 'producer_redistilled', producer, creator });
    else if (has(producer, LIBRARIES) && !/pdf-lib|reportlab/i.test(creator)) findings.push({ code: 'producer_library_rewrite', library: producer, creator });
  }
  const writer = keepingWriter(ctx.file.data);
  const named = first.producer ?? '';
  if (writer && named && !writer.names.test(named) && !findings.some((f) => f.code === 'producer_library_rewrite'))
    findings.push({ code: 'producer_library_rewrite', writer: writer.writer, named });
  // a first save that names a producer but is not written like it: the file (unless a library named
  // by its mark wrote it, said above), and its pages' content (which a re-save keeps as it was)
  const fingerprint = named ? fingerprintOf(named) : undefined;
  // the first save's pages, each decoded once for both readings of its content below
  const firstPages = firstSavePages(ctx.file);
  const habits = fingerprint && habitsOf(ctx.file, firstPages);
  const broken = fingerprint && habits ? brokenHabits(fingerprint, habits) : [];
  if (broken.length >= BROKEN_HABITS) {
    const ofFile = broken.filter((b) => !CONTENT_HABITS.has(b.trait));
    const ofContent = broken.filter((b) => CONTENT_HABITS.has(b.trait));
    if (!writer && ofFile.length >= BROKEN_HABITS)
      findings.push({ code: 'producer_fingerprint_mismatch', producer: named, files: fingerprint!.files, broken: ofFile });
    if (ofContent.length > 0) findings.push({ code: 'content_stream_rewritten', producer: named, files: fingerprint!.files, broken: ofContent });
  }
  // pages of one save written two ways: no fingerprint needed, the pages a forger left are the witness
  if (!findings.some((f) => f.code === 'content_stream_rewritten')) {
    const apart = pagesWrittenApart(firstPages);
    if (apart) findings.push({ code: 'content_stream_rewritten', ...apart });
  }
  for (let i = 1; i < ctx.revisions.length; i++) {
    const a = ctx.revisions[i - 1]!.info.producer;
    const b = ctx.revisions[i]!.info.producer;
    if (!a || !b || family(a) === family(b)) continue;
    findings.push({ code: 'producer_changed_between_revisions', revision: i + 1, producer: b, before: a });
    // a save that changed no page, written by a metadata editor that names another application: a disguise
    const writer = ctx.revisions[i]!.touchedPages.length === 0 ? metadataEditorOf(ctx, i) : undefined;
    if (writer && family(writer) !== family(b) && !METADATA_EDITORS.test(b))
      findings.push({ code: 'producer_claim_rewritten', revision: i + 1, producer: b, before: a, writer });
  }
  if (ctx.xmp.toolkit && METADATA_EDITORS.test(ctx.xmp.toolkit)) findings.push({ code: 'metadata_rewritten_by_tool', toolkit: ctx.xmp.toolkit });
  if (latest.producer && ctx.xmp.producer && family(latest.producer) !== family(ctx.xmp.producer)) {
    findings.push({ code: 'producer_metadata_mismatch', info: latest.producer, xmp: ctx.xmp.producer });
  }
  return ran(findings);
}

/** The producer-pipeline check. */
export const producerPipeline = defineCheck({ name: 'producer-pipeline match', subjects: ['pdf'], order: 30, indicators, run: pipelineOf });
