// How a PDF's first save is written, byte by byte, apart from what it says: the habits of the
// software that serialised it (the comment after the header, the cross-reference form, the white
// space after `obj`, after `<<`, between a key and its value, around stream data, the order of
// the objects, the trailer's /ID). Each writer has its own habits and keeps them across the
// documents it writes; a file that names a producer but is not written with that producer's
// habits was written again by other software (`producer-fingerprints.ts` holds what genuine
// files of each producer show).
import type { PdfFile } from '../../pdf/pdf-file.js';
import { headerComment } from './file-writer.js';

/** One habit of a writer, and the value a file shows. */
export type SyntaxTrait = 'mark' | 'xref' | 'afterObj' | 'afterDictOpen' | 'typeValue' | 'streamEol' | 'beforeEndstream' | 'order' | 'id';

/** The habits one file shows (a trait is absent where the file gives no reading of it). */
export type FileSyntax = Partial<Record<SyntaxTrait, string>>;

/** Objects read for the habits that are counted (enough to see a dominant form, bounded for huge files). */
const SAMPLED_OBJECTS = 400;
/** Share of the readings one form must have to be the file's habit; below it the habit is `mixed`. */
const DOMINANT = 0.8;
/** Bytes read from an object's start for its opening habits. */
const OPENING = 48;
/** Bytes searched back from the next object's start for the `endstream` of a stream object. */
const TAIL = 96;

/** Printable form of white space: `\n`, `\r\n`, a space as `sp`, none as `none`. */
function whiteSpaceName(bytes: readonly number[]): string {
  if (bytes.length === 0) return 'none';
  return bytes.map((b) => (b === 0x0a ? '\\n' : b === 0x0d ? '\\r' : b === 0x20 ? 'sp' : b === 0x09 ? '\\t' : b === 0x00 ? '\\0' : '\\f')).join('');
}

const isWhite = (b: number | undefined): boolean => b === 0x20 || b === 0x0a || b === 0x0d || b === 0x09 || b === 0x0c || b === 0x00;

/** The white space at `data[i…]` (at most 4 bytes, the rest is cut as `…`). */
function whiteAt(data: Uint8Array, i: number): { name: string; end: number } {
  const run: number[] = [];
  let k = i;
  while (k < data.length && isWhite(data[k]) && run.length < 8) run.push(data[k++]!);
  return { name: whiteSpaceName(run.slice(0, 4)), end: k };
}

/** The white space ending just before `data[i]` (at most 4 bytes, read backwards). */
function whiteBefore(data: Uint8Array, i: number): string {
  const run: number[] = [];
  let k = i - 1;
  while (k >= 0 && isWhite(data[k]) && run.length < 4) run.unshift(data[k--]!);
  return whiteSpaceName(run);
}

/** Counts of the forms one habit took, read into the file's habit. */
class Tally {
  private readonly counts = new Map<string, number>();
  private total = 0;
  add(form: string): void {
    this.counts.set(form, (this.counts.get(form) ?? 0) + 1);
    this.total++;
  }
  /** The dominant form, `mixed` when none has `DOMINANT` of the readings, undefined without readings. */
  habit(least = 1): string | undefined {
    if (this.total < least) return undefined;
    const [form, n] = [...this.counts].sort((a, b) => b[1] - a[1])[0]!;
    return n / this.total >= DOMINANT ? form : 'mixed';
  }
}

const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));
const OBJ = ascii('obj');
const STREAM = ascii('stream');
const ENDSTREAM = ascii('endstream');
const TYPE = ascii('/Type');

/** Where `word` starts in `data[from, to)`, or -1. */
function find(data: Uint8Array, word: readonly number[], from: number, to: number): number {
  const end = Math.min(to, data.length) - word.length;
  outer: for (let i = from; i <= end; i++) {
    for (let k = 0; k < word.length; k++) if (data[i + k] !== word[k]) continue outer;
    return i;
  }
  return -1;
}

/** Where the last `word` starts in `data[from, to)`, or -1. */
function findLast(data: Uint8Array, word: readonly number[], from: number, to: number): number {
  outer: for (let i = Math.min(to, data.length) - word.length; i >= Math.max(0, from); i--) {
    for (let k = 0; k < word.length; k++) if (data[i + k] !== word[k]) continue outer;
    return i;
  }
  return -1;
}

/** The comment after the `%PDF-x.y` line (`file-writer.ts`'s reading), as hex (its first 8 bytes), `none` without one. */
function headerMark(data: Uint8Array): string {
  if (find(data, ascii('%PDF-'), 0, 1024) < 0) return 'none';
  const comment = headerComment(data);
  return comment?.length ? [...comment.subarray(0, 8)].map((b) => b.toString(16).padStart(2, '0')).join('') : 'none';
}

