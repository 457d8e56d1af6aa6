// Typesetting of figures against their column: a generator right-aligns a column of amounts to one
// edge, to a fraction of a point, whatever each figure's width. A figure rewritten in place in the
// content stream (the string changed, its position not) keeps the old figure's start, so when its
// width changed it ends off the column's edge — past it or short of it — while every other figure
// of the column still ends on it. Only right-aligned columns are judged: four or more figures
// ending on one edge with different widths (a centred or left-aligned column has no common right
// edge among figures of different widths) that a digit width and a separator width explain, and
// only a figure that overlaps the column, sits among its rows, has the column's text size, ends
// on no edge another figure shares, starts on no edge figures of different widths share (a column
// set flush left), and ends off the edge by the width of a few digits and separators (a converter
// that sets the text again in another font moves figures by other amounts).
// A figure of a column set in another font family than the column's figures is the other trace:
// a library or an editor that removes a figure and types a new one sets it in a font of its own —
// another family, or the same font through a dictionary added for the new figures alone. Style is
// judged against the document's own vocabulary: a figure whose row's label is set like it (a
// "Net pay" line set larger, a totals row in another face) is a row set apart by design, whatever
// its column's other figures look like.
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { pageBox } from '../../../findings.js';
import { FIGURE, fontFamily, heightOf, type TextEvent } from './figure-words.js';
import type { FontSetting, TypesettingFinding } from './indicators.js';

/** Right edges closer than this (points) are one edge. */
const EDGE = 0.35;
/** Fewest figures on one edge that make a right-aligned column whose edge a figure may miss. */
const MIN_COLUMN = 4;
/** Fewest figures on one edge, all in one font family, that make a column whose family a figure may break. */
const MIN_FAMILY_COLUMN = 3;
/** Two figure widths that differ by more than this (points) show the edge is an alignment. */
const WIDTH_STEP = 1;
/** Smallest distance off the edge (points) that is reported: less is rounding in a generator. */
const OFF_EDGE = 1;
/** Heights of a column's figures that differ by less than this share are one size. */
const SAME_SIZE = 0.005;

interface Column {
  edge: number;
  /** Width of a digit and of a separator (, or .) in the column's font, fitted from its figures. */
  digit: number;
  separator: number;
  left: number;
  top: number;
  bottom: number;
  height: number;
  rowPitch: number;
  members: Set<TextEvent>;
}

/** Digits and separators of a figure, or undefined when it prints anything else (a sign, a currency). */
function composition(text: string): { digits: number; separators: number } | undefined {
  const t = text.trim();
  if (!/^[\d,.]+$/.test(t)) return undefined;
  const digits = t.replace(/\D/g, '').length;
  return { digits, separators: t.length - digits };
}

/**
 * The widths of a digit and of a separator that explain the figures' widths (least squares over
 * the figures of digits and separators only); undefined unless two different compositions are
 * present and every such figure's width is explained within a fifth of a point.
 */
function fitWidths(group: readonly TextEvent[]): { digit: number; separator: number } | undefined {
  let dd = 0,
    ds = 0,
    ss = 0,
    dw = 0,
    sw = 0;
  const rows: [number, number, number][] = [];
  for (const e of group) {
    const c = composition(e.text);
    if (!c) continue;
    // the word box is the advance of its glyphs: digits * digit + separators * separator
    const w = e.box[2] - e.box[0];
    rows.push([c.digits, c.separators, w]);
    dd += c.digits * c.digits;
    ds += c.digits * c.separators;
    ss += c.separators * c.separators;
    dw += c.digits * w;
    sw += c.separators * w;
  }
  const det = dd * ss - ds * ds;
  if (rows.length < 2 || Math.abs(det) < 1e-9) return undefined;
  const digit = (dw * ss - sw * ds) / det;
  const separator = (sw * dd - dw * ds) / det;
  if (!(digit > 0) || !(separator > 0)) return undefined;
  return rows.every(([d, p, w]) => Math.abs(d * digit + p * separator - w) <= 0.2) ? { digit, separator } : undefined;
}

