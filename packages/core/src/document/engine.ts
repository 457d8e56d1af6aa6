// The document engine: sniffs the bytes, opens a PDF with the core's own object model, runs the
// revision engine (structure per save, text diffs through the `PdfText` port), measures capture
// and assembles the spec's Document fields. PNG and JPEG uploads get their file facts and
// `capture: photo`. Failures are `LoupeError`s with stable codes; nothing here touches a platform.
import { md5Hex, sha256Hex } from '../digest.js';
import { FileTooLargeError, ModelError, UnreadableDocumentError, UnsupportedTypeError } from '../errors.js';
import { metadataRows } from './metadata-rows.js';
import { PageReader } from './page-reader.js';
import { fontFacts, measureCapture, pdfVersion, xmpFacts } from './pdf-facts.js';
import { revisionDiffs, type TextSource, type UnreadRevision } from './revision-diffs.js';
import { DOCUMENT_FIELD_ORDER, type Capture, type Category, type DocumentResult } from '../spec/document.js';
import type { ParseLimits } from '../pdf/limits.js';
import { recoverPages } from '../pdf/pages.js';
import { PdfFile } from '../pdf/pdf-file.js';
import { analyseRevisions, type RevisionChanges } from '../pdf/revision-changes.js';
import { parsePdfDate } from '../pdf/text-string.js';
import { verifySignatures } from '../forensics/checks/signatures.js';
import { assemble, examinePdf, type Examination } from '../forensics/examine.js';
import type { Digests, Platform, TextItem } from '../platform.js';
import { classifyText, issueDate } from './classify.js';
import { ocrImage, ocrPdfPages } from './ocr-words.js';
import { statementArithmetic } from '../forensics/checks/arithmetic.js';
import { documentTotals } from '../forensics/checks/totals.js';
import type { TableContext } from '../forensics/context.js';
import type { Finding } from '../forensics/findings.js';
import { PdfDict } from '../pdf/objects.js';
import type { PageNode } from '../pdf/pages.js';
import { buildRows, hiddenWords, visibleWords, type Word } from '../tables/rows.js';
import { sniffFormat } from '../sniff.js';
import { readContainer } from '../image/containers.js';
import { exifInstant } from '../image/exif.js';
import { examineImage } from '../image/examine-image.js';
import { examinePageImages } from '../image/page-images.js';
import { genaiHeatmap, loadPatchModel } from '../image/genai-heatmap.js';
import type { LoadedModel } from '../model-loading.js';
import { wasmKernels } from '../image/wasm-kernels.js';

/** Name and release the engine reports in `model` and `model_version`. */
export const ENGINE_MODEL = 'pdf-native-forensics';
export const ENGINE_VERSION = '0.1.0';

/** The spec's file-size limit: 200 MiB. */
export const MAX_FILE_BYTES = 209_715_200;
/** The spec's page limit. */
export const MAX_PAGES = 200;

/** Engine options. */
export interface EngineOptions {
  /** Largest file accepted, in bytes (default: the spec's 200 MiB). */
  maxFileBytes?: number;
  /** Most pages accepted (default: the spec's 200). */
  maxPages?: number;
  /** Parse bounds (see `ParseLimits`). */
  limits?: Partial<ParseLimits>;
  /**
   * Where revision text comes from: `auto` (default) uses the core's interpreter for pages it
   * reads with certainty and the `PdfText` port for the rest; `port` always uses the port.
   */
  textSource?: TextSource;
  /** The time of the analysis (dates in the future are judged against it); default: the clock. */
  now?: () => Date;
}

/** What a caller says about a file besides its bytes. */
export interface ScanInput {
  /** Original file name, for display only: the type always comes from the content. */
  name: string;
  /**
   * Optional models to run besides the document engine (spec `models`): `docforge` adds the
   * GenAI heatmap to photos and scans. Unknown ids are reported in `checksNotRun`.
   */
  models?: readonly string[];
}

/** Everything the engine found, for callers that want more than the Document (CLI, bench). */
export interface ScanDetail {
  document: DocumentResult;
  /** Per-revision structure, for PDFs. */
  revisions?: RevisionChanges[];
  /** Revisions whose text could not be extracted, so their diffs are missing. */
  unreadRevisions?: UnreadRevision[];
  /** How many page pairs the core interpreter and the `PdfText` port read for the diffs. */
  textReaders?: { core: number; port: number };
  /** Checks that could not run on this document, and why. */
  checksNotRun?: { check: string; reason: string }[];
}

