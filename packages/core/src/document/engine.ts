// The document engine: checks the size, sniffs the content and hands the file to its scan — a PDF
// (`scan-pdf.ts`) or a PNG/JPEG upload (`scan-image.ts`), each a sequence of named stages over
// one scan context. Failures are `LoupeError`s with stable codes; nothing here touches a platform
// except through its ports.
import { sniffFormat } from '../containers/sniff.js';
import { defined } from '../defined.js';
import { md5Hex, sha256Hex } from '../digest.js';
import { FileTooLargeError, ModelError, UnreadableDocumentError, UnsupportedTypeError } from '../errors.js';
import type { TextSource } from '../forensics/revision-diffs.js';
import { loadPatchModel } from '../image/genai-heatmap.js';
import type { LoadedModel } from '../model-loading.js';
import { loadFontTables } from '../pdf/fonts/glyphs.js';
import type { ParseLimits } from '../pdf/limits.js';
import type { Digests, Platform } from '../platform.js';
import type { DocumentResult } from '../spec/document.js';
import { loadDecimals } from '../tables/decimal.js';
import { MAX_FILE_BYTES, MAX_PAGES } from './constants.js';
import type { ScanContext, ScanDetail, ScanInput } from './scan-context.js';
import { scanImage } from './scan-image.js';
import { scanPdf } from './scan-pdf.js';

export { ENGINE_MODEL, ENGINE_VERSION, MAX_FILE_BYTES, MAX_PAGES } from './constants.js';
export type { ScanDetail, ScanInput } from './scan-context.js';

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

/** The engine bound to a platform. */
export interface Engine {
  /** Scans one document; throws a `LoupeError` when it cannot be analysed. */
  scan(bytes: Uint8Array, input: ScanInput): Promise<DocumentResult>;
  /** Releases platform resources (OCR workers). */
  dispose(): Promise<void>;
  /** Like `scan`, also returning the revision structure. */
  scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail>;
}

const pureDigests: Digests = { sha256: sha256Hex, md5: md5Hex };

/** Creates an engine that reaches the platform through `platform`'s ports. */
export function createEngine(platform: Platform, options: EngineOptions = {}): Engine {
  const maxFileBytes = options.maxFileBytes ?? MAX_FILE_BYTES;
  const now = options.now ?? (() => new Date());
  const digests = platform.digests ?? pureDigests;
  let docforgeModel: Promise<LoadedModel> | undefined;
  const docforge = (): Promise<LoadedModel> => {
    if (!platform.models || !platform.inference) return Promise.reject(new ModelError('The platform runs no models.', 'model_unavailable'));
    docforgeModel ??= loadPatchModel('docforge', platform.models, platform.inference, 'genai-patch-likelihood');
    return docforgeModel;
  };

  async function scanDetailed(bytes: Uint8Array, input: ScanInput): Promise<ScanDetail> {
    if (bytes.length === 0) throw new UnreadableDocumentError('The file is empty.', 'empty_file');
    if (bytes.length > maxFileBytes) throw new FileTooLargeError(`The file is ${bytes.length} bytes; the limit is ${maxFileBytes} bytes.`);
    const format = sniffFormat(bytes);
    if (format === 'unknown') throw new UnreadableDocumentError('The content matches no known document signature (PDF, PNG or JPEG).', 'unknown_format');
    if (format !== 'pdf' && format !== 'png' && format !== 'jpg') throw new UnsupportedTypeError(format);
    await loadDecimals(); // the arithmetic's mathjs, loaded with the first scan rather than with the core
    const scan: ScanContext = {
      bytes,
      input,
      platform,
      digests,
      settings: {
        maxPages: options.maxPages ?? MAX_PAGES,
        ...defined({ limits: options.limits, textSource: options.textSource }),
        now,
        docforge,
      },
    };
    if (format !== 'pdf') return scanImage(scan, format);
    await loadFontTables(); // read with a PDF's text, not with the core
    return scanPdf(scan);
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
