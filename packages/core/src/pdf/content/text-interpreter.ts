// The core's content-stream text interpreter: runs a page's content (text state, text and line
// matrices, the CTM, q/Q, form XObjects, marked content) and produces positioned text items with
// the same item and spacing rules as pdf.js's getTextContent, so the two agree word for word.
// It reads a page only where every font is certain (see fonts/text-font.ts) and the text is
// horizontal left-to-right; otherwise it returns `unsupported` with the reason, and the caller
// uses the `PdfText` port (pdf.js) for that page.

import type { PageText, TextItem } from '../../platform.js';
import { loadTextFont, type TextFont, type TextGlyph } from '../fonts/text-font.js';
import { asArray, asDict, asName, asNumber, type PdfDict, type PdfObject, PdfStream, PdfString } from '../objects.js';
import type { PageNode } from '../pages.js';
import type { ObjectView, PdfFile } from '../pdf-file.js';
import { nameOf, numberOf, type Operand, readOperations } from './operations.js';

type Matrix = [number, number, number, number, number, number];

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const TRACKING_SPACE_FACTOR = 0.102;
const NOT_A_SPACE_FACTOR = 0.03;
const NEGATIVE_SPACE_FACTOR = -0.2;
const SPACE_IN_FLOW_MIN_FACTOR = 0.102;
const SPACE_IN_FLOW_MAX_FACTOR = 0.6;
const VERTICAL_SHIFT_RATIO = 0.25;
const MAX_OPERATIONS = 2_000_000;
const MAX_FORM_DEPTH = 12;
const WHITESPACE = /^\s/u;
const ZERO_WIDTH_DIACRITIC = /^\p{Mn}$/u;
const FORMAT_MARK = /^\p{Cf}$/u;
/** Scripts whose glyphs readers reorder or shape (right-to-left, Indic): declined, not guessed. */
const REORDERED_SCRIPT = /[\u0590-\u08ff\u0900-\u0dff\u0f00-\u0fff\u1000-\u109f\u1780-\u17ff\ufb1d-\ufdff\ufe70-\ufefc]/u;
const NORMALIZE =
  /([\u00a0\u00b5\u037e\u0eb3\u2000-\u200a\u202f\u2126\ufb00-\ufb04\ufb06\ufb20-\ufb36\ufb38-\ufb3c\ufb3e\ufb40-\ufb41\ufb43-\ufb44\ufb46-\ufba1\ufba4-\ufba9\ufbae-\ufbb1\ufbd3-\ufbdc\ufbde-\ufbe7\ufbea-\ufbf8\ufbfc-\ufbfd\ufc00-\ufc5d\ufc64-\ufcf1\ufcf5-\ufd3d\ufd88\ufdf4\ufdfa-\ufdfb\ufe71\ufe77\ufe79\ufe7b\ufe7d]+)|(\ufb05+)/gu;

const enum Category {
  None = 0,
  Whitespace = 1,
  Diacritic = 2,
  FormatMark = 4,
  Reordered = 8,
}

const categories = new Map<string, Category>();

/** pdf.js's character categories (whitespace, zero-width diacritic, format mark), cached. */
function categoryOf(unicode: string): Category {
  let c = categories.get(unicode);
  if (c === undefined) {
    c = Category.None;
    if (WHITESPACE.test(unicode)) c |= Category.Whitespace;
    if (ZERO_WIDTH_DIACRITIC.test(unicode)) c |= Category.Diacritic;
    if (FORMAT_MARK.test(unicode)) c |= Category.FormatMark;
    if (REORDERED_SCRIPT.test(unicode)) c |= Category.Reordered;
    if (categories.size < 65536) categories.set(unicode, c);
  }
  return c;
}

/** Why the interpreter declines a page, as a value (the message says it in words). */
export type DeclineKind =
  | 'font_missing_from_resources'
  | 'font_unsupported'
  | 'script_reordered'
  | 'content_damaged'
  | 'text_without_font'
  | 'code_without_text'
  | 'content_too_long'
  | 'font_in_extgstate'
  | 'forms_too_deep'
  | 'type3_glyph';

/** Why a page could not be read with certainty. */
export class UnsupportedText extends Error {
  override readonly name = 'UnsupportedText';
  constructor(
    message: string,
    readonly kind: DeclineKind,
    /** The font resource name the decline is about, when it is about one. */
    readonly font?: string,
  ) {
    super(message);
  }
}

function mul(m1: readonly number[], m2: readonly number[]): Matrix {
  return [
    m1[0]! * m2[0]! + m1[2]! * m2[1]!,
    m1[1]! * m2[0]! + m1[3]! * m2[1]!,
    m1[0]! * m2[2]! + m1[2]! * m2[3]!,
    m1[1]! * m2[2]! + m1[3]! * m2[3]!,
    m1[0]! * m2[4]! + m1[2]! * m2[5]! + m1[4]!,
    m1[1]! * m2[4]! + m1[3]! * m2[5]! + m1[5]!,
  ];
}

