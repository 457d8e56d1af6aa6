// The image-document examination: metadata findings, then, when the platform decodes pixels,
// the pixel analyses on the WebAssembly kernels and the EXIF thumbnail comparison. Pixel boxes
// become page boxes of a page whose user space is the image in pixels (origin bottom-left), so
// regions come out in percent of the image like every other Region.

import type { ImageContainer } from '../containers/image-container.js';
import type { Finding, PageBox } from '../forensics/findings.js';
import type { IndicatorCode } from '../forensics/indicators.js';
import type { DecodedImage, ImageDecoder } from '../platform.js';
import type { ImageKernels, Plane } from './kernels.js';
import { imageMetadataFindings } from './metadata-check.js';
import { analysePixels, type PixelBox, type PixelFinding, type PixelReport } from './pixel-forensics.js';
import { wasmKernels } from './wasm-kernels.js';

/** Largest image whose pixels are decoded (a decompression-bomb bound): 50 megapixels. */
export const MAX_DECODE_PIXELS = 50_000_000;

/** What the image examination produced. */
export interface ImageExamination {
  findings: Finding[];
  ran: string[];
  notRun: { check: string; reason: string }[];
  /** What the pixel analysis measured (its luma plane feeds the GenAI heatmap). */
  report?: PixelReport;
}

const KIND_CODE: Record<PixelFinding['kind'], IndicatorCode> = {
  noise_inconsistency: 'noise_inconsistency',
  sharpness_inconsistency: 'print_sharper_than_capture',
  jpeg_double_compressed: 'jpeg_double_compressed',
  first_compression_missing: 'jpeg_first_compression_missing',
  copy_move: 'copy_move_detected',
};

/** A pixel box as a page box on an image page of the given height. */
export function pixelToPageBox(box: PixelBox, width: number, height: number): PageBox {
  const clampX = (v: number): number => Math.min(width, Math.max(0, v));
  const clampY = (v: number): number => Math.min(height, Math.max(0, v));
  return { page: 1, x0: clampX(box.x0), y0: height - clampY(box.y1), x1: clampX(box.x1), y1: height - clampY(box.y0) };
}

/** Correlation of the EXIF thumbnail with the image reduced to its size (1: same picture). */
async function thumbnailCorrelation(k: ImageKernels, decoder: ImageDecoder, thumbnail: Uint8Array, gray: Plane): Promise<number | undefined> {
  const thumb = await decoder.decode(thumbnail);
  const aspect = gray.width / gray.height / (thumb.width / thumb.height);
  if (Math.abs(aspect - 1) > 0.05 || thumb.width < 16 || thumb.height < 16) return undefined; // letterboxed or rotated: not comparable
  const a = k.gray(thumb.rgba, thumb.width, thumb.height).data;
  const b = k.resizeArea(gray, thumb.width, thumb.height).data;
  const mean = (v: Float32Array): number => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let ab = 0,
    aa = 0,
    bb = 0;
  for (let i = 0; i < a.length; i++) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return aa > 0 && bb > 0 ? ab / Math.sqrt(aa * bb) : undefined;
}

/** What the pixel checks of one decoded image ran and found (boxes in the image's pixels). */
export interface PixelExamination {
  ran: string[];
  notRun: { check: string; reason: string }[];
  pixelFindings: PixelFinding[];
  report?: PixelReport;
}

/** Pixel checks of decoded pixels; `luma` is the JPEG's luminance table, when JPEG. */
export function examinePixels(image: DecodedImage, luma: readonly number[] | undefined, kernels: ImageKernels = wasmKernels): PixelExamination {
  if (image.width < 64 || image.height < 64) {
    return { ran: [], pixelFindings: [], notRun: [{ check: 'pixel consistency', reason: `${image.width}x${image.height} pixels are too few to analyse` }] };
  }
  const report = analysePixels(kernels, image.rgba, image.width, image.height, luma);
  const ran = ['pixel consistency', ...(luma ? ['JPEG structure'] : [])];
  const notRun: PixelExamination['notRun'] = [];
  if (report.copyMoveSearch === 'full') ran.push('copy-move search');
  else {
    notRun.push({
      check: 'copy-move search',
      reason: Number.isNaN(report.noiseLevel)
        ? `the image has no flat paper to measure its noise on, so copies cannot be told from repeated print${report.copyMoveSearch === 'exact' ? ' (only pixel-for-pixel copies were searched for)' : ''}`
        : `the image has too little sensor noise (${report.noiseLevel.toFixed(2)} grey levels) to tell copies from repeated print`,
    });
  }
  return { ran, notRun, pixelFindings: report.findings, report };
}

/** The indicator of a pixel finding. */
export const pixelFindingCode = (f: PixelFinding): IndicatorCode => KIND_CODE[f.kind];

/** Examines a PNG or JPEG upload. */
export async function examineImage(
  bytes: Uint8Array,
  container: ImageContainer,
  name: string,
  decoder: ImageDecoder | undefined,
  kernels: ImageKernels = wasmKernels,
): Promise<ImageExamination> {
  const out: ImageExamination = { findings: imageMetadataFindings(container, name), ran: ['image metadata'], notRun: [] };
  const pixelCount = (container.width ?? 0) * (container.height ?? 0);
  if (!decoder) {
    out.notRun.push({ check: 'pixel consistency', reason: 'the platform decodes no images' });
    return out;
  }
  if (pixelCount === 0) {
    // a decoder is never handed bytes whose header it cannot size (native decoders crash on some)
    out.notRun.push({ check: 'pixel consistency', reason: 'the header declares no image size' });
    return out;
  }
  if (pixelCount > MAX_DECODE_PIXELS) {
    out.notRun.push({
      check: 'pixel consistency',
      reason: `the header declares ${(pixelCount / 1e6).toFixed(0)} megapixels; the limit is ${MAX_DECODE_PIXELS / 1e6}`,
    });
    return out;
  }
  let image: DecodedImage;
  try {
    image = await decoder.decode(bytes);
  } catch (error) {
    out.notRun.push({ check: 'pixel consistency', reason: `the pixels could not be decoded: ${error instanceof Error ? error.message : String(error)}` });
    return out;
  }
  const luma = container.format === 'jpg' ? container.quantTables.get(container.componentTables[0] ?? 0) : undefined;
  const pixels = examinePixels(image, luma, kernels);
  out.ran.push(...pixels.ran);
  out.notRun.push(...pixels.notRun);
  if (pixels.report) out.report = pixels.report;
  for (const f of pixels.pixelFindings) {
    out.findings.push({
      code: KIND_CODE[f.kind],
      summary: f.summary,
      page: 1,
      confidence: f.confidence,
      boxes: f.boxes.map((b) => pixelToPageBox(b, image.width, image.height)),
    });
  }
  const thumbnail = container.exif?.thumbnail;
  if (thumbnail) {
    // the luma the pixel checks made, when they ran
    const gray = pixels.report?.gray ?? kernels.gray(image.rgba, image.width, image.height);
    const r = await thumbnailCorrelation(kernels, decoder, thumbnail, gray).catch(() => undefined);
    if (r !== undefined && r < 0.8) {
      out.findings.push({
        code: 'exif_thumbnail_mismatch',
        summary: `The EXIF thumbnail correlates only ${r.toFixed(2)} with the image.`,
        confidence: Math.min(0.95, 0.6 + (0.8 - r)),
      });
    }
  }
  return out;
}
