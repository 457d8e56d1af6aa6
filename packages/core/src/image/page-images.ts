// Page images of scanned PDFs through the image checks: the largest image drawn on each
// image-only page (up to 20 pages) is taken from the file — a DCT (JPEG) stream as the JPEG it
// is, decoded by the platform; 8-bit grey or RGB samples (Flate and the other lossless filters)
// directly — and examined like a photo: its JPEG metadata and tables, then every pixel check.
// Boxes on the image become page boxes through where the page draws it.

import { readContainer } from '../containers/image-container.js';
import type { Finding } from '../forensics/findings.js';
import type { PaintEvent } from '../pdf/content/text-interpreter.js';
import { filterNames } from '../pdf/filters/decode.js';
import { asArray, asInt, asName, PdfStream } from '../pdf/objects.js';
import type { PageNode } from '../pdf/pages.js';
import type { PdfFile } from '../pdf/pdf-file.js';
import type { DecodedImage, ImageDecoder } from '../platform.js';
import { examinePixels, MAX_DECODE_PIXELS, pixelFindingCode } from './examine-image.js';
import { imageMetadataFindings } from './metadata-check.js';

/** Most image-only pages whose images are examined. */
export const MAX_PAGE_IMAGES = 20;

/** What the page images showed. */
export interface PageImageExamination {
  findings: Finding[];
  ran: string[];
  notRun: { check: string; reason: string }[];
}

/** The samples of an uncompressed-codec image as RGBA, for 8-bit DeviceGray/DeviceRGB only. */
function samplesToRgba(file: PdfFile, stream: PdfStream, data: Uint8Array): DecodedImage | undefined {
  const width = asInt(stream.dict.get('Width')) ?? 0;
  const height = asInt(stream.dict.get('Height')) ?? 0;
  const bits = asInt(stream.dict.get('BitsPerComponent')) ?? 8;
  const view = file.view();
  const space = view.resolve(stream.dict.get('ColorSpace'));
  let channels = asName(space) === 'DeviceRGB' ? 3 : asName(space) === 'DeviceGray' ? 1 : 0;
  const family = asArray(space);
  if (family && asName(family[0]) === 'ICCBased') {
    const profile = view.resolve(family[1]);
    const n = profile instanceof PdfStream ? asInt(profile.dict.get('N')) : undefined;
    channels = n === 3 ? 3 : n === 1 ? 1 : 0;
  }
  if (!width || !height || bits !== 8 || !channels || data.length < width * height * channels || width * height > MAX_DECODE_PIXELS) return undefined;
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) rgba[i * 4 + c] = data[i * channels + (channels === 3 ? c : 0)]!;
    rgba[i * 4 + 3] = 255;
  }
  return { width, height, rgba };
}

/** Filters, colour space and depth of an image, for messages ("CCITTFaxDecode, DeviceGray, 1-bit"). */
function describeImage(file: PdfFile, stream: PdfStream): string {
  const space = file.view().resolve(stream.dict.get('ColorSpace'));
  const spaceName = asName(space) ?? asName(asArray(space)?.[0]) ?? 'no colour space';
  return `${filterNames(stream.dict).join('+') || 'unfiltered'}, ${spaceName}, ${asInt(stream.dict.get('BitsPerComponent')) ?? '?'}-bit`;
}

/** Examines the main image of each image-only page. */
export async function examinePageImages(
  file: PdfFile,
  pages: readonly { page: PageNode; paint: readonly PaintEvent[] }[],
  decoder: ImageDecoder | undefined,
): Promise<PageImageExamination> {
  const out: PageImageExamination = { findings: [], ran: [], notRun: [] };
  for (const { page, paint } of pages.slice(0, MAX_PAGE_IMAGES)) {
    const images = paint.filter((e): e is Extract<PaintEvent, { kind: 'image' }> => e.kind === 'image' && e.stream !== undefined);
    const area = (b: [number, number, number, number]): number => Math.abs((b[2] - b[0]) * (b[3] - b[1]));
    const main = images.sort((a, b) => area(b.box) - area(a.box))[0];
    if (!main?.stream) continue;
    let decoded: DecodedImage | undefined;
    let luma: number[] | undefined;
    try {
      const { data, imageCodec } = file.decode(main.stream);
      if (imageCodec === 'DCTDecode') {
        const container = readContainer(data, 'jpg');
        out.findings.push(...imageMetadataFindings(container, '').map((f) => ({ ...f, page: page.number })));
        out.ran.push('image metadata');
        luma = container.quantTables.get(container.componentTables[0] ?? 0);
        const pixels = (container.width ?? 0) * (container.height ?? 0);
        if (decoder && pixels > 0 && pixels <= MAX_DECODE_PIXELS) decoded = await decoder.decode(data);
      } else if (!imageCodec) {
        decoded = samplesToRgba(file, main.stream, data);
      }
    } catch (error) {
      out.notRun.push({
        check: 'pixel consistency',
        reason: `page ${page.number}: its image could not be read (${error instanceof Error ? error.message : String(error)})`,
      });
      continue;
    }
    if (!decoded) {
      out.notRun.push({
        check: 'pixel consistency',
        reason: `page ${page.number}: its image (${describeImage(file, main.stream)}) is in an encoding the pixel checks do not read`,
      });
      continue;
    }
    const result = examinePixels(decoded, luma);
    out.ran.push(...result.ran);
    out.notRun.push(...result.notRun.map((n) => ({ ...n, reason: `page ${page.number}: ${n.reason}` })));
    const [x0, y0, x1, y1] = main.box;
    const toPage = (b: { x0: number; y0: number; x1: number; y1: number }) => ({
      page: page.number,
      x0: x0 + (b.x0 / decoded!.width) * (x1 - x0),
      x1: x0 + (Math.min(b.x1, decoded!.width) / decoded!.width) * (x1 - x0),
      y1: y1 - (b.y0 / decoded!.height) * (y1 - y0),
      y0: y1 - (Math.min(b.y1, decoded!.height) / decoded!.height) * (y1 - y0),
    });
    for (const f of result.pixelFindings) {
      out.findings.push({
        code: pixelFindingCode(f),
        summary: `Page ${page.number}: ${f.summary}`,
        page: page.number,
        confidence: f.confidence,
        boxes: f.boxes.map(toPage),
      });
    }
  }
  return out;
}