/**
 * True when `off` is the width of a few digits and separators: what a figure's end moves by when
 * its text changes length but its start stays. A column reflowed by a converter (an office suite
 * importing the PDF and setting the text again in another font) is off by other amounts.
 */
function widthOfCharacters(off: number, c: Column): boolean {
  for (let digits = -4; digits <= 4; digits++) {
    for (let separators = -2; separators <= 2; separators++) {
      if ((digits || separators) && Math.abs(off - (digits * c.digit + separators * c.separator)) <= 0.3) return true;
    }
  }
  return false;
}

/** Right-aligned columns of figures on a page: groups of figures ending on one edge. */
function columns(figures: readonly TextEvent[]): Column[] {
  const byEdge = [...figures].sort((a, b) => a.box[2] - b.box[2]);
  const out: Column[] = [];
  for (let i = 0; i < byEdge.length; ) {
    let j = i + 1;
    while (j < byEdge.length && byEdge[j]!.box[2] - byEdge[i]!.box[2] <= EDGE) j++;
    const group = byEdge.slice(i, j);
    i = j;
    if (group.length < MIN_FAMILY_COLUMN) continue;
    const widths = group.map((e) => e.box[2] - e.box[0]);
    if (Math.max(...widths) - Math.min(...widths) <= WIDTH_STEP) continue;
    const heights = group.map(heightOf).sort((a, b) => a - b);
    const height = heights[heights.length >> 1]!;
    // the widths are fitted from the figures of the column's size (one typed larger is judged below)
    const widthsFit = fitWidths(group.filter((e) => Math.abs(heightOf(e) - height) <= SAME_SIZE * height));
    if (!widthsFit) continue;
    const ys = group.map((e) => e.box[1]).sort((a, b) => a - b);
    const pitches = ys
      .slice(1)
      .map((y, k) => y - ys[k]!)
      .filter((d) => d > 0.5)
      .sort((a, b) => a - b);
    out.push({
      ...widthsFit,
      edge: group[group.length >> 1]!.box[2],
      left: Math.min(...group.map((e) => e.box[0])),
      top: Math.max(...group.map((e) => e.box[3])),
      bottom: ys[0]!,
      height,
      rowPitch: pitches[pitches.length >> 1] ?? heights[0]!,
      members: new Set(group),
    });
  }
  return out;
}

/** True when `w` sits on `f`'s line (baselines within a third of `f`'s height). */
const onLineOf = (f: TextEvent, w: TextEvent): boolean => Math.abs(w.box[1] - f.box[1]) <= 0.3 * heightOf(f);

/** Heights within this share are one size. */
const LIKE_SIZE = 0.015;

/**
 * True when a word of letters on `f`'s line is set like `f` — at its size, and (`face`) in its font
 * family through its font dictionary: the row is set apart by design, a label and its figure
 * alike ("Net pay" set at 11 pt over a column at 10). A figure typed again by an editor takes its
 * own style; the label beside it keeps the generator's.
 */
function rowSetLike(f: TextEvent, words: readonly TextEvent[], face: boolean): boolean {
  return words.some(
    (w) =>
      w !== f &&
      /\p{L}{2}/u.test(w.text) &&
      onLineOf(f, w) &&
      Math.abs(heightOf(w) - heightOf(f)) <= LIKE_SIZE * heightOf(f) &&
      (!face || (w.font !== undefined && f.font !== undefined && fontFamily(w.font) === fontFamily(f.font) && w.fontObject === f.fontObject)),
  );
}

/** The finding of figure `f` on `page`, set apart from its column by `how`. */
const fontApart = (page: number, f: TextEvent, how: FontSetting): TypesettingFinding => ({
  code: 'figure_font_mismatch',
  page,
  text: f.text.trim(),
  ...how,
  boxes: [pageBox(page, f.box)],
});

/** A base font name without its subset prefix. */
const baseName = (font: string): string => font.replace(/^[A-Z]{6}\+/, '');

/** Most figures on a column's edge it may set in another family before the mixture counts as its design. */
const MAX_OTHER_FAMILY = 2;

