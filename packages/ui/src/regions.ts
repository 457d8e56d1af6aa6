// A page (a rendered PDF page, an uploaded picture) with the document's regions drawn over it:
// each region a box placed in percentages of the page (the contract's origin top-left) within a
// frame that holds the picture alone, labelled by its indicator and coloured by its severity, so
// the box scales with the picture and a caption below it never moves it.
import { element } from './dom.js';

/** A region as the contract and the engine give it. */
export interface RegionLike {
  page: number;
  x: number;
  y: number;
  w: number;
  h: number;
  label: string;
  severity?: string;
  indicator_code: string;
}

/** Options of `pageWithRegions`. */
export interface PageOptions {
  /** Show each region's label as a caption on the page (the console), not only as its tooltip. */
  captions?: boolean;
  /** Title of an indicator code (for the caption), when known. */
  titleOf?: (code: string) => string | undefined;
  /** Offer a button that shows the page at its full width and back (the console). */
  zoom?: boolean;
}

/**
 * `picture` (an img or canvas) of page `page`, with the regions of that page drawn over it. The
 * boxes are placed in a frame that holds the picture alone, so their percentages are the
 * picture's whatever follows it; the caption (the console's list of the page's regions) comes
 * after the frame, each label once however many regions share it.
 */
export function pageWithRegions(picture: HTMLElement, regions: readonly RegionLike[], page: number, options: PageOptions = {}): HTMLElement {
  const holder = element('figure', { class: 'page', 'data-page': String(page) });
  const frame = element('div', { class: 'page-frame' });
  frame.append(picture);
  holder.append(frame);
  const captions: string[] = [];
  let n = 0;
  for (const r of regions) {
    if (r.page !== page) continue;
    n++;
    const title = options.titleOf?.(r.indicator_code) ?? r.label;
    const caption = `${options.titleOf?.(r.indicator_code) ?? r.indicator_code}: ${r.label}`;
    // regions sharing a caption share its number
    let number = captions.indexOf(caption) + 1;
    if (number === 0) number = captions.push(caption);
    const box = element('div', {
      class: `region${r.severity ? ` ${r.severity}` : ''}`,
      title: `${number}. ${title}: ${r.label}`,
      'data-indicator': r.indicator_code,
      role: 'img',
      'aria-label': `Region ${number} on page ${page}: ${title}`,
    });
    Object.assign(box.style, { left: `${r.x}%`, top: `${r.y}%`, width: `${r.w}%`, height: `${r.h}%` });
    if (options.captions) box.append(element('span', { class: 'region-number' }, String(number)));
    frame.append(box);
  }
  if (options.zoom) {
    const zoom = element('button', { type: 'button', class: 'zoom', 'aria-pressed': 'false' }, `Zoom page ${page}`);
    zoom.addEventListener('click', () => {
      const zoomed = holder.classList.toggle('zoomed');
      zoom.setAttribute('aria-pressed', String(zoomed));
      zoom.textContent = zoomed ? `Back to page ${page}'s size` : `Zoom page ${page}`;
    });
    holder.prepend(zoom);
  }
  if (options.captions && n > 0) {
    const caption = element('figcaption');
    const list = element('ol');
    for (const text of captions) list.append(element('li', {}, text));
    caption.append(element('span', {}, `Page ${page}`), list);
    holder.append(caption);
  }
  return holder;
}
