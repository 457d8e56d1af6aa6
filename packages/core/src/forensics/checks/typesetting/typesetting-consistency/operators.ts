// How the content stream draws figures (amounts, and dates written in figures) against how it
// draws the rest of their page: a generator writes every figure of a table through one code path —
// the same operator opening each text object (Td, Tm; the lines after it, placed by T* or a relative
// Td, are written by whoever opened the object), the same show operator (Tj, TJ), strings in one
// form (literal or hex), the font set inside or outside the text object, numbers written to its own
// number of decimals. An editor that re-emits one figure in a text object of its own writes it in
// its own style, even in the page's own font at the old figure's place. A way of drawing counts as
// another writer's only when nothing but figures in the whole document is drawn that way (a
// generator's paragraph that holds an amount is drawn like the paragraph's other words), and a
// page is judged only with six figures or more, at most a fifth of them standing out or no more
// than the amounts drawn the way the words are.
import type { PaintEvent } from '../../../../pdf/content/text-interpreter.js';
import { pageBox } from '../../../findings.js';
import { FIGURE, figureThatMatters, horizontal, type TextEvent } from './figure-words.js';
import type { TypesettingFinding } from './indicators.js';

/** Fewest figures on a page before the way they are drawn is judged. */
export const MIN_FIGURES = 6;
/** Share of the page's figures that may be drawn apart before the page counts as mixed. */
const MAX_APART_SHARE = 0.2;
/** Fewest other words on the page whose number format makes the one a figure is held against. */
const MIN_OTHERS_FOR_DECIMALS = 20;
/**
 * Decimals a figure must be placed with, and how many more than the rest of the page uses, for the
 * number format to count as another writer's: a program that places labels on a grid of whole
 * points and right-aligns one total (its position computed and rounded) is one writer, and a
 * writer that rounds to four decimals writes some numbers with three.
 */
const MIN_APART_DECIMALS = 4;
const MIN_DECIMALS_GAP = 2;

/** Why a figure is drawn apart from its page: its operators, its number format, or both. */
interface Apart {
  operators?: string;
  decimals?: number;
}

/** The way most of `figures` are drawn. */
function usualWay(figures: readonly TextEvent[]): string {
  const counts = new Map<string, number>();
  for (const f of figures) counts.set(f.drawnBy!, (counts.get(f.drawnBy!) ?? 0) + 1);
  return [...counts].reduce((best, way) => (way[1] > best[1] ? way : best), ['', 0])[0];
}

/** The words and the figures of a page's paint, as the check reads them. */
export function wordsOf(paint: readonly PaintEvent[]): { words: TextEvent[]; figures: TextEvent[] } {
  const words = paint.filter((e): e is TextEvent => e.kind === 'text' && e.visible && e.drawnBy !== undefined && e.placeDecimals !== undefined);
  return { words, figures: words.filter((e) => horizontal(e) && figureThatMatters(e.text.trim())) };
}

/**
 * The ways a document's pages draw words other than figures: the generator's own. A generator may
 * draw figures several ways (a back end that writes hex strings for some codes and literals for
 * others; one that places the first line of each text object with Tm and the next with T*), but
 * each of them draws labels or prose somewhere in the document too.
 */
export function waysOfDrawingWords(paints: readonly (readonly PaintEvent[])[]): Set<string> {
  const ways = new Set<string>();
  for (const paint of paints) {
    const { words, figures } = wordsOf(paint);
    const figureSet = new Set(figures);
    for (const w of words) if (!figureSet.has(w)) ways.add(w.drawnBy!);
  }
  return ways;
}

/**
 * Figures placed by numbers written with more decimals than any other word of the page, where at
 * least twenty other words are (a writer formats every number it writes the same way; one that
 * writes full floats shows more decimals everywhere, and nothing stands out): the words at the
 * page's most decimals, four or more, when they are few and figures all and the rest use two fewer or less.
 */