/** Figures of a column set in another font family than all its other figures. */
function otherFamily(page: number, column: Column, candidates: readonly TextEvent[]): TypesettingFinding[] {
  const families = new Map<string, number>();
  for (const m of column.members) if (m.font) families.set(fontFamily(m.font), (families.get(fontFamily(m.font)) ?? 0) + 1);
  const [main, count] = [...families].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (!main || count < MIN_FAMILY_COLUMN) return [];
  const odd = candidates.filter((f) => f.font && fontFamily(f.font) !== main && fontFamily(f.font) !== '');
  // a few figures in another family may be the design (totals set apart) when they meet the
  // column's edge; figures in another family that also miss the edge were set by something else
  const offEdge = odd.every((f) => Math.abs(f.box[2] - column.edge) > OFF_EDGE);
  if (odd.length === 0 || odd.length > (offEdge ? column.members.size : MAX_OTHER_FAMILY)) return [];
  return odd.map((f) => fontApart(page, f, { by: 'family', font: baseName(f.font!), columnFont: main, columnFigures: count }));
}

/** The weight and slant a base font name says (a bold total is set apart by design). */
const styleOf = (font: string): string => `${/bold|black|heavy|semibold|demi/i.test(font) ? 'bold' : ''}${/italic|oblique/i.test(font) ? 'italic' : ''}`;

/**
 * Figures of a column shown through a font dictionary that shows nothing else on the page, in the
 * weight and slant of the column's other figures: a generator sets a column through one dictionary
 * per font and uses its fonts for more than a few figures, while a library or an editor that types
 * figures again adds a font of its own — even the same standard font (a Helvetica beside the
 * generator's Helvetica), another subset of the same typeface, or a font of the same metrics (a
 * Helvetica beside a Liberation Sans, where the figures still meet the edge).
 */
function otherFontObject(page: number, column: Column, candidates: readonly TextEvent[], words: readonly TextEvent[]): TypesettingFinding[] {
  const objects = new Map<number, { count: number; font: string }>();
  for (const m of column.members)
    if (m.font && m.fontObject !== undefined) objects.set(m.fontObject, { count: (objects.get(m.fontObject)?.count ?? 0) + 1, font: m.font });
  const [main, { count, font } = { count: 0, font: '' }] = [...objects].sort((a, b) => b[1].count - a[1].count)[0] ?? [];
  if (main === undefined || count < MIN_FAMILY_COLUMN) return [];
  const odd = candidates.filter((f) => f.font && f.fontObject !== undefined && f.fontObject !== main && styleOf(f.font) === styleOf(font));
  // fewer than the column's own, and a dictionary that shows nothing else on the page: a font
  // added for these figures (a generator's second dictionary of a font shows text of every kind)
  if (odd.length === 0 || odd.length >= count) return [];
  const added = new Set(odd.map((f) => f.fontObject));
  if (words.some((w) => added.has(w.fontObject) && !FIGURE.test(w.text.trim()))) return [];
  return odd.map((f) => fontApart(page, f, { by: 'dictionary', font: baseName(f.font!), columnFont: baseName(font), columnFigures: count }));
}

/**
 * Amounts shown through a font that shows nothing else on the page, beside amounts of a table in
 * the same weight and slant shown through a font the page's words are set in. A template sets its
 * amounts in the style of their cells, so they share a font with the page's words; a library or an
 * editor that types figures again adds a font of its own, which shows them alone, wherever it put
 * them and however many it typed (a forger keeping every sum types a column's figures over), while
 * the amounts it left keep the page's font. A design that sets amounts in a font of their own (a
 * monospace for figures) sets all of its table's amounts in it: the only amounts left in the words'
 * font are then in sentences, which do not count. No genuine page of any source shows it
 * (`bench/tools/typed-apart.ts`).
 */
