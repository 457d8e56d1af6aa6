// Whether a misread digit really explains a contradiction on a scan. A sum that does not add up on
// an OCR page used to be left unverified whenever one plausible misreading of one of its figures
// made it add up — so an edited figure whose change looked like a digit OCR confuses (2,150.00 for
// 2,450.00) was never reported. A misreading is a hypothesis about what the page printed, and it
// is tested: the document's sums are read again with the figure as the hypothesis has it. If the
// page had printed that value, every sum that held must still hold; a hypothesis that breaks one
// (the gross pay that made net pay add up, now off by the same 300.00) is not what was printed,
// and does not excuse the contradiction. Nor does one the page itself rules out: the same
// distinctive digits read alike elsewhere, a digit added or lost that the word's printed width has
// no room for or needs, cents given to a figure printed without, or a figure OCR read surely (every
// character at `SURE_READING` or more: OCR's misread amounts are read less surely — though a digit
// it lost altogether leaves no character to be unsure of). A
// contradiction stays unverified only when some misreading resolves it without breaking anything
// else — as a real misread digit does. A photo is judged more warily: OCR reads a photo's worn or
// blurred digit wrongly yet surely, so there its sure reading refutes a confused digit only where
// the page's own prints of digits rule the other digit out (`Word.ruledOut`), and perspective
// prints one size of figure at many widths, so a photo's widths refute nothing.
import { type Decimal, formatMoney } from '../../tables/decimal.js';
import type { Word } from '../../tables/rows.js';
import type { TableContext } from '../contexts.js';
import type { AnyFinding, PageBox } from '../findings.js';

/** A misreading that would explain a contradiction: where the figure OCR read is printed, and the value it would have printed there. */
export interface Misreading {
  figure: { box: PageBox };
  value: Decimal;
}

/**
 * How misreadings are taken during one synchronous run of a check: accepted at once (outside a
 * test, or on pages not read by OCR), or refused and, on the first strict run, collected to be
 * tested. A scope, not a parameter, so the sums deep inside each check need no extra argument;
 * checks run synchronously, so the scope cannot leak into another document's run.
 */
let scope: { collected?: Misreading[] } | undefined;

function within<T>(next: typeof scope, run: () => T): T {
  const previous = scope;
  scope = next;
  try {
    return run();
  } finally {
    scope = previous;
  }
}

/**
 * True when a contradiction may rest on OCR reading `misreading.figure` for `misreading.value`.
 * Checks call it for each misreading that would make a sum agree; inside `testedMisreadings` it
 * answers false and collects the misreading, which is tested afterwards.
 */
export function acceptsMisreading(misreading: Misreading): boolean {
  if (!scope) return true;
  scope.collected?.push(misreading);
  return false;
}

/** Misreadings tested per document and check at most. */
const MAX_TESTED = 200;

/** A finding's identity across runs: its code, the figure it judged and the rule it applied (the values in its text may differ). */
const identity = (f: AnyFinding): string => `${f.code}|${f.page}|${JSON.stringify(f.boxes?.[0])}|${f.math?.formula.replace(/\d/g, '')}`;

/** A check's sums: its findings on a page's words. */
type Sums<F extends AnyFinding = AnyFinding> = (ctx: TableContext) => F[];

/**
 * `run`'s findings on `ctx`, where a contradiction a misread digit would explain is left out only
 * when the misreading survives the test: the page re-read with the figure as the misreading has
 * it, `sums` (every check of the document's sums, `run` among them; `run` alone by default) find
 * nothing they did not find before. Without OCR pages, `run` once.
 */
export function testedMisreadings<F extends AnyFinding>(ctx: TableContext, run: Sums<F>, sums: readonly Sums[] = [run], photo = false): F[] {
  const lenient = run(ctx);
  if (!ctx.pages.some((page) => ctx.fromOcr(page.number))) return lenient;
  const collected: Misreading[] = [];
  const strict = within({ collected }, () => run(ctx));
  const lenientIds = new Set(lenient.map(identity));
  let open = strict.filter((f) => !lenientIds.has(identity(f)));
  if (open.length === 0) return lenient;
  // every sum judged strictly, `run`'s own already at hand
  const baseline = new Set(sums.flatMap((sum) => (sum === run ? strict : within({}, () => sum(ctx)))).map(identity));
  const tried = new Set<string>();
  for (const misreading of collected) {
    const key = `${JSON.stringify(misreading.figure.box)}=${misreading.value.toString()}`;
    if (tried.has(key)) continue;
    tried.add(key);
    // a page of many contradictions: testing each misreading would cost more than the scan, so they are taken, as before
    if (tried.size > MAX_TESTED) return lenient;
    const variant = readAs(ctx, misreading, photo);
    // a figure this test cannot rewrite (digits in several words): the misreading is taken, as before
    if (!variant) return lenient;
    if (variant === 'refuted') continue;
    const found = within({}, () => sums.map((sum) => sum(variant)));
    // it breaks a sum that held
    if (found.flat().some((f) => !baseline.has(identity(f)))) continue;
    const foundIds = new Set((found[sums.indexOf(run)] ?? within({}, () => run(variant))).map(identity));
    open = open.filter((f) => foundIds.has(identity(f)));
    if (open.length === 0) break;
  }
  const kept = new Set(open);
  const judged = strict.filter((f) => lenientIds.has(identity(f)) || kept.has(f));
  const judgedIds = new Set(judged.map(identity));
  return [...judged, ...lenient.filter((f) => !judgedIds.has(identity(f)))];
}