/** The engine bound to a platform. */
export interface Engine {
  /** Scans one document; throws a `LoupeError` when it cannot be analysed. */
  scan(bytes: Uint8Array, input: ScanInput): Promise<DocumentResult>;
  /** Releases platform resources (OCR workers). */
  dispose(): Promise<void>;
  /** Like `scan`, also returning the revision structure. */
  scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail>;
}

/** Creates an engine that reaches the platform through `platform`'s ports. */
export function createEngine(platform: Platform, options: EngineOptions = {}): Engine {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const now = options.now ?? (() => new Date());
  const digests = platform.digests ?? pureDigests;
  const maxPages = options.maxPages ?? MAX_PAGES;
  let docforgeModel: Promise<LoadedModel> | undefined;
  /** The docforge model, loaded and verified once per engine. */
  const docforge = (): Promise<LoadedModel> => {
    if (!platform.models || !platform.inference) return Promise.reject(new ModelError('The platform runs no models.', 'model_unavailable'));
    docforgeModel ??= loadPatchModel('docforge', platform.models, platform.inference, 'genai-patch-likelihood');
    return docforgeModel;
  };

  async function scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail> {
    if (bytes.length === 0) throw new UnreadableDocumentError('The file is empty.', 'empty_file');
    if (bytes.length > maxFileBytes) {
      throw new FileTooLargeError(`The file is ${bytes.length} bytes; the limit is ${maxFileBytes} bytes.`);
    }
    const format = sniffFormat(bytes);
    if (format === 'png' || format === 'jpg') return scanImage(bytes, input, format, digests, platform, docforge);
    if (format !== 'pdf') {
      if (format === 'unknown') {
        throw new UnreadableDocumentError('The content matches no known document signature (PDF, PNG or JPEG).', 'unknown_format');
      }
      throw new UnsupportedTypeError(format);
    }
    const file = PdfFile.open(bytes, options.limits ? { limits: options.limits } : {});
    const view = file.view();
    let pages = view.pages();
    if (pages.length === 0) pages = recoverPages(view, maxPages + 1);
    if (pages.length > maxPages) throw new FileTooLargeError(`The PDF has ${pages.length} pages; the limit is ${maxPages}.`);
    if (pages.length === 0) throw new UnreadableDocumentError('The PDF has no readable pages.', 'broken_structure');
    const revisions = analyseRevisions(file);
    const reader = new PageReader(file, view);
    const { diffs, changes, unread, readers, compared } =
      revisions.length > 1
        ? await revisionDiffs(bytes, revisions, platform.pdf, file, options.textSource, reader)
        : { diffs: [], changes: [], unread: [], readers: { core: 0, port: 0 }, compared: new Set<string>() };
    const latest = revisions[revisions.length - 1]!;
    const fonts = fontFacts(view, pages);
    const xmp = xmpFacts(file, view);
    const capture: Capture | undefined = measureCapture(file, view, pages);
    const version = pdfVersion(file, view);
    // pages the interpreter reads give their words; image-only pages go to OCR when the platform has it
    const imageOnly = pages.filter((p) => {
      const paint = reader.read(p)?.paint;
      return paint !== undefined && paint.some((e) => e.kind === 'image') && !paint.some((e) => e.kind === 'text' && e.visible);
    });
    const needsOcr = imageOnly.filter((p) => hiddenWords(reader.read(p)?.paint ?? [], p.number).length === 0);
    const ocrWords = platform.ocr && platform.raster && capture === 'scan' && needsOcr.length > 0
      ? await ocrPdfPages(bytes, needsOcr, platform.raster, platform.ocr)
      : new Map<number, Word[]>();
    // an invisible OCR layer over a page image is that page's text, as OCR produced it
    const layerWords = new Map<number, Word[]>();
    for (const page of imageOnly) {
      const layer = hiddenWords(reader.read(page)?.paint ?? [], page.number);
      if (layer.length > 0) layerWords.set(page.number, layer);
    }
    const words = (page: PageNode): Word[] | undefined => {
      const read = reader.read(page);
      const own = read ? visibleWords(read.paint, page.number) : undefined;
      return own && own.length > 0 ? own : (layerWords.get(page.number) ?? ocrWords.get(page.number) ?? own);
    };
    const text = ocrWords.size > 0 || layerWords.size > 0
      ? pages.slice(0, 3).flatMap((p) => buildRows(words(p) ?? []).map((r) => r.text))
      : await leadingText(bytes, pages.slice(0, 3), reader, platform);
    const category = text.length > 0 ? classifyText(text.join('\n')) : undefined;
    const signatureChecks = platform.signatures ? await verifySignatures(bytes, view, platform.signatures) : undefined;
    const pageImages = imageOnly.length > 0
      ? await examinePageImages(file, imageOnly.map((page) => ({ page, paint: reader.read(page)?.paint ?? [] })), platform.images)
      : undefined;
    const examination = examinePdf(
      {
        file, view, pages, reader, revisions, textChanges: changes, textCompared: compared, unreadRevisions: unread, xmp, now: now(),
        category: category ?? 'other',
        words,
        fromOcr: (page) => ocrWords.has(page) || layerWords.has(page),
        ...(signatureChecks ? { signatureChecks } : {}),
      },
      {
        examined: capture === 'native_pdf',
        reasonCodes: capture === 'scan' ? ['image_only_pages'] : ['no_readable_content'],
        pageCount: pages.length,
        revisionCount: revisions.length,
      },
      pageImages,
    );
    const document: DocumentResult = {
      object: 'document',
      status: 'completed',
      file: fileFacts(bytes, input.name, 'pdf', pages.length, digests),
      model: ENGINE_MODEL,
      model_version: ENGINE_VERSION,
      ...verdictFields(examination),
      ...(category ? { category } : {}),
      revisions: { count: revisions.length, diffs },
      metadata: metadataRows({
        format: version ? `PDF ${version}` : 'PDF',
        pages: pages.length,
        sizeBytes: bytes.length,
        producer: latest.info.producer ?? xmp.producer,
        creator: latest.info.creator ?? xmp.creatorTool,
        created: latest.info.created ?? parsePdfDate(xmp.createDate?.replace(/[-:T]/g, '')),
        modified: latest.info.modified ?? parsePdfDate(xmp.modifyDate?.replace(/[-:T]/g, '')),
        incrementalRevisions: revisions.length - 1,
        fonts,
        xmp: xmp.present,
      }),
    };
    if (capture) document.capture = capture;
    const printed = issueDate(text);
    if (printed) document.issue_date = printed;
    return { document: orderFields(document), revisions, unreadRevisions: unread, textReaders: readers, checksNotRun: examination.notRun };
  }

  return {
    scanDetailed,
    async dispose() {
      await platform.ocr?.dispose?.();
    },
    async scan(bytes, input) {
      return (await scanDetailed(bytes, input)).document;
    },
  };
}

