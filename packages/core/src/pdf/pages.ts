// The page tree of one revision, flattened in document order with inherited attributes
// (Resources, MediaBox, CropBox, Rotate) applied. The walk is bounded (depth, count, cycles), so a
// tree that loops or fans out absurdly ends quietly with the pages found so far.
import { asArray, asDict, asInt, asName, asNumber, type PdfDict, type PdfObject, PdfRef } from './objects.js';

/** What the page walk reads of one revision's objects (`ObjectView` is one). */
export interface PageSource {
  resolve(v: PdfObject | undefined): PdfObject;
  get(num: number): PdfObject;
  getIn(dict: PdfDict | undefined, key: string): PdfObject;
  catalog(): PdfDict | undefined;
  /** The marker table of the file: every `N G obj` found, for recovery. */
  readonly file: { readonly markers: { readonly objNums: readonly number[] } };
}

/** One page as of a revision. */
export interface PageNode {
  /** 1-based page number. */
  number: number;
  /** Object number of the page dictionary (-1 for a direct dictionary). */
  objNum: number;
  dict: PdfDict;
  resources: PdfDict | undefined;
  /** [x0, y0, x1, y1] in PDF units. */
  mediaBox: [number, number, number, number];
  cropBox: [number, number, number, number];
  rotate: number;
}

const MAX_DEPTH = 64;
const MAX_PAGES = 100_000;
const LETTER: [number, number, number, number] = [0, 0, 612, 792];

function box(view: PageSource, v: PdfObject | undefined): [number, number, number, number] | undefined {
  const a = asArray(view.resolve(v));
  if (!a || a.length < 4) return undefined;
  const n = a.slice(0, 4).map((x) => asNumber(view.resolve(x)));
  if (n.some((x) => x === undefined)) return undefined;
  const [x0, y0, x1, y1] = n as [number, number, number, number];
  // an empty box is treated as absent, as readers do
  if (x0 === x1 || y0 === y1) return undefined;
  return [Math.min(x0, x1), Math.min(y0, y1), Math.max(x0, x1), Math.max(y0, y1)];
}

/** Lists the pages of `view`'s revision in order. */
export function listPages(view: PageSource, maxPages = MAX_PAGES): PageNode[] {
  const pages: PageNode[] = [];
  const catalog = view.catalog();
  if (!catalog) return pages;
  const visited = new Set<number>();
  type Inherited = { resources?: PdfObject | undefined; mediaBox?: PdfObject | undefined; cropBox?: PdfObject | undefined; rotate?: PdfObject | undefined };
  const walk = (node: PdfObject | undefined, inherited: Inherited, depth: number): void => {
    if (pages.length >= maxPages || depth > MAX_DEPTH) return;
    let objNum = -1;
    if (node instanceof PdfRef) {
      if (visited.has(node.num)) return;
      visited.add(node.num);
      objNum = node.num;
    }
    const dict = asDict(view.resolve(node));
    if (!dict) return;
    const next: Inherited = {
      resources: dict.get('Resources') ?? inherited.resources,
      mediaBox: dict.get('MediaBox') ?? inherited.mediaBox,
      cropBox: dict.get('CropBox') ?? inherited.cropBox,
      rotate: dict.get('Rotate') ?? inherited.rotate,
    };
    const kidsValue = dict.get('Kids');
    // a damaged /Kids that lost its brackets is read as a one-element array
    const kids = kidsValue instanceof PdfRef && asName(dict.get('Type')) === 'Pages' ? [kidsValue] : asArray(view.resolve(kidsValue));
    const type = asName(dict.get('Type'));
    if (kids && type !== 'Page') {
      for (const kid of kids) walk(kid, next, depth + 1);
      return;
    }
    if (type !== undefined && type !== 'Page' && !dict.has('Contents') && !dict.has('MediaBox')) return;
    const mediaBox = box(view, next.mediaBox) ?? LETTER;
    const crop = box(view, next.cropBox) ?? mediaBox;
    const cropBox: [number, number, number, number] = [
      Math.max(crop[0], mediaBox[0]),
      Math.max(crop[1], mediaBox[1]),
      Math.min(crop[2], mediaBox[2]),
      Math.min(crop[3], mediaBox[3]),
    ];
    const rotate = (((asInt(view.resolve(next.rotate)) ?? 0) % 360) + 360) % 360;
    pages.push({
      number: pages.length + 1,
      objNum,
      dict,
      resources: asDict(view.resolve(next.resources)),
      mediaBox,
      cropBox: cropBox[2] > cropBox[0] && cropBox[3] > cropBox[1] ? cropBox : mediaBox,
      rotate: rotate - (rotate % 90),
    });
  };
  walk(catalog.get('Pages'), {}, 0);
  return pages;
}

/** The page count the tree declares at its root (`/Count`), when readable. */
export function declaredPageCount(view: PageSource): number | undefined {
  const root = asDict(view.getIn(view.catalog(), 'Pages'));
  const count = asInt(view.resolve(root?.get('Count')));
  return count !== undefined && count >= 0 ? count : undefined;
}

const MAX_RECOVERY_OBJECTS = 50_000;

/**
 * Last resort when the page tree is unreadable: the `/Type /Page` objects the scanner found, in
 * file order (latest copy of each object), with default boxes where their parents are lost.
 */
export function recoverPages(view: PageSource, maxPages = MAX_PAGES): PageNode[] {
  const { objNums } = view.file.markers;
  const seen = new Set<number>();
  const pages: PageNode[] = [];
  for (let i = 0; i < objNums.length && i < MAX_RECOVERY_OBJECTS && pages.length < maxPages; i++) {
    const num = objNums[i]!;
    if (seen.has(num)) continue;
    seen.add(num);
    const dict = asDict(view.get(num));
    if (!dict || asName(dict.get('Type')) !== 'Page') continue;
    const mediaBox = box(view, dict.get('MediaBox')) ?? LETTER;
    const rotate = (((asInt(view.resolve(dict.get('Rotate'))) ?? 0) % 360) + 360) % 360;
    pages.push({
      number: pages.length + 1,
      objNum: num,
      dict,
      resources: asDict(view.resolve(dict.get('Resources'))),
      mediaBox,
      cropBox: box(view, dict.get('CropBox')) ?? mediaBox,
      rotate: rotate - (rotate % 90),
    });
  }
  return pages;
}
