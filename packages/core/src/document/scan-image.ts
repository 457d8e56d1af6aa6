// A PNG or JPEG upload as named stages over one scan context: read (what the container says), the
// picture (its pixels decoded and analysed, or why not), the models the caller asked for
// (docforge's heatmap), words (OCR, the class and printed date of what the picture shows), then
// every check of a picture over one check context, and the Document. The picture is one page frame
// of its own pixel size. A photo with nothing reaching SUSPICIOUS is INSUFFICIENT_EVIDENCE.

import { exifInstant } from '../containers/exif.js';
import { type ImageContainer, readContainer } from '../containers/image-container.js';
import { defined } from '../defined.js';
import type { HeatmapReading, Picture, PictureCheckContext } from '../forensics/contexts.js';
import { examine, type NotRun } from '../forensics/examine.js';
import type { PageBox, PageFrame } from '../forensics/findings.js';
import { analysePicture, MAX_DECODE_PIXELS } from '../image/examine-image.js';
import { genaiHeatmap } from '../image/genai-heatmap.js';
import type { PixelBox } from '../image/pixel-forensics.js';
import { wasmKernels } from '../image/wasm-kernels.js';
import type { DecodedImage } from '../platform.js';
import type { Category } from '../spec/document.js';
import { buildRows, type Word } from '../tables/rows.js';
import { classifyText, issueDate } from './classify.js';
import { ENGINE_MODEL, ENGINE_VERSION } from './constants.js';
import { metadataRows } from './metadata-rows.js';
import { ocrImage } from './ocr-words.js';
import type { ScanContext, ScanDetail } from './scan-context.js';
import { fileFacts, orderFields, verdictFields } from './stages/assemble.js';

/** A pixel box as a page box on an image page of the given size (user space: origin bottom-left). */
function pixelToPageBox(box: PixelBox, width: number, height: number): PageBox {
  const clampX = (v: number): number => Math.min(width, Math.max(0, v));
  const clampY = (v: number): number => Math.min(height, Math.max(0, v));
  return { page: 1, x0: clampX(box.x0), y0: height - clampY(box.y1), x1: clampX(box.x1), y1: height - clampY(box.y0) };
}

/** The uploaded picture: its container, its pixels decoded and analysed, or why they could not be. */
async function uploadPicture(scan: ScanContext, container: ImageContainer): Promise<Picture> {
  const width = container.width ?? 0;
  const height = container.height ?? 0;
  const luma = container.format === 'jpg' ? container.quantTables.get(container.componentTables[0] ?? 0) : undefined;
  const picture = { page: 1, onPage: false, name: scan.input.name, container, ...defined({ luma }) };
  const unread = (notAnalysed: string): Picture => ({ ...picture, pixels: { notAnalysed }, toPage: (b) => pixelToPageBox(b, width, height) });
  const decoder = scan.platform.images;
  if (!decoder) return unread('the platform decodes no images');
  // a decoder is never handed bytes whose header it cannot size (native decoders crash on some)
  if (width * height === 0) return unread('the header declares no image size');
  if (width * height > MAX_DECODE_PIXELS)
    return unread(`the header declares ${((width * height) / 1e6).toFixed(0)} megapixels; the limit is ${MAX_DECODE_PIXELS / 1e6}`);
  let decoded: DecodedImage;
  try {
    decoded = await decoder.decode(scan.bytes);
  } catch (error) {
    return unread(`the pixels could not be decoded: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { ...picture, decoded, pixels: analysePicture(decoded, luma), toPage: (b) => pixelToPageBox(b, decoded.width, decoded.height) };
}

/** The models the caller asked for: docforge's heatmap rows and reading; other ids are named as not run. */
async function askedModels(
  scan: ScanContext,
  picture: Picture,
): Promise<{ rows?: number[][]; version?: string; reading?: HeatmapReading | { notRun: string }; notRun: NotRun[] }> {
  const out: Awaited<ReturnType<typeof askedModels>> = { notRun: [] };
  for (const id of scan.input.models ?? []) {
    if (id !== 'docforge') {
      if (id !== ENGINE_MODEL) out.notRun.push({ check: `model ${id}`, reason: 'no such model (known: docforge)' });
      continue;
    }
    if (!('report' in picture.pixels)) {
      out.reading = { notRun: 'the image pixels were not analysed' };
      continue;
    }
    try {
      const model = await scan.settings.docforge();
      const { heatmap, areas, flagged, patches } = await genaiHeatmap(wasmKernels, picture.pixels.report.gray, model);
      Object.assign(out, { rows: heatmap, version: model.manifest.version, reading: { areas, flagged, patches } });
    } catch (error) {
      out.reading = { notRun: error instanceof Error ? error.message : String(error) };
    }
  }
  return out;
}

/** Words: OCR of the picture, its class and printed date; undefined words when the platform reads no text or OCR failed. */
async function readImageWords(scan: ScanContext, picture: Picture): Promise<{ words?: Word[]; category?: Category; issueDate?: string; lines?: string[] }> {
  if (!scan.platform.ocr) return {};
  try {
    const read = await ocrImage(scan.bytes, scan.platform.ocr, 'report' in picture.pixels ? picture.pixels.report.gray : undefined);
    const lines = buildRows(read.words).map((r) => r.text);
    const category = lines.length > 0 ? classifyText(lines.join('\n')) : undefined;
    return { words: read.words, ...defined({ category, issueDate: issueDate(lines) }), lines };
  } catch {
    return {}; // an image OCR cannot read is judged without its text
  }
}

/** Scans a PNG or JPEG document. */
export async function scanImage(scan: ScanContext, type: 'png' | 'jpg'): Promise<ScanDetail> {
  const container = readContainer(scan.bytes, type);
  const page: PageFrame = { number: 1, cropBox: [0, 0, container.width ?? 0, container.height ?? 0], rotate: 0 };
  const picture = await uploadPicture(scan, container);
  const models = await askedModels(scan, picture);
  const read = await readImageWords(scan, picture);
  const ctx: PictureCheckContext = {
    subject: 'image',
    pages: [page],
    category: read.category ?? 'other',
    words: () => read.words,
    fromOcr: () => true,
    pictures: [picture],
    ...defined({ decoder: scan.platform.images, heatmap: models.reading }),
  };
  const overBudget = (container.width ?? 0) * (container.height ?? 0) > MAX_DECODE_PIXELS;
  const examination = await examine(
    ctx,
    {
      examined: false,
      reasonCodes: overBudget ? ['photo_upload', 'budget_exceeded'] : ['photo_upload'],
      ...(overBudget ? { notExaminedBecause: `its header declares more than the ${MAX_DECODE_PIXELS / 1e6}-megapixel decoding budget` } : {}),
      pageCount: 1,
      revisionCount: 1,
    },
    models.notRun,
  );
  const document = orderFields({
    ...defined({ category: read.category, issue_date: read.issueDate }),
    object: 'document',
    status: 'completed',
    file: fileFacts(scan, type, 1),
    capture: 'photo',
    // the docforge model scored the pixels when it ran, so the Document names it (the engine's checks ran too)
    model: models.rows ? 'docforge' : ENGINE_MODEL,
    model_version: models.version ?? ENGINE_VERSION,
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
    ...defined({ genai_heatmap: models.rows }),
  });
  return { document, checksNotRun: examination.notRun, evidence: examination.evidence, ...defined({ text: read.lines }) };
}
