// Image metadata: what a picture's own metadata says about its history (`metadata.ts`: editing
// software, XMP edit history, a change after capture, camera data missing), and whether an
// uploaded photo's EXIF thumbnail still shows it. Runs on uploaded pictures and on the JPEG images
// of image-only PDF pages (their findings name the page).
import { thumbnailCorrelation } from '../../../../image/examine-image.js';
import { wasmKernels } from '../../../../image/wasm-kernels.js';
import { type CheckResult, defineCheck, type FindingOf, ran } from '../../../check.js';
import type { PdfCheckContext, Picture, PictureCheckContext } from '../../../contexts.js';
import { indicators, type MetadataFinding } from './indicators.js';
import { imageMetadataFindings } from './metadata.js';

/** A thumbnail that correlates less than this with its picture shows another picture. */
const SAME_PICTURE = 0.8;

/** The EXIF thumbnail of an uploaded picture against its pixels, when both could be read. */
async function thumbnailFinding(ctx: Pick<PictureCheckContext, 'decoder'>, picture: Picture): Promise<MetadataFinding | undefined> {
  const thumbnail = picture.container?.exif?.thumbnail;
  const decoded = picture.decoded;
  if (!thumbnail || !decoded || !ctx.decoder) return undefined;
  // the luma the pixel analysis made, when it ran
  const gray = 'report' in picture.pixels ? picture.pixels.report.gray : wasmKernels.gray(decoded.rgba, decoded.width, decoded.height);
  const correlation = await thumbnailCorrelation(wasmKernels, ctx.decoder, thumbnail, gray).catch(() => undefined);
  return correlation !== undefined && correlation < SAME_PICTURE ? { code: 'exif_thumbnail_mismatch', correlation } : undefined;
}

/** What each picture's container says of its history, and an uploaded photo's thumbnail against it. */
async function metadataOf(ctx: PdfCheckContext | PictureCheckContext): Promise<CheckResult<FindingOf<typeof indicators>>> {
  const pictures = ctx.pictures.filter((p) => p.container);
  if (pictures.length === 0) return {};
  const findings: MetadataFinding[] = [];
  for (const picture of pictures) {
    for (const f of imageMetadataFindings(picture.container!, picture.name)) findings.push(picture.onPage ? { ...f, page: picture.page } : f);
    // a page's image is drawn at the page's size: its thumbnail is not compared
    const thumbnail = picture.onPage ? undefined : await thumbnailFinding(ctx, picture);
    if (thumbnail) findings.push(thumbnail);
  }
  return ran(findings);
}

/** The image-metadata check. */
export const imageMetadata = defineCheck({ name: 'image metadata', subjects: ['pdf', 'image'], order: 200, indicators, run: metadataOf });