const pureDigests: Digests = { sha256: sha256Hex, md5: md5Hex };

function fileFacts(bytes: Uint8Array, name: string, type: 'pdf' | 'png' | 'jpg', pages: number, digests: Digests): DocumentResult['file'] {
  return { name, type, pages, size_bytes: bytes.length, sha256: digests.sha256(bytes), md5: digests.md5(bytes) };
}

/**
 * A PNG or JPEG upload: its metadata and pixels examined (`examineImage`), its text read by OCR
 * when the platform has it and the arithmetic of what it shows checked. A photo with nothing
 * reaching SUSPICIOUS is INSUFFICIENT_EVIDENCE.
 */
async function scanImage(bytes: Uint8Array, input: ScanInput, type: 'png' | 'jpg', digests: Digests, platform: Platform, docforge: () => Promise<LoadedModel>): Promise<ScanDetail> {
  const container = readContainer(bytes, type);
  const size = { width: container.width ?? 0, height: container.height ?? 0 };
  const page: PageNode = { number: 1, objNum: -1, dict: new PdfDict(), resources: undefined, mediaBox: [0, 0, size.width, size.height], cropBox: [0, 0, size.width, size.height], rotate: 0 };
  const image = await examineImage(bytes, container, input.name, platform.images);
  const findings: Finding[] = [...image.findings];
  const ran = [...image.ran];
  const notRun = [...image.notRun];
  let heatmap: number[][] | undefined;
  for (const id of input.models ?? []) {
    if (id !== 'docforge') {
      if (id !== ENGINE_MODEL) notRun.push({ check: `model ${id}`, reason: 'no such model (known: docforge)' });
      continue;
    }
    if (!image.report) {
      notRun.push({ check: 'GenAI heatmap', reason: 'the image pixels were not analysed' });
      continue;
    }
    try {
      const result = await genaiHeatmap(wasmKernels, image.report.gray, await docforge());
      heatmap = result.heatmap;
      if (result.finding) findings.push(result.finding);
      ran.push('GenAI heatmap');
    } catch (error) {
      notRun.push({ check: 'GenAI heatmap', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  let category: Category | undefined;
  let printed: string | undefined;
  if (platform.ocr) {
    try {
      const read = await ocrImage(bytes, platform.ocr);
      const lines = buildRows(read.words).map((r) => r.text);
      category = lines.length > 0 ? classifyText(lines.join('\n')) : undefined;
      printed = issueDate(lines);
      const table: TableContext = { pages: [page], category: category ?? 'other', words: () => read.words, fromOcr: () => true };
      findings.push(...statementArithmetic(table), ...documentTotals(table));
      ran.push('arithmetic consistency');
    } catch {
      // an image OCR cannot read is judged without its text
    }
  }
  const examination = assemble(findings, ran, notRun, size.width > 0 ? [page] : [], { examined: false, reasonCodes: ['photo_upload'], pageCount: 1, revisionCount: 1 });
  const document = orderFields({
    ...(category ? { category } : {}),
    ...(printed ? { issue_date: printed } : {}),
    object: 'document',
    status: 'completed',
    file: fileFacts(bytes, input.name, type, 1, digests),
    capture: 'photo',
    model: ENGINE_MODEL,
    model_version: ENGINE_VERSION,
    ...verdictFields(examination),
    metadata: metadataRows({
      format: type === 'png' ? 'PNG' : 'JPEG',
      pages: 1,
      sizeBytes: bytes.length,
      producer: container.exif?.software ?? container.text.get('Software'),
      creator: [container.exif?.make, container.exif?.model].filter(Boolean).join(' ') || undefined,
      created: exifInstant(container.exif?.originalDate),
      modified: exifInstant(container.exif?.modifyDate) ?? container.pngTime,
      xmp: container.xmp !== undefined,
    }),
    ...(heatmap ? { genai_heatmap: heatmap } : {}),
  });
  return { document, checksNotRun: examination.notRun };
}

/** The Document's verdict fields from an examination (the deprecated twin included). */
function verdictFields(e: Examination): Omit<DocumentResult, 'object' | 'status' | 'file' | 'capture' | 'model' | 'model_version' | 'revisions' | 'metadata'> {
  const { notRun: _notRun, ...fields } = e;
  return { ...fields, verifi_eligible: e.recapture_eligible };
}

/**
 * The text lines of the first pages: the core interpreter's reads, and the `PdfText` port for the
 * pages it declines (a port failure leaves those pages out).
 */
async function leadingText(bytes: Uint8Array, pages: PageNode[], reader: PageReader, platform: Platform): Promise<string[]> {
  const items: { page: number; items: TextItem[] }[] = [];
  const declined: number[] = [];
  for (const page of pages) {
    const read = reader.read(page);
    if (read) items.push({ page: page.number, items: read.text.items });
    else declined.push(page.number);
  }
  if (declined.length > 0) {
    try {
      for (const t of await platform.pdf.extract(bytes, declined)) items.push({ page: t.page, items: t.items });
    } catch {
      // unreadable by the port too: those pages give no text
    }
  }
  items.sort((a, b) => a.page - b.page);
  const lines: string[] = [];
  for (const { page, items: list } of items) {
    const words: Word[] = list.filter((i) => i.str.trim()).map((i) => ({ text: i.str.trim(), page, x0: i.x, y0: i.y, x1: i.x + i.width, y1: i.y + (i.height || 10) }));
    for (const row of buildRows(words)) lines.push(row.text);
  }
  return lines;
}

/** Returns the document with its keys in the spec's table order (stable JSON for diffing). */
function orderFields(doc: DocumentResult): DocumentResult {
  const out: Record<string, unknown> = {};
  for (const key of DOCUMENT_FIELD_ORDER) if (key in doc) out[key] = (doc as unknown as Record<string, unknown>)[key];
  return out as unknown as DocumentResult;
}