/** Something painted on a page, in paint order (for overlay checks). */
export type PaintEvent =
  | {
      kind: 'text';
      box: [number, number, number, number];
      text: string;
      visible: boolean;
      /** The base font name the word is shown in (subset prefix kept). */
      font?: string;
      /** Equal for words shown through the same font dictionary (within one read of a file), different otherwise. */
      fontObject?: number;
      /** True when that font carries its program. */
      embedded?: boolean;
      /**
       * The sum of the word's glyph widths, in em: its extent when set plainly (no character
       * spacing, positioning between glyphs or horizontal scaling).
       */
      advance?: number;
      /**
       * How the content stream drew the word: the operator that placed the first line of its text
       * object (`BT` when none did: the lines after it — T*, a relative Td — are that object's
       * writer's, whoever opened it), the show operator, hex or literal strings, whether the font
       * was set inside the text object, and `form` inside a form XObject — e.g. "Td Tj () Tf".
       */
      drawnBy?: string;
      /** Decimal places of the operands that placed the line (Td, TD, Tm), up to 6: a writer's number format. */
      placeDecimals?: number;
      /** True while the word may continue in the next show operator (no whitespace ended it). */
      open?: boolean;
      /**
       * The direction the text runs in user space, counterclockwise, when it is a quarter turn
       * (90, 180 or 270: a landscape page drawn turned under /Rotate); absent for text that runs
       * left to right, or at another angle.
       */
      turn?: 90 | 180 | 270;
    }
  | { kind: 'fill'; box: [number, number, number, number]; luminance: number; alpha: number }
  | { kind: 'image'; box: [number, number, number, number] /** The image XObject (absent for inline images). */; stream?: PdfStream };

interface TextState {
  /** Text render mode (Tr). */
  renderMode: number;
  /** Luminance 0 (black) to 1 (white) of the fill colour; -1 when unknown (patterns). */
  fillLuminance: number;
  /** Number of components of the fill colour space (1 gray, 3 RGB, 4 CMYK, 0 other). */
  fillComponents: number;
  /** Fill alpha (ExtGState /ca). */
  fillAlpha: number;
  /** False while a blend mode other than Normal or a soft mask is in force (paint does not cover). */
  covers: boolean;
  /** The bounding box (device space) of the clipping path, when one was set. */
  clip: [number, number, number, number] | undefined;
  /** True once text in a clipping render mode (4-7) was shown: later paint shows through its glyphs only. */
  clipToGlyphs: boolean;
  /** True inside optional content that is off in the document's default configuration: nothing painted shows. */
  hidden: boolean;
  ctm: Matrix;
  tm: Matrix;
  tlm: Matrix;
  font: TextFont | undefined;
  fontKey: string | undefined;
  fontSize: number;
  charSpacing: number;
  wordSpacing: number;
  hScale: number;
  leading: number;
  rise: number;
}

function cloneState(s: TextState): TextState {
  return {
    renderMode: s.renderMode,
    fillLuminance: s.fillLuminance,
    fillComponents: s.fillComponents,
    fillAlpha: s.fillAlpha,
    covers: s.covers,
    clip: s.clip,
    clipToGlyphs: s.clipToGlyphs,
    hidden: s.hidden,
    ctm: s.ctm.slice() as Matrix,
    tm: s.tm.slice() as Matrix,
    tlm: s.tlm.slice() as Matrix,
    font: s.font,
    fontKey: s.fontKey,
    fontSize: s.fontSize,
    charSpacing: s.charSpacing,
    wordSpacing: s.wordSpacing,
    hScale: s.hScale,
    leading: s.leading,
    rise: s.rise,
  };
}

function translate(m: Matrix, x: number, y: number): void {
  m[4] = m[0] * x + m[2] * y + m[4];
  m[5] = m[1] * x + m[3] * y + m[5];
}

/** Builds text items the way pdf.js does (one instance per content stream, as pdf.js nests). */
class ItemBuilder {
  private str: string[] = [];
  private initialized = false;
  private transform: Matrix = IDENTITY;
  /** Text transform after the last glyph with width (reused array; `hasPrev` says if set). */
  private readonly prevTransform: Matrix = [1, 0, 0, 1, 0, 0];
  private hasPrev = false;
  /** Scratch for the current glyph's transform (no allocation per glyph). */
  private readonly glyphTransform: Matrix = [1, 0, 0, 1, 0, 0];
  private prevTextRise = 0;
  private width = 0;
  private totalWidth = 0;
  private height = 0;
  private fontName = '';
  private textAdvanceScale = 0;
  private trackingSpaceMin = Infinity;
  private notASpace = -Infinity;
  private negativeSpaceMax = -Infinity;
  private spaceInFlowMin = 0;
  private spaceInFlowMax = 0;
  private readonly lastChars = [' ', ' '];
  private lastPos = 0;
  private current: TextState | undefined;

  constructor(
    private readonly items: TextItem[],
    private readonly viewBox: readonly [number, number, number, number],
  ) {}

  private saveLastChar(char: string): boolean {
    const next = (this.lastPos + 1) % 2;
    const ret = this.lastChars[this.lastPos] !== ' ' && this.lastChars[next] === ' ';
    this.lastChars[this.lastPos] = char;
    this.lastPos = next;
    return ret;
  }

  private shouldAddWhitespace(): boolean {
    return this.lastChars[this.lastPos] !== ' ' && this.lastChars[(this.lastPos + 1) % 2] === ' ';
  }

  private resetLastChars(): void {
    this.lastChars[0] = this.lastChars[1] = ' ';
    this.lastPos = 0;
  }

  private pushWhitespace(width: number, transform: Matrix | undefined): void {
    const t = transform ?? (this.hasPrev ? this.prevTransform : IDENTITY);
    this.items.push({ str: ' ', x: t[4], y: t[5], width, height: 0, fontName: this.fontName });
  }