function amountsInAFontOfTheirOwn(page: number, figures: readonly TextEvent[], words: readonly TextEvent[]): TypesettingFinding[] {
  const lettered = new Set(words.filter((w) => /\p{L}{2}/u.test(w.text) && !FIGURE.test(w.text.trim())).map((w) => w.fontObject));
  const fonted = figures.filter((f) => f.font !== undefined && f.fontObject !== undefined);
  const out: TypesettingFinding[] = [];
  for (const style of new Set(fonted.map((f) => styleOf(f.font!)))) {
    const same = fonted.filter((f) => styleOf(f.font!) === style);
    const witnesses = same.filter((f) => lettered.has(f.fontObject) && !inProse(f, words));
    if (witnesses.length === 0) continue;
    const font = ofMostUsedFont(witnesses)[0]!.font!;
    for (const f of same) {
      if (lettered.has(f.fontObject)) continue;
      out.push(fontApart(page, f, { by: 'own font', font: baseName(f.font!), columnFont: baseName(font), columnFigures: witnesses.length }));
    }
  }
  if (out.length > 0) return out;
  // every amount typed again leaves no witness in the words' font; a library types in a standard
  // font it does not embed, on a page whose words are all set in fonts that carry their programs
  // (a generator that embeds its fonts embeds every one)
  const wordFonts = words.filter((w) => lettered.has(w.fontObject) && w.fontObject !== undefined);
  if (wordFonts.length === 0 || !wordFonts.every((w) => w.embedded === true)) return out;
  const font = ofMostUsedFont(wordFonts)[0]!.font!;
  for (const f of fonted) {
    if (lettered.has(f.fontObject) || f.embedded !== false) continue;
    out.push(fontApart(page, f, { by: 'not embedded', font: baseName(f.font!), columnFont: baseName(font), columnFigures: 0 }));
  }
  return out;
}

/** The figures of `group` shown through the font dictionary most of them are shown through. */
function ofMostUsedFont(group: readonly TextEvent[]): TextEvent[] {
  const counts = new Map<number | undefined, number>();
  for (const e of group) counts.set(e.fontObject, (counts.get(e.fontObject) ?? 0) + 1);
  const [most] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? [];
  return group.filter((e) => e.fontObject === most);
}

/** Smallest difference in size (a share of the column's) reported: less is a generator's rounding. */
const OTHER_SIZE = 0.015;

/**
 * Figures of a column set a little larger or smaller than its other figures, which share one
 * size: a library that types a figure again takes its size from the glyph box it reads. A total
 * set apart by design differs by a point or more (over a tenth), and is not judged.
 */
function otherSize(page: number, column: Column, candidates: readonly TextEvent[]): TypesettingFinding[] {
  const sized = [...column.members].filter((m) => Math.abs(heightOf(m) - column.height) <= SAME_SIZE * column.height);
  if (sized.length < MIN_FAMILY_COLUMN) return [];
  const odd = candidates.filter((f) => {
    const d = Math.abs(heightOf(f) - column.height);
    return d > OTHER_SIZE * column.height && d <= 0.1 * column.height;
  });
  if (odd.length === 0 || odd.length > MAX_OTHER_FAMILY) return [];
  return odd.map((f) => fontApart(page, f, { by: 'size', size: heightOf(f), columnSize: column.height, columnFigures: sized.length }));
}

/** True when `f` sits in `column`: overlapping it, within two rows of it, at its text size. */
const inColumn = (f: TextEvent, c: Column): boolean =>
  Math.abs(heightOf(f) - c.height) <= 0.1 * c.height &&
  f.box[0] < c.edge + 0.5 * (f.box[2] - f.box[0]) &&
  f.box[2] > c.left &&
  f.box[1] >= c.bottom - 2 * c.rowPitch &&
  f.box[3] <= c.top + 2 * c.rowPitch;

/** True when a word of letters ends a space's width before `f` on its line: the figure is part of a sentence, not of a column. */
const inProse = (f: TextEvent, words: readonly TextEvent[]): boolean =>
  words.some((w) => w !== f && /\p{L}{2}/u.test(w.text) && onLineOf(f, w) && f.box[0] - w.box[2] >= -0.5 && f.box[0] - w.box[2] <= 0.6 * heightOf(f));

/** True when a currency sign or code follows `f` on its line ("41.375,53 €"): the amount ends at the sign, not at its digits. */
const currencyAfter = (f: TextEvent, words: readonly TextEvent[]): boolean =>
  words.some(
    (w) => /^(?:[€£$¥]|EUR|GBP|USD|CHF)$/.test(w.text.trim()) && onLineOf(f, w) && w.box[0] - f.box[2] >= -0.5 && w.box[0] - f.box[2] <= 0.6 * heightOf(f),
  );

