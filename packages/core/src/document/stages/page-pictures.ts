// The pictures of a scanned PDF, for the picture checks: the largest image drawn on each
// image-only page (up to 20 pages) taken from the file — a DCT (JPEG) stream as the JPEG it is
// (its container read for metadata and tables, its pixels decoded by the platform), 8-bit grey or
// RGB samples (Flate and the other lossless filters) directly — with its pixels analysed, or the
// reason they could not be. Boxes on the image become page boxes through where the page draws it.

import { readContainer } from '../../containers/image-container.js';
import type { Picture } from '../../forensics/contexts.js';
import { analysePicture, MAX_DECODE_PIXELS } from '../../image/examine-image.js';
import type { PixelBox } from '../../image/pixel-forensics.js';
import type { PaintEvent } from '../../pdf/content/text-interpreter.js';
import { filterNames } from '../../pdf/filters/decode.js';
import { asArray, asInt, asName, PdfStream } from '../../pdf/objects.js';
import type { PageNode } from '../../pdf/pages.js';
import type { PdfFile } from '../../pdf/pdf-file.js';
import type { DecodedImage, ImageDecoder } from '../../platform.js';

/** Most image-only pages whose images are examined. */
export const MAX_PAGE_IMAGES = 20;

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

/** The picture of one image drawn on `page` at `box` (PDF user space), read from its stream. */
async function pagePicture(
  file: PdfFile,
  page: number,
  stream: PdfStream,
  box: [number, number, number, number],
  decoder: ImageDecoder | undefined,
): Promise<Picture> {
  const picture: Omit<Picture, 'pixels' | 'toPage'> = { page, onPage: true, name: '' };
  // an image whose dictionary declares more pixels than the decoding bound is not decoded at all
  const declared = (asInt(stream.dict.get('Width')) ?? 0) * (asInt(stream.dict.get('Height')) ?? 0);
  if (declared > MAX_DECODE_PIXELS)
    return {
      ...picture,
      pixels: {
        notAnalysed: `its image declares ${(declared / 1e6).toFixed(0)} megapixels, over the ${MAX_DECODE_PIXELS / 1e6}-megapixel decoding budget`,
        overBudget: true,
      },
      toPage: () => unplaced(page),
    };
  let decoded: DecodedImage | undefined;
  try {
    const { data, imageCodec } = file.decode(stream);
    if (imageCodec === 'DCTDecode') {
      const container = readContainer(data, 'jpg');
      picture.container = container;
      const luma = container.quantTables.get(container.componentTables[0] ?? 0);
      if (luma) picture.luma = luma;
      const pixels = (container.width ?? 0) * (container.height ?? 0);
      if (decoder && pixels > 0 && pixels <= MAX_DECODE_PIXELS) decoded = await decoder.decode(data);
    } else if (!imageCodec) {
      decoded = samplesToRgba(file, stream, data);
    }
  } catch (error) {
    return {
      ...picture,
      pixels: { notAnalysed: `its image could not be read (${error instanceof Error ? error.message : String(error)})` },
      toPage: () => unplaced(page),
    };
  }
  if (!decoded)
    return {
      ...picture,
      pixels: { notAnalysed: `its image (${describeImage(file, stream)}) is in an encoding the pixel checks do not read` },
      toPage: () => unplaced(page),
    };
  const image = decoded;
  const [x0, y0, x1, y1] = box;
  const toPage = (b: PixelBox) => ({
    page,
    x0: x0 + (b.x0 / image.width) * (x1 - x0),
    x1: x0 + (Math.min(b.x1, image.width) / image.width) * (x1 - x0),
    y1: y1 - (b.y0 / image.height) * (y1 - y0),
    y0: y1 - (Math.min(b.y1, image.height) / image.height) * (y1 - y0),
  });
  return { ...picture, decoded: image, pixels: analysePicture(image, picture.luma), toPage };
}

/** A box for a picture whose pixels were never read (no finding is placed on it). */
const unplaced = (page: number) => ({ page, x0: 0, y0: 0, x1: 0, y1: 0 });

/** The pictures of the image-only pages: the main image of each (up to 20 pages). */
export async function pagePictures(
  file: PdfFile,
  pages: readonly { page: PageNode; paint: readonly PaintEvent[] }[],
  decoder: ImageDecoder | undefined,
): Promise<Picture[]> {
  const pictures: Picture[] = [];
  for (const { page, paint } of pages.slice(0, MAX_PAGE_IMAGES)) {
    const images = paint.filter((e): e is Extract<PaintEvent, { kind: 'image' }> => e.kind === 'image' && e.stream !== undefined);
    const area = (b: [number, number, number, number]): number => Math.abs((b[2] - b[0]) * (b[3] - b[1]));
    const main = images.sort((a, b) => area(b.box) - area(a.box))[0];
    if (main?.stream) pictures.push(await pagePicture(file, page.number, main.stream, main.box, decoder));
  }
  return pictures;
}