  private ensure(s: TextState): void {
    if (this.initialized) return;
    this.fontName = s.fontKey ?? '';
    const trm = textTransformInto(s, [1, 0, 0, 1, 0, 0]);
    this.transform = trm;
    this.width = this.totalWidth = 0;
    this.height = Math.hypot(trm[2], trm[3]);
    this.textAdvanceScale = Math.hypot(s.ctm[0], s.ctm[1]) * Math.hypot(s.tlm[0], s.tlm[1]);
    this.trackingSpaceMin = s.fontSize * TRACKING_SPACE_FACTOR;
    this.notASpace = s.fontSize * NOT_A_SPACE_FACTOR;
    this.negativeSpaceMax = s.fontSize * NEGATIVE_SPACE_FACTOR;
    this.spaceInFlowMin = s.fontSize * SPACE_IN_FLOW_MIN_FACTOR;
    this.spaceInFlowMax = s.fontSize * SPACE_IN_FLOW_MAX_FACTOR;
    this.initialized = true;
  }

  /** A builder for a nested content stream (a form XObject): same output, fresh item state. */
  nested(): ItemBuilder {
    return new ItemBuilder(this.items, this.viewBox);
  }

  /** pdf.js's updateAdvanceScale, run when the text matrix is set. */
  updateAdvanceScale(s: TextState): void {
    if (!this.initialized) return;
    const scale = Math.hypot(s.ctm[0], s.ctm[1]) * Math.hypot(s.tlm[0], s.tlm[1]);
    if (scale === this.textAdvanceScale) return;
    this.totalWidth += this.width * this.textAdvanceScale;
    this.width = 0;
    this.textAdvanceScale = scale;
  }

  flush(): void {
    if (!this.initialized) return;
    this.totalWidth += this.width * this.textAdvanceScale;
    const text = this.str
      .join('')
      .replace(NORMALIZE, (_, p1: string | undefined, p2: string | undefined) => (p1 ? p1.normalize('NFKC') : 'ſt'.repeat((p2 ?? '').length)));
    this.items.push({
      str: text,
      x: this.transform[4],
      y: this.transform[5],
      width: Math.abs(this.totalWidth),
      height: Math.abs(this.height),
      fontName: this.fontName,
    });
    this.initialized = false;
    this.str.length = 0;
  }

  private appendEOL(s: TextState): void {
    this.resetLastChars();
    if (this.initialized) this.flush();
    else {
      const t = textTransformInto(s, [1, 0, 0, 1, 0, 0]);
      this.items.push({ str: '', x: t[4], y: t[5], width: 0, height: 0, fontName: s.fontKey ?? '' });
    }
  }

  private addFakeSpaces(width: number, orientation: number, s: TextState): boolean {
    if (orientation * this.spaceInFlowMin <= width && width <= orientation * this.spaceInFlowMax) {
      if (this.initialized) {
        this.resetLastChars();
        this.str.push(' ');
      }
      return false;
    }
    const prev = this.hasPrev ? this.prevTransform : undefined;
    this.flush();
    this.resetLastChars();
    this.pushWhitespace(Math.abs(width), prev ?? textTransformInto(s, [1, 0, 0, 1, 0, 0]));
    return true;
  }

  /** pdf.js's compareWithLastPosition for horizontal text; false when the glyph is off the page. */
  private compare(s: TextState, glyphWidth: number): boolean {
    const cur = textTransformInto(s, this.glyphTransform);
    let posX = cur[4];
    let posY = cur[5];
    const [vx0, vy0, vx1, vy1] = this.viewBox;
    if (posX + glyphWidth < vx0 || posX > vx1 || posY < vy0 || posY > vy1) return false;
    if (!this.hasPrev) return true;
    let lastX = this.prevTransform[4];
    let lastY = this.prevTransform[5];
    if (lastX === posX && lastY === posY) return true;
    let rotate = -1;
    if (cur[0] && cur[1] === 0 && cur[2] === 0) rotate = cur[0] > 0 ? 0 : 180;
    else if (cur[1] && cur[0] === 0 && cur[3] === 0) rotate = cur[1] > 0 ? 90 : 270;
    if (rotate === 90) [posX, posY, lastX, lastY] = [posY, posX, lastY, lastX];
    else if (rotate === 180) [posX, posY, lastX, lastY] = [-posX, -posY, -lastX, -lastY];
    else if (rotate === 270) [posX, posY, lastX, lastY] = [-posY, -posX, -lastY, -lastX];
    else if (rotate === -1) {
      const inv = (x: number, y: number, m: Matrix): [number, number] => {
        const scale = Math.hypot(m[0], m[1]);
        return [(m[0] * x + m[1] * y) / scale, (m[2] * x + m[3] * y) / scale];
      };
      [posX, posY] = inv(posX, posY, cur);
      [lastX, lastY] = inv(lastX, lastY, this.prevTransform);
    }
    const advanceX = (posX - lastX) / this.textAdvanceScale;
    const advanceY = posY - lastY;
    const orientation = Math.sign(this.width || this.totalWidth);
    if (advanceX < orientation * this.negativeSpaceMax) {
      if (Math.abs(advanceY) > 0.5 * this.height) {
        this.appendEOL(s);
        return true;
      }
      this.resetLastChars();
      this.flush();
      return true;
    }
    const riseDelta = s.rise - this.prevTextRise;
    const advanceYCorrected = riseDelta === 0 ? advanceY : advanceY - (cur[3] / s.fontSize) * riseDelta;
    if (Math.abs(advanceYCorrected) > this.height) {
      this.appendEOL(s);
      return true;
    }
    if (advanceX <= orientation * this.notASpace) this.resetLastChars();
    if (advanceX <= orientation * this.trackingSpaceMin) {
      if (this.shouldAddWhitespace()) {
        this.resetLastChars();
        this.flush();
        this.pushWhitespace(Math.abs(advanceX), undefined);
      } else this.width += advanceX;
    } else if (!this.addFakeSpaces(advanceX, orientation, s)) {
      if (this.str.length === 0) {
        this.resetLastChars();
        this.pushWhitespace(Math.abs(advanceX), undefined);
      } else this.width += advanceX;
    }
    if (Math.abs(advanceY) > this.height * VERTICAL_SHIFT_RATIO) this.flush();
    return true;
  }

