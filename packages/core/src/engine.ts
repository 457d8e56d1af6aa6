// The document engine: sniffs the bytes, opens a PDF with the core's own object model, runs the
// revision engine (structure per save, text diffs through the `PdfText` port), measures capture
// and assembles the spec's Document fields. PNG and JPEG uploads get their file facts and
// `capture: photo`. Failures are `LoupeError`s with stable codes; nothing here touches a platform.
import { md5Hex, sha256Hex } from './digest.js';
import { FileTooLargeError, UnreadableDocumentError, UnsupportedTypeError } from './errors.js';
import { metadataRows } from './document/metadata-rows.js';
import { fontFacts, measureCapture, pdfVersion, xmpFacts } from './document/pdf-facts.js';
import { revisionDiffs, type TextSource, type UnreadRevision } from './document/revision-diffs.js';
import type { Capture, DocumentResult } from './document/types.js';
import type { ParseLimits } from './pdf/limits.js';
import { recoverPages } from './pdf/pages.js';
import { PdfFile } from './pdf/pdf-file.js';
import { analyseRevisions, type RevisionChanges } from './pdf/revision-changes.js';
import { parsePdfDate } from './pdf/text-string.js';
import type { Platform } from './platform.js';
import { sniffFormat } from './sniff.js';

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
}

/** What a caller says about a file besides its bytes. */
export interface ScanInput {
  /** Original file name, for display only: the type always comes from the content. */
  name: string;
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
}

/** The engine bound to a platform. */
export interface Engine {
  /** Scans one document; throws a `LoupeError` when it cannot be analysed. */
  scan(bytes: Uint8Array, input: ScanInput): Promise<DocumentResult>;
  /** Like `scan`, also returning the revision structure. */
  scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail>;
}

/** Creates an engine that reaches the platform through `platform`'s ports. */
export function createEngine(platform: Platform, options: EngineOptions = {}): Engine {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const maxPages = options.maxPages ?? MAX_PAGES;

  async function scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail> {
    if (bytes.length === 0) throw new UnreadableDocumentError('The file is empty.', 'empty_file');
    if (bytes.length > maxFileBytes) {
      throw new FileTooLargeError(`The file is ${bytes.length} bytes; the limit is ${maxFileBytes} bytes.`);
    }
    const format = sniffFormat(bytes);
    if (format === 'png' || format === 'jpg') return { document: scanImage(bytes, input, format) };
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
    const { diffs, unread, readers } =
      revisions.length > 1 ? await revisionDiffs(bytes, revisions, platform.pdf, file, options.textSource) : { diffs: [], unread: [], readers: { core: 0, port: 0 } };
    const latest = revisions[revisions.length - 1]!;
    const fonts = fontFacts(view, pages);
    const xmp = xmpFacts(file, view);
    const capture: Capture | undefined = measureCapture(file, view, pages);
    const version = pdfVersion(file, view);
    const document: DocumentResult = {
      object: 'document',
      status: 'completed',
      file: fileFacts(bytes, input.name, 'pdf', pages.length),
      model: ENGINE_MODEL,
      model_version: ENGINE_VERSION,
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
    return { document: orderFields(document), revisions, unreadRevisions: unread, textReaders: readers };
  }

  return {
    scanDetailed,
    async scan(bytes, input) {
      return (await scanDetailed(bytes, input)).document;
    },
  };
}

function fileFacts(bytes: Uint8Array, name: string, type: 'pdf' | 'png' | 'jpg', pages: number): DocumentResult['file'] {
  return { name, type, pages, size_bytes: bytes.length, sha256: sha256Hex(bytes), md5: md5Hex(bytes) };
}

function scanImage(bytes: Uint8Array, input: ScanInput, type: 'png' | 'jpg'): DocumentResult {
  return orderFields({
    object: 'document',
    status: 'completed',
    file: fileFacts(bytes, input.name, type, 1),
    capture: 'photo',
    model: ENGINE_MODEL,
    model_version: ENGINE_VERSION,
    metadata: metadataRows({ format: type === 'png' ? 'PNG' : 'JPEG', pages: 1, sizeBytes: bytes.length }),
  });
}

const FIELD_ORDER = ['object', 'status', 'file', 'capture', 'model', 'model_version', 'revisions', 'metadata'];

/** Returns the document with its keys in the spec's table order (stable JSON for diffing). */
function orderFields(doc: DocumentResult): DocumentResult {
  const out: Record<string, unknown> = {};
  for (const key of FIELD_ORDER) if (key in doc) out[key] = (doc as unknown as Record<string, unknown>)[key];
  return out as unknown as DocumentResult;
}
