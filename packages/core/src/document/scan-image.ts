// A PNG or JPEG upload as named stages over one scan context: read (what the container says),
// examine (metadata and pixels; the docforge heatmap when asked for), words (OCR and the
// arithmetic of what the picture shows, when the platform reads text), assemble (the Document).
// The picture is one page frame of its own pixel size. A photo with nothing reaching SUSPICIOUS
// is INSUFFICIENT_EVIDENCE.

import { exifInstant } from '../containers/exif.js';
import { type ImageContainer, readContainer } from '../containers/image-container.js';
import { statementArithmetic } from '../forensics/checks/arithmetic.js';
import { figureGlyphFindings } from '../forensics/checks/figure-glyphs.js';
import { documentTotals } from '../forensics/checks/totals.js';
import type { TableContext } from '../forensics/context.js';
import { assemble } from '../forensics/examine.js';
import type { Finding, PageFrame } from '../forensics/findings.js';
import { examineImage } from '../image/examine-image.js';
import { genaiHeatmap } from '../image/genai-heatmap.js';
import type { Plane } from '../image/kernels.js';
import { wasmKernels } from '../image/wasm-kernels.js';
import type { Category } from '../spec/document.js';
import { buildRows } from '../tables/rows.js';
import { classifyText, issueDate } from './classify.js';
import { ENGINE_MODEL, ENGINE_VERSION } from './constants.js';
import { metadataRows } from './metadata-rows.js';
import { ocrImage } from './ocr-words.js';
import type { ScanContext, ScanDetail } from './scan-context.js';
import { fileFacts, orderFields, verdictFields } from './stages/assemble.js';

type NotRun = { check: string; reason: string };

/** What the image checks found, with the checks that ran and those that could not. */
interface ImageExamination {
  findings: Finding[];
  ran: string[];
  notRun: NotRun[];
  heatmap?: number[][];
  /** The docforge model's manifest version, when its heatmap ran. */
  heatmapModelVersion?: string;
  /** The picture's grey plane, when its pixels were decoded. */
  gray?: Plane;
}

/** Examine: metadata and pixels, then the models the caller asked for (docforge). */
async function examineImageDocument(scan: ScanContext, container: ImageContainer): Promise<ImageExamination> {
  const image = await examineImage(scan.bytes, container, scan.input.name, scan.platform.images);
  const out: ImageExamination = {
    findings: [...image.findings],
    ran: [...image.ran],
    notRun: [...image.notRun],
    ...(image.report ? { gray: image.report.gray } : {}),
  };
  for (const id of scan.input.models ?? []) {
    if (id !== 'docforge') {
      if (id !== ENGINE_MODEL) out.notRun.push({ check: `model ${id}`, reason: 'no such model (known: docforge)' });
      continue;
    }
    if (!image.report) {
      out.notRun.push({ check: 'GenAI heatmap', reason: 'the image pixels were not analysed' });
      continue;
    }
    try {
      const model = await scan.settings.docforge();
      const result = await genaiHeatmap(wasmKernels, image.report.gray, model);
      out.heatmap = result.heatmap;
      out.heatmapModelVersion = model.manifest.version;
      if (result.finding) out.findings.push(result.finding);
      out.ran.push('GenAI heatmap');
    } catch (error) {
      out.notRun.push({ check: 'GenAI heatmap', reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return out;
}

/** Words: OCR of the picture, its class and printed date, and the arithmetic of its tables (added to `exam`). */
async function readImageWords(
  scan: ScanContext,
  page: PageFrame,
  exam: ImageExamination,
): Promise<{ category?: Category; issueDate?: string; lines?: string[] }> {
  if (!scan.platform.ocr) return {};
  try {
    const read = await ocrImage(scan.bytes, scan.platform.ocr, exam.gray);
    const lines = buildRows(read.words).map((r) => r.text);
    const category = lines.length > 0 ? classifyText(lines.join('\n')) : undefined;
    const printed = issueDate(lines);
    const table: TableContext = { pages: [page], category: category ?? 'other', words: () => read.words, fromOcr: () => true };
    exam.findings.push(...statementArithmetic(table), ...documentTotals(table), ...figureGlyphFindings(table));
    exam.ran.push('arithmetic consistency', 'typesetting consistency');
    return { ...(category ? { category } : {}), ...(printed ? { issueDate: printed } : {}), lines };
  } catch {
    return {}; // an image OCR cannot read is judged without its text
  }
}

/** Scans a PNG or JPEG document. */
export async function scanImage(scan: ScanContext, type: 'png' | 'jpg'): Promise<ScanDetail> {
  const container = readContainer(scan.bytes, type);
  const width = container.width ?? 0;
  const height = container.height ?? 0;
  const page: PageFrame = { number: 1, cropBox: [0, 0, width, height], rotate: 0 };
  const exam = await examineImageDocument(scan, container);
  const words = await readImageWords(scan, page, exam);
  const examination = assemble(exam.findings, exam.ran, exam.notRun, width > 0 ? [page] : [], {
    examined: false,
    reasonCodes: ['photo_upload'],
    pageCount: 1,
    revisionCount: 1,
  });
  const document = orderFields({
    ...(words.category ? { category: words.category } : {}),
    ...(words.issueDate ? { issue_date: words.issueDate } : {}),
    object: 'document',
    status: 'completed',
    file: fileFacts(scan, type, 1),
    capture: 'photo',
    // the docforge model scored the pixels when it ran, so the Document names it (the engine's checks ran too)
    model: exam.heatmap ? 'docforge' : ENGINE_MODEL,
    model_version: exam.heatmapModelVersion ?? ENGINE_VERSION,
    ...verdictFields(examination),
    metadata: metadataRows({
      format: type === 'png' ? 'PNG' : 'JPEG',
      pages: 1,
      sizeBytes: scan.bytes.length,
      producer: container.exif?.software ?? container.text.get('Software'),
      creator: [container.exif?.make, container.exif?.model].filter(Boolean).join(' ') || undefined,
      created: exifInstant(container.exif?.originalDate),
      modified: exifInstant(container.exif?.modifyDate) ?? container.pngTime,
      xmp: container.xmp !== undefined,
    }),
    ...(exam.heatmap ? { genai_heatmap: exam.heatmap } : {}),
  });
  return { document, checksNotRun: examination.notRun, ...(words.lines ? { text: words.lines } : {}) };
}