  /** pdf.js's buildTextContentItem: lays out `glyphs` (or only spacing when null). */
  show(s: TextState, glyphs: TextGlyph[] | null, extraSpacing: number): void {
    const cur = this.current;
    if (cur && cur !== s && (cur.fontSize !== s.fontSize || (cur.fontKey !== s.fontKey && cur.font?.name !== s.font?.name))) {
      this.flush();
      this.current = cloneState(s);
    } else if (!cur) this.current = cloneState(s);
    if (!glyphs) {
      const spacing = s.charSpacing + extraSpacing;
      if (spacing) translate(s.tm, spacing * s.hScale, 0);
      return;
    }
    for (let i = 0; i < glyphs.length; i++) {
      const g = glyphs[i]!;
      const category = categoryOf(g.unicode);
      if (category & Category.FormatMark) continue;
      if (category & Category.Reordered) throw new UnsupportedText('right-to-left or shaped script', 'script_reordered');
      let charSpacing = s.charSpacing + (i + 1 === glyphs.length ? extraSpacing : 0);
      let scaledDim = g.width * s.fontSize;
      if (g.code === 0x20) charSpacing += s.wordSpacing;
      if (category & Category.Whitespace) {
        charSpacing += scaledDim;
        translate(s.tm, charSpacing * s.hScale, 0);
        this.saveLastChar(' ');
        continue;
      }
      const diacritic = (category & Category.Diacritic) !== 0;
      if (!diacritic && !this.compare(s, scaledDim)) {
        translate(s.tm, scaledDim * s.hScale, 0);
        continue;
      }
      this.ensure(s);
      if (diacritic) scaledDim = 0;
      scaledDim *= s.hScale;
      translate(s.tm, scaledDim, 0);
      this.width += scaledDim;
      if (scaledDim) {
        textTransformInto(s, this.prevTransform);
        this.hasPrev = true;
        this.prevTextRise = s.rise;
      }
      if (this.saveLastChar(g.unicode)) this.str.push(' ');
      this.str.push(g.unicode);
      if (charSpacing) translate(s.tm, charSpacing * s.hScale, 0);
    }
  }
}

/** The text rendering matrix ctm ∘ tm ∘ [fontSize·hScale 0 0 fontSize 0 rise], written into `out`. */
function textTransformInto(s: TextState, out: Matrix): Matrix {
  const a = s.fontSize * s.hScale;
  const d = s.fontSize;
  const t = s.tm;
  const m0 = t[0] * a,
    m1 = t[1] * a,
    m2 = t[2] * d,
    m3 = t[3] * d;
  const m4 = t[2] * s.rise + t[4],
    m5 = t[3] * s.rise + t[5];
  const c = s.ctm;
  out[0] = c[0] * m0 + c[2] * m1;
  out[1] = c[1] * m0 + c[3] * m1;
  out[2] = c[0] * m2 + c[2] * m3;
  out[3] = c[1] * m2 + c[3] * m3;
  out[4] = c[0] * m4 + c[2] * m5 + c[4];
  out[5] = c[1] * m4 + c[3] * m5 + c[5];
  return out;
}

/** The intersection of two boxes (empty when x0 >= x1 or y0 >= y1). */
function intersect(a: [number, number, number, number], b: [number, number, number, number]): [number, number, number, number] {
  return [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.min(a[2], b[2]), Math.min(a[3], b[3])];
}

const fontObjects = new WeakMap<TextFont, number>();
let fontObjectCount = 0;

/** A number for the font dictionary a font was loaded from (the interpreter loads each dictionary once). */
function fontObjectOf(font: TextFont): number {
  let n = fontObjects.get(font);
  if (n === undefined) {
    n = ++fontObjectCount;
    fontObjects.set(font, n);
  }
  return n;
}

/** How the words of one show operator were drawn (see `drawnBy` on text paint events). */
interface DrawnBy {
  style: string;
  decimals: number;
}

/** Decimal places a number was written with (0 to 6), read from its value: 72 → 0, 699.9833 → 4. */
function decimalsOf(v: number): number {
  for (let d = 0; d < 6; d++) {
    const r = v * 10 ** d;
    if (Math.abs(r - Math.round(r)) < 1e-4) return d;
  }
  return 6;
}

/** Gap, in em, under which glyphs drawn by separate operators still belong to one word. */
const WORD_JOIN_GAP = 0.15;

/** Where an open text event's last glyph ended, and the direction and em of its text (user space). */
interface RunEnd {
  x: number;
  y: number;
  /** Unit vector of the advance. */
  dx: number;
  dy: number;
  em: number;
}
const runEnds = new WeakMap<PaintEvent, RunEnd>();

/** The end of a run whose text rendering matrix is `origin`, `end` em along it. */
function runEnd(origin: Matrix, end: number): RunEnd {
  const along = Math.hypot(origin[0], origin[1]) || 1;
  return {
    x: origin[0] * end + origin[4],
    y: origin[1] * end + origin[5],
    dx: origin[0] / along,
    dy: origin[1] / along,
    em: Math.hypot(origin[2], origin[3]),
  };
}

/**
 * Whether a word starting at `start` of a run drawn along `next` continues the run that ended
 * at `last`: the same direction, on its baseline (within 0.2 em across), from half an em back
 * (kerning) to 0.15 em on (in the last run's em), measured along the text whatever its rotation
 * on the page.
 */