function byDecimals(figures: readonly TextEvent[], words: readonly TextEvent[]): Map<TextEvent, number> {
  const apart = new Map<TextEvent, number>();
  const most = words.reduce((m, w) => Math.max(m, w.placeDecimals!), 0);
  if (most < MIN_APART_DECIMALS) return apart;
  const head = words.filter((w) => w.placeDecimals === most);
  const rest = words.filter((w) => w.placeDecimals !== most);
  const figureSet = new Set(figures);
  // a fifth of the figures at most, or (a forger keeping every sum types many) no more than the amounts left in the page's format
  const amountsLeft = rest.filter((w) => figureSet.has(w) && FIGURE.test(w.text.trim())).length;
  if (rest.length < MIN_OTHERS_FOR_DECIMALS || (head.length > MAX_APART_SHARE * figures.length && head.length > amountsLeft)) return apart;
  if (rest.some((w) => w.placeDecimals! > most - MIN_DECIMALS_GAP)) return apart;
  if (head.every((w) => figureSet.has(w))) for (const w of head) apart.set(w, most);
  return apart;
}

/**
 * True when the figures set apart were drawn one way (one editor's) and are no more than the
 * amounts of the page drawn the way the document's words are. A forger keeping every sum types
 * many figures of a page again, more than a fifth of them, and leaves the rest as the generator
 * drew them; a template that draws its amounts another way than its words draws all of them so
 * and leaves none, and a page whose figures are drawn several ways of their own is mixed.
 */
function oneEditorAmongMore(figures: readonly TextEvent[], apart: ReadonlyMap<TextEvent, Apart>, generatorWays: ReadonlySet<string>): boolean {
  const ways = new Set([...apart.keys()].map((f) => f.drawnBy!));
  if (ways.size !== 1) return false;
  // a show operator alone is the generator's choice string by string (cairo shows with TJ what it
  // kerns and with Tj what it need not): a way that differs from the words' only there is not judged
  const [way] = ways;
  const words = new Set([...generatorWays].map(showingAnyhow));
  if (words.has(showingAnyhow(way!)) && [...apart.values()].every((a) => a.decimals === undefined)) return false;
  const left = figures.filter((f) => !apart.has(f) && generatorWays.has(f.drawnBy!) && FIGURE.test(f.text.trim()));
  return apart.size <= left.length;
}

/** A way of drawing with its show operator left out (`Tj`, `TJ`, `'` and `"` alike). */
const showingAnyhow = (way: string): string => way.replace(/(^| )(Tj|TJ|'|")( |$)/, '$1show$3');

/**
 * Figures of a page drawn in a way that draws no other word of the document (`generatorWays`, from
 * `waysOfDrawingWords` over every page read), or placed by numbers in another format than the rest
 * of the page.
 */
export function figureOperatorFindings(page: number, paint: readonly PaintEvent[], generatorWays: ReadonlySet<string>): TypesettingFinding[] {
  const { words, figures } = wordsOf(paint);
  if (figures.length < MIN_FIGURES) return [];
  const decimals = byDecimals(figures, words);
  const apart = new Map<TextEvent, Apart>();
  for (const f of figures) if (!generatorWays.has(f.drawnBy!)) apart.set(f, { operators: f.drawnBy! });
  for (const [figure, d] of decimals) apart.set(figure, { ...apart.get(figure), decimals: d });
  if (apart.size > MAX_APART_SHARE * figures.length && !oneEditorAmongMore(figures, apart, generatorWays)) return [];
  const usual = usualWay(figures.filter((f) => !apart.has(f)));
  const usualDecimals = words.reduce((m, w) => (apart.has(w) ? m : Math.max(m, w.placeDecimals!)), 0);
  return [...apart].map(([figure, { operators, decimals: d }]) => ({
    code: 'figure_operator_mismatch',
    page,
    text: figure.text.trim(),
    ...(operators === undefined ? {} : { drawnBy: operators }),
    usualWay: usual,
    ...(d === undefined ? {} : { decimals: d }),
    usualDecimals,
    boxes: [pageBox(page, figure.box)],
  }));
}