/**
 * True when `f` sits above or below `column` on a row whose other figures end on no column's
 * edge: a table of its own (a summary line under a table), not a row of this one.
 */
function inAnotherTable(f: TextEvent, column: Column, figures: readonly TextEvent[], cols: readonly Column[]): boolean {
  if (f.box[1] >= column.bottom - 0.5 * column.height && f.box[3] <= column.top + 0.5 * column.height) return false;
  const others = figures.filter((o) => o !== f && Math.abs(o.box[1] - f.box[1]) <= 0.3 * heightOf(f));
  return others.length > 0 && others.every((o) => !cols.some((c) => Math.abs(o.box[2] - c.edge) <= EDGE));
}

/**
 * True when `f` starts where two or more other figures of different widths start: a column set
 * flush left, whose right edges say nothing. (In a right-aligned column the figures sharing a
 * rewritten figure's start are those of the old figure's width, which share its end too.)
 */
function flushLeft(f: TextEvent, figures: readonly TextEvent[]): boolean {
  const widths = figures.filter((o) => o !== f && Math.abs(o.box[0] - f.box[0]) <= EDGE).map((o) => o.box[2] - o.box[0]);
  return widths.length >= 2 && Math.max(...widths) - Math.min(...widths) > WIDTH_STEP;
}

/** The typesetting findings of one page's paint: figures off their column's edge, or in another font (family, dictionary or size). */
export function figureColumnFindings(page: number, paint: readonly PaintEvent[]): TypesettingFinding[] {
  const figures = paint.filter((e): e is TextEvent => e.kind === 'text' && e.visible && FIGURE.test(e.text.trim()));
  const cols = columns(figures);
  const findings: TypesettingFinding[] = [];
  const words = paint.filter((e): e is TextEvent => e.kind === 'text' && e.visible);
  // one finding a figure: shown through a font of its own beside amounts in the words' font, or,
  // judged by its column, set in another family, through a dictionary of its own or at another size
  const fontFindings = new Map<string, TypesettingFinding>();
  for (const f of amountsInAFontOfTheirOwn(page, figures, words)) fontFindings.set(JSON.stringify(f.boxes), f);
  for (const c of cols) {
    // a figure set like its row's label is set apart by design: only the others are judged (its
    // size by the label's size, its face by the label's face)
    const candidates = figures.filter((f) => c.members.has(f) || inColumn(f, c));
    const faceApart = candidates.filter((f) => !rowSetLike(f, words, true));
    const sizeApart = candidates.filter((f) => !rowSetLike(f, words, false));
    for (const f of [...otherFamily(page, c, faceApart), ...otherFontObject(page, c, faceApart, words), ...otherSize(page, c, sizeApart)]) {
      const at = JSON.stringify(f.boxes);
      if (!fontFindings.has(at)) fontFindings.set(at, f);
    }
  }
  findings.push(...fontFindings.values());
  for (const f of figures) {
    if (cols.some((c) => c.members.has(f)) || inProse(f, words) || currencyAfter(f, words)) continue;
    // a figure ending where another figure ends belongs to that alignment, not to this column;
    // one starting where figures of different widths start is in a column set flush left
    if (figures.some((o) => o !== f && Math.abs(o.box[2] - f.box[2]) <= EDGE) || flushLeft(f, figures)) continue;
    const column = cols.find(
      (c) =>
        c.members.size >= MIN_COLUMN &&
        inColumn(f, c) &&
        f.box[0] < c.edge &&
        Math.abs(f.box[2] - c.edge) > OFF_EDGE &&
        // a figure off by more than half its width is set in another column
        Math.abs(f.box[2] - c.edge) <= 0.5 * (f.box[2] - f.box[0]) &&
        widthOfCharacters(f.box[2] - c.edge, c),
    );
    if (!column || inAnotherTable(f, column, figures, cols)) continue;
    const off = f.box[2] - column.edge;
    findings.push({ code: 'figure_off_column', page, text: f.text.trim(), off, columnFigures: column.members.size, boxes: [pageBox(page, f.box)] });
  }
  return findings;
}