function continuesRun(last: RunEnd, start: { x: number; y: number }, next: RunEnd): boolean {
  if (last.dx * next.dx + last.dy * next.dy < 0.999) return false;
  const gx = start.x - last.x;
  const gy = start.y - last.y;
  const along = gx * last.dx + gy * last.dy;
  const across = gy * last.dx - gx * last.dy;
  return Math.abs(across) < 0.2 * last.em && along >= -0.5 * last.em && along <= WORD_JOIN_GAP * last.em;
}

/** The quarter turn (90, 180, 270) a text matrix runs its text in, or undefined for none (0) or another angle. */
function quarterTurn(m: Matrix): 90 | 180 | 270 | undefined {
  const [a, b] = [m[0], m[1]];
  if (Math.abs(a) > 1e-6 * Math.abs(b) || b === 0) return a < 0 && Math.abs(b) <= 1e-6 * Math.abs(a) ? 180 : undefined;
  return b > 0 ? 90 : 270;
}

/**
 * Records one text paint event per word of a shown string: glyph cells from −0.2 to +0.8 em
 * around the baseline, advanced by width, character and word spacing, starting at `origin`. A word
 * continues the previous event when that one ended mid-word on the same baseline within
 * 0.15 em (generators that place every glyph, or every kerned pair, with its own operator), in the
 * text's own direction (rotated pages too).
 */
function recordWords(paint: PaintEvent[], origin: Matrix, glyphs: TextGlyph[], s: TextState, drawn: DrawnBy): void {
  const size = s.fontSize || 1;
  // mode 3 paints nothing; mode 7 adds the glyphs to the clip, so what is painted next shows through them
  const visible = s.renderMode !== 3;
  let x = 0; // advance in units of the text rendering matrix (em · hScale)
  let word = '';
  let wordStart = 0;
  let advance = 0;
  const flush = (end: number, open: boolean): void => {
    if (!word) return;
    const pts = [
      [wordStart, -0.2],
      [end, -0.2],
      [wordStart, 0.8],
      [end, 0.8],
    ].map(([u, v]) => [origin[0] * u! + origin[2] * v! + origin[4], origin[1] * u! + origin[3] * v! + origin[5]]);
    const xs = pts.map((p) => p[0]!);
    const ys = pts.map((p) => p[1]!);
    const box: [number, number, number, number] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
    const last = paint[paint.length - 1];
    const ends = runEnd(origin, end);
    const lastEnd = last?.kind === 'text' && last.open ? runEnds.get(last) : undefined;
    if (last?.kind === 'text' && lastEnd && last.visible === visible && wordStart === 0 && continuesRun(lastEnd, { x: origin[4], y: origin[5] }, ends)) {
      last.text += word;
      // an advance in em adds up only within one size
      if (last.advance !== undefined && Math.abs(lastEnd.em - ends.em) <= 0.01 * ends.em) last.advance += advance;
      else delete last.advance;
      last.box = [Math.min(last.box[0], box[0]), Math.min(last.box[1], box[1]), Math.max(last.box[2], box[2]), Math.max(last.box[3], box[3])];
      last.open = open;
      runEnds.set(last, ends);
      return;
    }
    if (last?.kind === 'text') delete last.open;
    const event: PaintEvent = { kind: 'text', box, text: word, visible, advance, drawnBy: drawn.style, placeDecimals: drawn.decimals };
    const turn = quarterTurn(origin);
    if (turn) event.turn = turn;
    if (s.font) {
      event.font = s.font.name;
      event.fontObject = fontObjectOf(s.font);
      event.embedded = s.font.embedded;
    }
    if (open) event.open = true;
    runEnds.set(event, ends);
    paint.push(event);
  };
  for (const g of glyphs) {
    const space = g.unicode.trim() === '';
    if (space) {
      flush(x, false);
      word = '';
      advance = 0;
      const last = paint[paint.length - 1];
      if (last?.kind === 'text') delete last.open;
    } else if (!word) wordStart = x;
    if (!space) {
      word += g.unicode;
      advance += g.width;
    }
    x += g.width + (s.charSpacing + (g.code === 0x20 ? s.wordSpacing : 0)) / size;
  }
  flush(x, true);
}