/**
 * Least confidence of every character of a figure (OCR's own, `Word.confidence` on an OCR page)
 * at which the figure is taken as read right. Measured on 1,041 amounts Tesseract read from
 * genuine pages captured badly (100, 120 and 150 dpi scans, 150 dpi photos at JPEG 55): none of
 * the 52 misread or broken ones was read at 0.9 or more; 669 of the 989 read right were at 0.95
 * or more.
 */
export const SURE_READING = 0.95;

/** A number as written in a word: with or without thousands separators and decimals. */
const DIGITS = /\d[\d,]*(\.\d+)?/;

/** How many digits the whole part of a written number has. */
const wholeDigits = (written: string): number => written.split('.')[0]!.replace(/\D/g, '').replace(/^0+/, '').length;

/** Digits distinctive enough that two words reading them alike print the same figure: four or more, with cents that are not 00. */
const DISTINCTIVE = /^(?=(\D*\d){4})[\d,]*\.(?!00)\d{2}$/;

/**
 * `ctx` with the one word holding the figure's digits rewritten to the misreading's value;
 * undefined when no single word holds them; `refuted` when the page could not have printed the
 * value so read: OCR read the word surely (`SURE_READING`; on a `photo`, and the page's prints rule
 * the misread digit out), another word holds the same distinctive digits (a figure printed twice
 * and read alike both times was read as printed), the misreading adds or drops a digit the word's
 * printed width has no room for or needs (not on a photo), or it gives cents to a figure printed
 * without.
 */
function readAs(ctx: TableContext, { figure, value }: Misreading, photo: boolean): TableContext | 'refuted' | undefined {
  const { box } = figure;
  const page = ctx.pages.find((p) => p.number === box.page);
  const words = page && ctx.words(page);
  if (!words) return undefined;
  const inside = (w: Word): boolean => w.x0 >= box.x0 - 0.5 && w.x1 <= box.x1 + 0.5 && w.y0 >= box.y0 - 0.5 && w.y1 <= box.y1 + 0.5;
  const holders = words.filter((w) => inside(w) && DIGITS.test(w.text));
  if (holders.length !== 1) return undefined;
  const holder = holders[0]!;
  const digits = holder.text.match(DIGITS)![0];
  // OCR's confidence is in the characters it read: it vouches against a digit confused or added,
  // not for a digit it lost (a narrow 1 beside another), which the word's width judges
  const lost = wholeDigits(formatMoney(value.abs())) > wholeDigits(digits);
  const decimals = digits.split('.')[1]?.length ?? 0;
  if (decimals !== 2 && !value.isInteger()) return 'refuted';
  const money = formatMoney(value.abs());
  const written = decimals === 2 ? money : money.slice(0, -3);
  const text = holder.text.replace(DIGITS, digits.includes(',') ? written : written.replace(/,/g, ''));
  if (!lost && (holder.confidence ?? 0) >= SURE_READING && (!photo || printRulesOut(holder, text))) return 'refuted';
  if (DISTINCTIVE.test(digits) && words.some((w) => w !== holder && w.text.match(DIGITS)?.[0] === digits)) return 'refuted';
  if (!photo && !fitsWidth(holder, text, words)) return 'refuted';
  const rewritten = words.map((w) => (w === holder ? { ...w, text } : w));
  return {
    pages: ctx.pages,
    category: ctx.category,
    words: (p) => (p.number === box.page ? rewritten : ctx.words(p)),
    fromOcr: (p) => ctx.fromOcr(p),
  };
}

/** True when `text` changes one character of the word OCR read to a digit the page's prints of digits rule out there. */
function printRulesOut(holder: Word, text: string): boolean {
  if (text.length !== holder.text.length || holder.ruledOut?.length !== text.length) return false;
  const changed = [...text].flatMap((c, i) => (c === holder.text[i] ? [] : [i]));
  return changed.length === 1 && (holder.ruledOut?.[changed[0]!] ?? '').includes(text[changed[0]!]!);
}

/** Advance widths in ems of a figure's characters (digits and currency signs are tabular in document fonts). */
const ADVANCE: Record<string, number> = { ',': 0.278, '.': 0.278, '-': 0.333, '(': 0.333, ')': 0.333 };
const DIGIT_ADVANCE = 0.556;
/** A word that is a figure and nothing else. */
const FIGURE_WORD = /^[-$(]*\d[\d,]*\.\d{2}\)?$/;
const ems = (text: string): number => [...text].reduce((sum, c) => sum + (ADVANCE[c] ?? DIGIT_ADVANCE), 0);

/**
 * False when `text` has another number of characters than the word OCR read and the word's box,
 * measured against the other figures of its size on the page, fits what OCR read and not `text`:
 * a digit OCR added or lost changes a figure's printed width by a digit's advance.
 */
function fitsWidth(holder: Word, text: string, words: readonly Word[]): boolean {
  if (text.length === holder.text.length || !FIGURE_WORD.test(holder.text)) return true;
  const height = holder.y1 - holder.y0;
  const scales = words
    .filter((w) => w !== holder && FIGURE_WORD.test(w.text) && Math.abs(w.y1 - w.y0 - height) <= 0.2 * height)
    .map((w) => (w.x1 - w.x0) / ems(w.text))
    .sort((a, b) => a - b);
  // too few figures of its size to measure a digit by
  if (scales.length < 3) return true;
  const scale = scales[scales.length >> 1]!;
  const width = holder.x1 - holder.x0;
  const offAsRead = Math.abs(width / (ems(holder.text) * scale) - 1);
  const offAsText = Math.abs(width / (ems(text) * scale) - 1);
  return !(offAsText > 0.1 && offAsText > offAsRead + 0.05);
}
