// JPEG structure: how a JPEG picture was compressed. A camera photo whose quantisation tables are
// the ones libjpeg writes was saved again by software (read from its tables alone); the DCT
// histograms of a picture compressed twice, and areas that missed its first compression, are read
// from its pixels (`image/pixel-checks/jpeg-compression.ts`). Runs on uploaded JPEGs and on the
// JPEG images of image-only PDF pages.
import type { ImageContainer } from '../../../../containers/image-container.js';
import { matchQuantization } from '../../../../image/quantization.js';
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext, PictureCheckContext } from '../../../contexts.js';
import { cameraData, pagePrefix, placedOn } from '../../../readers/pictures.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  jpeg_software_reencoded: indicator<{ make: string; quality: number }>(
    copy.jpeg_software_reencoded,
    'tooling',
    (f) => `A ${f.make} photo carries standard libjpeg tables at quality ${f.quality}.`,
  ),
  jpeg_double_compressed: indicator<{ page: number; onPage: boolean; frequencies: number; median: number; strong: number }>(
    copy.jpeg_double_compressed,
    'tooling',
    (f) =>
      `${pagePrefix(f)}The DCT histograms of ${f.frequencies} low frequencies depart from a single compression with the file's tables (median departure ${f.median.toFixed(2)}): the image was JPEG-compressed at least twice.`,
  ),
  jpeg_first_compression_missing: indicator<{ page: number; onPage: boolean; areas: number; quality: number }>(
    copy.jpeg_first_compression_missing,
    'content',
    (f) =>
      `${pagePrefix(f)}${f.areas === 1 ? 'One area was' : `${f.areas} areas were`} not part of the image's first JPEG compression (quality about ${f.quality}): error levels at that quality are over four times the page's.`,
  ),
};

type JpegFinding = FindingOf<typeof indicators>;

/** A camera photo carrying the tables libjpeg writes at some quality: software saved it again. */
function reencodedBySoftware(container: ImageContainer, luma: readonly number[]): JpegFinding | undefined {
  if (!cameraData(container)) return undefined;
  const chroma = container.componentTables.length > 1 ? container.quantTables.get(container.componentTables[1]!) : undefined;
  const match = matchQuantization(luma, chroma);
  return match.family === 'ijg' ? { code: 'jpeg_software_reencoded', make: container.exif!.make!, quality: match.quality } : undefined;
}

/** Each JPEG picture's tables and the compression traces its pixels show. */
function compressionOf(ctx: PdfCheckContext | PictureCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const jpegs = ctx.pictures.filter((p) => p.luma);
  if (jpegs.length === 0) return {};
  const findings: JpegFinding[] = [];
  for (const picture of jpegs) {
    const reencoded = picture.container && reencodedBySoftware(picture.container, picture.luma!);
    if (reencoded) findings.push(picture.onPage ? { ...reencoded, page: picture.page } : reencoded);
    if (!('report' in picture.pixels)) continue;
    for (const f of picture.pixels.report.findings) {
      if (f.kind === 'jpeg_double_compressed')
        findings.push({ code: 'jpeg_double_compressed', ...placedOn(picture, f.boxes), frequencies: f.frequencies, median: f.median, strong: f.strong });
      else if (f.kind === 'first_compression_missing')
        findings.push({ code: 'jpeg_first_compression_missing', ...placedOn(picture, f.boxes), areas: f.boxes.length, quality: f.quality });
    }
  }
  return ran(findings);
}

/** The JPEG-structure check. */
export const jpegStructure = defineCheck({ name: 'JPEG structure', subjects: ['pdf', 'image'], order: 220, indicators, run: compressionOf });