/**
 * The writing habits of the file's first save, read from the objects its cross-reference places
 * in the file (up to `SAMPLED_OBJECTS`, evenly spread); undefined when the first save's
 * objects could not be placed (a recovered file).
 */
export function fileSyntax(file: PdfFile): FileSyntax | undefined {
  const save = file.revisions[0];
  if (!save || save.recovered) return undefined;
  const data = file.data;
  const placed = [...save.entries].filter(([, e]) => e.type === 1 && e.offset > 0 && e.offset < save.end).sort((a, b) => a[0] - b[0]);
  if (placed.length < 3) return undefined;
  const streamed = [...save.entries.values()].some((e) => e.type === 2);
  const kinds = new Set(save.sections.map((s) => s.kind));
  const syntax: FileSyntax = {
    mark: headerMark(data),
    xref: kinds.size > 1 ? 'hybrid' : kinds.has('stream') ? (streamed ? 'stream+objstm' : 'stream') : 'table',
    id: save.trailer.map.has('ID') ? 'yes' : 'no',
  };
  // in number order, the objects whose offsets rise (a writer that writes in number order)
  let rising = 0;
  for (let k = 1; k < placed.length; k++) if (placed[k]![1].offset > placed[k - 1]![1].offset) rising++;
  const risingShare = rising / (placed.length - 1);
  const order = placed.length < 8 ? undefined : risingShare >= 0.95 ? 'ascending' : risingShare <= 0.05 ? 'descending' : 'other';
  const afterObj = new Tally();
  const afterDictOpen = new Tally();
  const typeValue = new Tally();
  const streamEol = new Tally();
  const beforeEndstream = new Tally();
  // where each object ends: the next object's start, or the first save's cross-reference data
  const starts = [...placed.map(([, e]) => e.offset), ...save.sections.map((s) => s.offset)].sort((a, b) => a - b);
  const endOf = (at: number): number => {
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! > at) hi = mid;
      else lo = mid + 1;
    }
    return starts[lo] ?? save.end;
  };
  const step = Math.max(1, placed.length / SAMPLED_OBJECTS);
  for (let s = 0; s < placed.length; s += step) {
    const at = placed[Math.floor(s)]![1].offset;
    const obj = find(data, OBJ, at, at + 24);
    if (obj < 0) continue;
    const open = whiteAt(data, obj + 3);
    afterObj.add(open.name);
    if (data[open.end] === 0x3c && data[open.end + 1] === 0x3c) {
      afterDictOpen.add(whiteAt(data, open.end + 2).name);
      const type = find(data, TYPE, open.end, open.end + OPENING * 4);
      if (type >= 0) {
        const after = whiteAt(data, type + 5);
        if (data[after.end] === 0x2f) typeValue.add(after.name);
      }
      // a stream: the end of line after its keyword, and what comes before `endstream`
      const objectEnd = endOf(at);
      const keyword = find(data, STREAM, open.end, Math.min(objectEnd, open.end + 4096));
      if (keyword >= 0 && data[keyword - 1] !== 0x64 /* not "endstream" */) {
        streamEol.add(whiteAt(data, keyword + 6).name);
        const end = findLast(data, ENDSTREAM, Math.max(keyword + 6, objectEnd - TAIL), objectEnd);
        if (end >= 0) beforeEndstream.add(whiteBefore(data, end));
      }
    }
  }
  const read: [SyntaxTrait, string | undefined][] = [
    ['order', order],
    ['afterObj', afterObj.habit(3)],
    ['afterDictOpen', afterDictOpen.habit(3)],
    ['typeValue', typeValue.habit(2)],
    ['streamEol', streamEol.habit(2)],
    ['beforeEndstream', beforeEndstream.habit(2)],
  ];
  for (const [trait, form] of read) if (form !== undefined) syntax[trait] = form;
  return syntax;
}

/**
 * A producer's name without its version, build, platform notes or marks ("LibreOffice 7.4" and
 * "LibreOffice 24.2" are `libreoffice`, "Skia/PDF m156" `skia/pdf`, "pdfTeX-1.40.16" `pdftex`):
 * what a writer's habits are kept under.
 */
export function producerFamily(producer: string): string {
  return producer
    .toLowerCase()
    .replace(/\(.*?\)/g, ' ')
    .replace(/\b[vm]?\d[\w.]*/g, ' ')
    .replace(/[^a-z/+ ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
