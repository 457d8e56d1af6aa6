// What the picture checks share: where a finding on a picture lies (its page, whether the picture
// is an image drawn on a PDF page, its boxes placed on that page), how such a finding's sentence
// opens, how a reason not to examine a page's image names the page, and whether EXIF carries a
// camera's data.
import type { ImageContainer } from '../../containers/image-container.js';
import type { PixelBox } from '../../image/pixel-forensics.js';
import type { Picture } from '../contexts.js';
import type { PageBox } from '../findings.js';

/** The placement of a finding about `boxes` of `picture`. */
export function placedOn(picture: Picture, boxes: readonly PixelBox[]): { page: number; onPage: boolean; boxes: PageBox[] } {
  return { page: picture.page, onPage: picture.onPage, boxes: boxes.map((b) => picture.toPage(b)) };
}

/** `Page 2: ` before the sentence of a finding on an image drawn on a PDF page; nothing for an uploaded picture. */
export const pagePrefix = (f: { page?: number; onPage: boolean }): string => (f.onPage ? `Page ${f.page}: ` : '');

/** Why a check could not examine `picture`, naming its page when it is a page's image. */
export const pictureReason = (picture: Picture, reason: string): string => (picture.onPage ? `page ${picture.page}: ${reason}` : reason);

/** True when the picture's EXIF names a camera with its model and a capture date or exposure data. */
export function cameraData(container: ImageContainer): boolean {
  const exif = container.exif;
  return exif?.make !== undefined && exif.model !== undefined && (exif.originalDate !== undefined || !!exif.exposure);
}