/** The user-space bounding box of the unit square under `ctm` (where an image is drawn). */
function unitSquare(c: Matrix): [number, number, number, number] {
  const xs = [c[4], c[0] + c[4], c[2] + c[4], c[0] + c[2] + c[4]];
  const ys = [c[5], c[1] + c[5], c[3] + c[5], c[1] + c[3] + c[5]];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

/** Luminance 0..1 of a colour given its components (gray, RGB or CMYK); -1 when unknown. */
function luminance(values: number[], components: number): number {
  const v = values.map((x) => Math.min(1, Math.max(0, x)));
  if (components === 1 && v.length >= 1) return v[0]!;
  if (components === 3 && v.length >= 3) return 0.299 * v[0]! + 0.587 * v[1]! + 0.114 * v[2]!;
  if (components === 4 && v.length >= 4) {
    const k = v[3]!;
    return (0.299 * (1 - v[0]!) + 0.587 * (1 - v[1]!) + 0.114 * (1 - v[2]!)) * (1 - k);
  }
  return -1;
}

/** Reads the text of pages with the core's own interpreter. */
export class TextInterpreter {
  private readonly fonts = new Map<PdfDict, TextFont>();
  private operations = 0;

  constructor(
    private readonly file: PdfFile,
    private readonly view: ObjectView,
  ) {}

  private readonly fontsByName = new Map<PdfDict | undefined, Map<string, TextFont>>();

  /** Components of a fill colour space named by `cs` (0 for patterns and spaces we do not read). */
  private colourComponents(resources: PdfDict | undefined, name: string | undefined): number {
    if (name === 'DeviceGray' || name === 'G' || name === 'CalGray') return 1;
    if (name === 'DeviceRGB' || name === 'RGB' || name === 'CalRGB') return 3;
    if (name === 'DeviceCMYK' || name === 'CMYK') return 4;
    const cs = this.view.resolve(asDict(this.view.resolve(resources?.get('ColorSpace')))?.get(name ?? ''));
    const arr = asArray(cs);
    if (asName(arr?.[0]) === 'ICCBased') {
      const n = asNumber(asDict(this.view.resolve(arr?.[1]))?.get('N'));
      return n === 1 || n === 3 || n === 4 ? n : 0;
    }
    return 0;
  }

  private font(resources: PdfDict | undefined, name: string): TextFont {
    let byName = this.fontsByName.get(resources);
    if (!byName) {
      byName = new Map();
      this.fontsByName.set(resources, byName);
    }
    const known = byName.get(name);
    if (known) return known;
    const font = this.loadFont(resources, name);
    byName.set(name, font);
    return font;
  }

  private loadFont(resources: PdfDict | undefined, name: string): TextFont {
    const dict = asDict(this.view.resolve(asDict(this.view.resolve(resources?.get('Font')))?.get(name)));
    if (!dict) throw new UnsupportedText(`font /${name} is missing from the resources`, 'font_missing_from_resources', name);
    let font = this.fonts.get(dict);
    if (!font) {
      const loaded = loadTextFont(this.file, this.view, dict);
      if ('unsupported' in loaded) throw new UnsupportedText(loaded.unsupported, 'font_unsupported', name);
      font = loaded;
      this.fonts.set(dict, font);
    }
    return font;
  }

  private offLayers: Set<PdfDict> | undefined;

  /**
   * True when the optional content a BDC names (a property list by name, or inline) is off in the
   * document's default configuration: an optional content group listed in /OFF, or a membership
   * dictionary all of whose groups are.
   */
  private layerOff(resources: PdfDict | undefined, operand: PdfObject | undefined): boolean {
    if (!this.offLayers) {
      const config = asDict(this.view.resolve(asDict(this.view.resolve(this.view.catalog()?.get('OCProperties')))?.get('D')));
      const off = asArray(this.view.resolve(config?.get('OFF'))) ?? [];
      this.offLayers = new Set(off.map((o) => asDict(this.view.resolve(o))).filter((d): d is PdfDict => d !== undefined));
    }
    if (this.offLayers.size === 0) return false;
    const name = nameOf(operand);
    const props = asDict(this.view.resolve(name === undefined ? operand : asDict(this.view.resolve(resources?.get('Properties')))?.get(name)));
    if (!props) return false;
    if (this.offLayers.has(props)) return true;
    if (asName(props.get('Type')) !== 'OCMD') return false;
    const groups = this.view.resolve(props.get('OCGs'));
    const list = (asArray(groups) ?? [groups]).map((g) => asDict(this.view.resolve(g))).filter((d): d is PdfDict => d !== undefined);
    return list.length > 0 && list.every((g) => this.offLayers!.has(g));
  }

  private decodeContent(stream: PdfStream): Uint8Array {
    const decoded = this.file.decode(stream);
    if (decoded.damaged) throw new UnsupportedText('damaged content stream', 'content_damaged');
    return decoded.data;
  }

  /**
   * The page's text items, or throws `UnsupportedText`. With `paint`, also records every text run
   * and filled path in paint order.
   */
  pageText(page: PageNode, paint?: PaintEvent[]): PageText {
    const items: TextItem[] = [];
    const streams = this.view.resolve(page.dict.get('Contents'));
    const list = (Array.isArray(streams) ? streams.map((x) => this.view.resolve(x)) : [streams]).filter((x): x is PdfStream => x instanceof PdfStream);
    const chunks = list.map((s) => this.decodeContent(s));
    const data = new Uint8Array(chunks.reduce((n, c) => n + c.length + 1, 0));
    let o = 0;
    for (const c of chunks) {
      data.set(c, o);
      o += c.length;
      data[o++] = 0x0a;
    }
    const state: TextState = {
      renderMode: 0,
      fillLuminance: 0,
      fillComponents: 1,
      fillAlpha: 1,
      covers: true,
      clip: undefined,
      clipToGlyphs: false,
      hidden: false,
      ctm: [...IDENTITY] as Matrix,
      tm: [...IDENTITY] as Matrix,
      tlm: [...IDENTITY] as Matrix,
      font: undefined,
      fontKey: undefined,
      fontSize: 0,
      charSpacing: 0,
      wordSpacing: 0,
      hScale: 1,
      leading: 0,
      rise: 0,
    };
    this.run(data, page.resources, state, new ItemBuilder(items, page.cropBox), 0, new Set(), paint);
    const [x0, y0, x1, y1] = page.mediaBox;
    return { page: page.number, width: x1 - x0, height: y1 - y0, items };
  }

  private run(
    data: Uint8Array,
    resources: PdfDict | undefined,
    initial: TextState,
    builder: ItemBuilder,
    depth: number,
    forms: Set<PdfStream>,
    paint: PaintEvent[] | undefined,
  ): void {
    const stack: TextState[] = [];
    let s = initial;
    let path: [number, number, number, number] | undefined;
    /** Whether paint was hidden before each open marked-content sequence. */
    const marked: boolean[] = [];
    /** True after W or W*: the next path-painting operator also sets the clip. */
    let clipPending = false;
    /** What placed the text object's first line, the decimals the current line was placed with, and whether Tf came inside the object. */
    let placedBy = 'BT';
    let placeDecimals = 0;
    let fontInText = false;
    let inText = false;
    const placed = (op: string, count: number, operands: readonly Operand[]): void => {
      if (placedBy === 'BT') placedBy = op;
      placeDecimals = 0;
      for (let i = 0; i < count; i++) placeDecimals = Math.max(placeDecimals, decimalsOf(numberOf(operands[i])));
    };
    /** Ends the current path: a pending clip narrows to it. */
    const endPath = (): void => {
      if (clipPending && path) s.clip = s.clip ? intersect(s.clip, path) : path;
      clipPending = false;
      path = undefined;
    };
    const addPoint = (x: number, y: number): void => {
      const c = s.ctm;
      const px = c[0] * x + c[2] * y + c[4];
      const py = c[1] * x + c[3] * y + c[5];
      if (!path) path = [px, py, px, py];
      else path = [Math.min(path[0], px), Math.min(path[1], py), Math.max(path[2], px), Math.max(path[3], py)];
    };
    const showString = (bytes: Uint8Array, extra: number, show: string, hex: boolean): void => {
      if (!s.font) throw new UnsupportedText('text shown without a font', 'text_without_font');
      const glyphs = s.font.decode(bytes);
      if (!glyphs) throw new UnsupportedText(`a code of ${s.font.name} has no certain text`, 'code_without_text', s.font.name);
      const origin = paint ? textTransformInto(s, [1, 0, 0, 1, 0, 0]) : undefined;
      builder.show(s, glyphs, extra);
      if (paint && origin && !s.hidden) {
        const style = `${placedBy} ${show} ${hex ? '<>' : '()'}${fontInText ? ' Tf' : ''}${depth > 0 ? ' form' : ''}`;
        recordWords(paint, origin, glyphs, s, { style, decimals: placeDecimals });
      }
      if (s.renderMode >= 4) s.clipToGlyphs = true;
    };
    const setFill = (components: number[]): void => {
      s.fillLuminance = luminance(components, s.fillComponents);
    };
    readOperations(data, MAX_OPERATIONS, (op, operands) => {
      if (++this.operations > MAX_OPERATIONS)
        throw new UnsupportedText(
          `The document's content holds more than ${MAX_OPERATIONS.toLocaleString('en-US')} operations, its work budget.`,
          'content_too_long',
        );
      const num = (i: number): number => numberOf(operands[i]);
      switch (op) {
        case 'q':
          stack.push(cloneState(s));
          break;
        case 'Q':
          if (stack.length) s = stack.pop()!;
          break;
        case 'cm':
          s.ctm = mul(s.ctm, [num(0), num(1), num(2), num(3), num(4), num(5)]);
          break;
        case 'BT':
          s.tm = [...IDENTITY] as Matrix;
          s.tlm = [...IDENTITY] as Matrix;
          placedBy = 'BT';
          placeDecimals = 0;
          fontInText = false;
          inText = true;
          break;
        case 'ET':
          inText = false;
          break;
        case 'Tf': {
          if (inText) fontInText = true;
          const name = nameOf(operands[0]);
          const size = num(1);
          if (name !== undefined && !(s.font && name === s.fontKey && size === s.fontSize)) {
            s.fontKey = name;
            s.fontSize = size;
            s.font = this.font(resources, name);
          }
          break;
        }
        case 'Tc':
          s.charSpacing = num(0);
          break;
        case 'Tr':
          s.renderMode = num(0);
          break;
        case 'g':
          s.fillComponents = 1;
          setFill([num(0)]);
          break;
        case 'rg':
          s.fillComponents = 3;
          setFill([num(0), num(1), num(2)]);
          break;
        case 'k':
          s.fillComponents = 4;
          setFill([num(0), num(1), num(2), num(3)]);
          break;
        case 'cs': {
          s.fillComponents = this.colourComponents(resources, nameOf(operands[0]));
          s.fillLuminance = s.fillComponents === 0 ? -1 : 0; // the initial colour of every device space is black
          break;
        }
        case 'sc':
        case 'scn': {
          const values = operands.filter((o): o is number => typeof o === 'number');
          if (nameOf(operands[operands.length - 1]) !== undefined || s.fillComponents === 0)
            s.fillLuminance = -1; // pattern
          else setFill(values);
          break;
        }
        case 'm':
        case 'l':
          if (paint) addPoint(num(0), num(1));
          break;
        case 'c':
          if (paint) {
            addPoint(num(0), num(1));
            addPoint(num(2), num(3));
            addPoint(num(4), num(5));
          }
          break;
        case 'v':
        case 'y':
          if (paint) {
            addPoint(num(0), num(1));
            addPoint(num(2), num(3));
          }
          break;
        case 're':
          if (paint) {
            const [x, y, w, h] = [num(0), num(1), num(2), num(3)];
            addPoint(x, y);
            addPoint(x + w, y);
            addPoint(x, y + h);
            addPoint(x + w, y + h);
          }
          break;
        case 'f':
        case 'F':
        case 'f*':
        case 'B':
        case 'B*':
        case 'b':
        case 'b*':
          if (paint && path && !s.hidden) {
            // paint clipped to glyphs shows through them only, and a clip narrows what a fill covers
            const box = s.clip ? intersect(s.clip, path) : path;
            if (box[2] > box[0] && box[3] > box[1]) {
              paint.push({ kind: 'fill', box, luminance: s.fillLuminance, alpha: s.covers && !s.clipToGlyphs ? s.fillAlpha : 0 });
            }
          }
          endPath();
          break;
        case 'W':
        case 'W*':
          clipPending = true;
          break;
        case 'n':
        case 'S':
        case 's':
          endPath();
          break;
        case 'Tw':
          s.wordSpacing = num(0);
          break;
        case 'Tz':
          s.hScale = num(0) / 100;
          break;
        case 'TL':
          s.leading = num(0);
          break;
        case 'Ts':
          s.rise = num(0);
          break;
        case 'Td':
          placed(op, 2, operands);
          translate(s.tlm, num(0), num(1));
          s.tm = [...s.tlm] as Matrix;
          break;
        case 'TD':
          placed(op, 2, operands);
          s.leading = -num(1);
          translate(s.tlm, num(0), num(1));
          s.tm = [...s.tlm] as Matrix;
          break;
        case 'Tm':
          placed(op, 6, operands);
          s.tm = [num(0), num(1), num(2), num(3), num(4), num(5)];
          s.tlm = [...s.tm] as Matrix;
          builder.updateAdvanceScale(s);
          break;
        case 'T*':
          if (placedBy === 'BT') placedBy = op;
          translate(s.tlm, 0, -s.leading);
          s.tm = [...s.tlm] as Matrix;
          break;
        case 'Tj':
          if (operands[0] instanceof PdfString) showString(operands[0].bytes, 0, op, operands[0].hex);
          break;
        case "'":
          if (placedBy === 'BT') placedBy = op;
          translate(s.tlm, 0, -s.leading);
          s.tm = [...s.tlm] as Matrix;
          if (operands[0] instanceof PdfString) showString(operands[0].bytes, 0, op, operands[0].hex);
          break;
        case '"':
          s.wordSpacing = num(0);
          s.charSpacing = num(1);
          translate(s.tlm, 0, -s.leading);
          s.tm = [...s.tlm] as Matrix;
          if (placedBy === 'BT') placedBy = op;
          if (operands[2] instanceof PdfString) showString(operands[2].bytes, 0, op, operands[2].hex);
          break;
        case 'TJ': {
          if (!s.font) throw new UnsupportedText('text shown without a font', 'text_without_font');
          const factor = -s.fontSize / 1000;
          const items = asArray(operands[0] as PdfObject | undefined) ?? [];
          const hex = items.some((el) => el instanceof PdfString && el.hex);
          let buffer: number[] = [];
          for (const el of items) {
            if (el instanceof PdfString) buffer.push(...el.bytes);
            else if (typeof el === 'number' && el !== 0) {
              const bytes = Uint8Array.from(buffer);
              buffer = [];
              if (bytes.length === 0) builder.show(s, null, el * factor);
              else showString(bytes, el * factor, op, hex);
            }
          }
          if (buffer.length > 0) showString(Uint8Array.from(buffer), 0, op, hex);
          break;
        }
        case 'gs': {
          const gs = asDict(this.view.resolve(asDict(this.view.resolve(resources?.get('ExtGState')))?.get(nameOf(operands[0]) ?? '')));
          if (gs?.has('Font')) throw new UnsupportedText('font set through an ExtGState', 'font_in_extgstate');
          const ca = asNumber(this.view.resolve(gs?.get('ca')));
          if (ca !== undefined) s.fillAlpha = ca;
          if (gs?.has('BM')) {
            const bm = this.view.resolve(gs.get('BM'));
            const mode = asName(Array.isArray(bm) ? bm[0] : bm);
            s.covers = mode === undefined || mode === 'Normal' || mode === 'Compatible';
          }
          if (gs?.has('SMask') && asName(this.view.resolve(gs.get('SMask'))) !== 'None') s.covers = false;
          break;
        }
        case 'BMC':
        case 'BDC':
          builder.flush();
          marked.push(s.hidden);
          if (op === 'BDC' && nameOf(operands[0]) === 'OC' && this.layerOff(resources, operands[1])) s.hidden = true;
          break;
        case 'EMC':
          builder.flush();
          if (marked.length) s.hidden = marked.pop()!;
          break;
        case 'Do': {
          builder.flush();
          const name = nameOf(operands[0]);
          const x = name ? this.view.resolve(asDict(this.view.resolve(resources?.get('XObject')))?.get(name)) : null;
          if (paint && !s.hidden && x instanceof PdfStream && asName(x.dict.get('Subtype')) === 'Image')
            paint.push({ kind: 'image', box: unitSquare(s.ctm), stream: x });
          if (x instanceof PdfStream && asName(x.dict.get('Subtype')) === 'Form' && !forms.has(x)) {
            if (depth >= MAX_FORM_DEPTH) throw new UnsupportedText('form XObjects nested too deeply', 'forms_too_deep');
            const matrix = (asArray(this.view.resolve(x.dict.get('Matrix'))) ?? IDENTITY).map((v) => asNumber(this.view.resolve(v)) ?? 0);
            const inner = cloneState(s);
            if (matrix.length === 6) inner.ctm = mul(s.ctm, matrix);
            const innerResources = asDict(this.view.resolve(x.dict.get('Resources'))) ?? resources;
            forms.add(x);
            this.run(this.decodeContent(x), innerResources, inner, builder.nested(), depth + 1, forms, paint);
            forms.delete(x);
          }
          break;
        }
        case 'BI':
          if (paint && !s.hidden) paint.push({ kind: 'image', box: unitSquare(s.ctm) });
          break;
        case 'd0':
        case 'd1':
          throw new UnsupportedText('Type3 glyph procedure', 'type3_glyph');
      }
    });
    builder.flush();
  }
}
