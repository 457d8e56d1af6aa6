// A parsed PDF file: its cross-reference sections grouped into revisions (one per save: the
// original and each incremental update, a linearized file's first-page section merged into its
// main one), and object views that resolve indirect objects as of any revision. Resolution is
// lazy and cached, reads object streams, decrypts through the standard security handler, and
// falls back to the `N G obj` markers of the WebAssembly scanner when offsets are broken or the
// cross-reference data is missing altogether (recovery).
import { UnreadableDocumentError } from '../errors.js';
import { type DecodedStream, decodeStreamData } from './filters/decode.js';
import { Lexer, lastIndexOfAscii, Tok } from './lexer.js';
import { Budget, DEFAULT_LIMITS, type ParseLimits } from './limits.js';
import { type MarkerTable, scanMarkers } from './markers.js';
import { asArray, asDict, asInt, asName, PdfDict, type PdfObject, PdfRef, PdfStream, PdfString } from './objects.js';
import { listPages, type PageNode } from './pages.js';
import { parseIndirectObject, parseObject } from './parser.js';
import { type EncryptionInfo, SecurityHandler } from './security.js';
import { parseXrefSection, readStartxref, type XrefEntry, type XrefSection } from './xref.js';

/** One save of the file: the original (index 0) or an incremental update. */
export interface RevisionSection {
  index: number;
  /** Byte range `[start, end)` this save wrote; `end` is just past its `%%EOF` line. */
  start: number;
  end: number;
  /** Cross-reference sections of this save (several for hybrid or linearized files). */
  sections: XrefSection[];
  /** Entries this save wrote. */
  entries: Map<number, XrefEntry>;
  /** Its trailer (merged over its sections). */
  trailer: PdfDict;
  /** True when the entries came from scanning `N G obj` markers, not from xref data. */
  recovered: boolean;
}

/** Options for opening a PDF. */
export interface OpenOptions {
  limits?: Partial<ParseLimits>;
}

type HistoryItem = { rev: number; entry: XrefEntry };

/** A parsed PDF file. */
export class PdfFile {
  readonly budget: Budget;
  readonly markers: MarkerTable;
  readonly revisions: RevisionSection[] = [];
  /** True when the file carries a linearization dictionary. */
  linearized = false;
  /** True when any part of the structure had to be recovered by scanning. */
  recovered = false;
  /** Encryption facts, when the file is encrypted and opened with the empty user password. */
  encryption?: EncryptionInfo;
  private security?: SecurityHandler;
  private encryptRef?: number;
  private readonly history = new Map<number, HistoryItem[]>();
  private markerIndex?: Map<number, number[]>;
  private readonly offsetCache = new Map<number, { num: number; gen: number; value: PdfObject }>();
  private readonly objStmCache = new Map<XrefEntry, { offsets: Map<number, number>; data: Uint8Array; first: number }>();
  private readonly views: ObjectView[] = [];

  private constructor(
    readonly data: Uint8Array,
    limits: ParseLimits,
  ) {
    this.budget = new Budget(limits, data.length);
    this.markers = scanMarkers(data);
  }

  /** Parses `data`; throws `UnreadableDocumentError`, `LimitExceededError` or `FileEncryptedError`. */
  static open(data: Uint8Array, options: OpenOptions = {}): PdfFile {
    const file = new PdfFile(data, { ...DEFAULT_LIMITS, ...options.limits });
    file.load();
    return file;
  }

  /** The objects as of revision `index` (default: the latest). */
  view(index = this.revisions.length - 1): ObjectView {
    const i = Math.max(0, Math.min(index, this.revisions.length - 1));
    let v = this.views[i];
    if (!v) {
      v = new ObjectView(this, i);
      this.views[i] = v;
    }
    return v;
  }

  /** Decodes a stream's data through its filters, within the document's bounds. */
  decode(stream: PdfStream): DecodedStream {
    return decodeStreamData(stream.dict, stream.raw, this.budget);
  }

  private load(): void {
    const header = lastIndexOfAscii(this.data, '%PDF-', Math.min(this.data.length, 1024));
    if (header < 0 && this.markers.objOffsets.length === 0) {
      throw new UnreadableDocumentError('The file has no PDF header and no objects.', 'not_a_pdf');
    }
    const sections = this.collectSections();
    if (sections.length > 0) this.groupRevisions(sections);
    else this.recoverRevisions();
    if (this.revisions.length === 0) throw new UnreadableDocumentError('No PDF objects could be found.', 'no_objects');
    // the latest state is the whole file, including bytes after the last %%EOF
    this.revisions[this.revisions.length - 1]!.end = this.data.length;
    for (const rev of this.revisions) {
      for (const [num, entry] of rev.entries) {
        let list = this.history.get(num);
        if (!list) {
          list = [];
          this.history.set(num, list);
        }
        list.push({ rev: rev.index, entry });
      }
    }
    const firstObj = this.markers.objOffsets[0];
    if (firstObj !== undefined && firstObj < 2048) {
      try {
        const obj = parseIndirectObject(this.data, firstObj, 8, () => undefined);
        this.linearized = asDict(obj.value)?.has('Linearized') ?? false;
      } catch {
        // not an object after all
      }
    }
    this.setUpEncryption();
    if (!this.view().catalog()) this.recoverTrailer();
  }

  private collectSections(): XrefSection[] {
    const found = new Map<number, XrefSection>();
    const limit = this.budget.limits.maxRevisions * 2;
    const follow = (start: number): void => {
      const queue = [start];
      while (queue.length > 0 && found.size < limit) {
        const offset = queue.shift()!;
        // 0 is the file header, never a section: linearized files write `startxref 0` on purpose
        if (found.has(offset) || offset === 0) continue;
        const section = this.tryParseSection(offset);
        if (!section) continue;
        found.set(offset, section);
        if (section.offset !== offset) found.set(section.offset, section);
        if (section.xrefStm !== undefined) queue.push(section.xrefStm);
        if (section.prev !== undefined) queue.push(section.prev);
      }
    };
    const starts = this.markers.startxref;
    for (let i = starts.length - 1; i >= 0; i--) {
      const offset = readStartxref(this.data, starts[i]!);
      if (offset !== undefined) follow(offset);
    }
    for (const x of this.markers.xref) if (!found.has(x)) follow(x);
    return [...new Set(found.values())];
  }

  private tryParseSection(offset: number): XrefSection | undefined {
    try {
      return parseXrefSection(this.data, offset, this.budget);
    } catch (error) {
      if (!(error instanceof UnreadableDocumentError) || error.reason !== 'broken_structure') throw error;
    }
    // snap to the nearest marker within 1 KiB: writers that miscount line endings are common
    let best = -1;
    for (const candidate of [...this.markers.xref, ...this.nearbyObjOffsets(offset)]) {
      if (Math.abs(candidate - offset) <= 1024 && (best < 0 || Math.abs(candidate - offset) < Math.abs(best - offset))) best = candidate;
    }
    if (best < 0 || best === offset) return undefined;
    try {
      this.recovered = true;
      return parseXrefSection(this.data, best, this.budget);
    } catch (error) {
      if (!(error instanceof UnreadableDocumentError) || error.reason !== 'broken_structure') throw error;
      return undefined;
    }
  }

  private nearbyObjOffsets(offset: number): number[] {
    const offs = this.markers.objOffsets;
    let lo = 0;
    let hi = offs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (offs[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return [offs[lo - 1], offs[lo]].filter((x): x is number => x !== undefined);
  }

  private eofAfter(pos: number): number {
    const eofs = this.markers.eof;
    for (const e of eofs) {
      if (e >= pos) {
        let end = e + 5;
        if (this.data[end] === 0x0d) end++;
        if (this.data[end] === 0x0a) end++;
        return end;
      }
    }
    return this.data.length;
  }

  private groupRevisions(sections: XrefSection[]): void {
    const byOffset = new Map(sections.map((s) => [s.offset, s]));
    // hybrid files: an /XRefStm stream belongs to the table that names it
    const owner = new Map<XrefSection, XrefSection>();
    for (const s of sections) {
      const stm = s.xrefStm !== undefined ? byOffset.get(s.xrefStm) : undefined;
      if (stm && stm !== s) owner.set(stm, s);
    }
    // linearized files: a first-page section whose /Prev points forward belongs to that section
    for (const s of sections) {
      if (owner.has(s) || s.prev === undefined || s.prev <= s.offset) continue;
      const target = byOffset.get(s.prev);
      if (target && !owner.has(target)) owner.set(s, target);
    }
    const root = (s: XrefSection): XrefSection => {
      let r = s;
      for (let i = 0; i < 8 && owner.has(r); i++) r = owner.get(r)!;
      return r;
    };
    const groups = new Map<number, XrefSection[]>();
    for (const s of sections) {
      const r = root(s);
      const end = this.eofAfter(Math.max(r.end, s.end));
      let g = groups.get(end);
      if (!g) {
        g = [];
        groups.set(end, g);
      }
      g.push(s);
    }
    // merge groups that share an end and re-key ends for groups whose members end later
    const ordered = [...groups.entries()].sort((a, b) => a[0] - b[0]).slice(-this.budget.limits.maxRevisions);
    let start = 0;
    for (const [end, group] of ordered) {
      // table entries win over the hybrid stream's, and a later-in-chain section over an earlier
      group.sort((a, b) => (a.kind === b.kind ? b.offset - a.offset : a.kind === 'table' ? -1 : 1));
      const entries = new Map<number, XrefEntry>();
      const trailerMap = new Map<string, PdfObject>();
      for (const s of group) {
        for (const [num, e] of s.entries) if (!entries.has(num)) entries.set(num, e);
        for (const [k, v] of s.trailer.map) if (!trailerMap.has(k)) trailerMap.set(k, v);
      }
      this.revisions.push({
        index: this.revisions.length,
        start,
        end,
        sections: group,
        entries,
        trailer: new PdfDict(trailerMap),
        recovered: false,
      });
      start = end;
    }
  }

  private recoverRevisions(): void {
    this.recovered = true;
    const { objOffsets, objNums, objGens } = this.markers;
    const ends = this.markers.eof.map((e) => this.eofAfter(e));
    if (ends.length === 0 || ends[ends.length - 1]! < this.data.length) ends.push(this.data.length);
    let start = 0;
    let k = 0;
    for (const end of ends) {
      const entries = new Map<number, XrefEntry>();
      while (k < objOffsets.length && objOffsets[k]! < end) {
        entries.set(objNums[k]!, { type: 1, offset: objOffsets[k]!, gen: objGens[k]!, stream: 0 });
        k++;
      }
      if (entries.size === 0) continue;
      if (entries.size > this.budget.limits.maxObjects) {
        throw new UnreadableDocumentError('Too many objects to recover.', 'too_many_objects');
      }
      this.revisions.push({
        index: this.revisions.length,
        start,
        end,
        sections: [],
        entries,
        trailer: this.findTrailerDict(start, end) ?? new PdfDict(),
        recovered: true,
      });
      start = end;
    }
  }

  private findTrailerDict(from: number, to: number): PdfDict | undefined {
    let at = lastIndexOfAscii(this.data, 'trailer', to, from);
    while (at >= from && at >= 0) {
      const lexer = new Lexer(this.data, at + 7);
      try {
        const v = parseObject(lexer, this.budget.limits.maxDepth);
        if (v instanceof PdfDict && v.has('Root')) return v;
      } catch {
        // keep looking
      }
      at = lastIndexOfAscii(this.data, 'trailer', at - 1, from);
    }
    return undefined;
  }

  /** Finds a catalog when the trailer does not lead to one. */
  private recoverTrailer(): void {
    this.recovered = true;
    const last = this.revisions[this.revisions.length - 1]!;
    const found = this.findTrailerDict(0, this.data.length);
    let root: PdfObject | undefined = found?.get('Root');
    if (!root) {
      const view = this.view();
      const { objNums, objGens } = this.markers;
      for (let i = objNums.length - 1; i >= 0; i--) {
        const d = asDict(view.get(objNums[i]!));
        if (d && asName(d.get('Type')) === 'Catalog' && d.has('Pages')) {
          root = new PdfRef(objNums[i]!, objGens[i]!);
          break;
        }
      }
    }
    if (root) {
      const map = new Map(last.trailer.map);
      map.set('Root', root);
      if (found?.get('Info') && !map.has('Info')) map.set('Info', found.get('Info')!);
      last.trailer = new PdfDict(map);
      this.views.length = 0;
    }
  }

  private setUpEncryption(): void {
    const trailer = this.revisions[this.revisions.length - 1]!.trailer;
    const enc = trailer.get('Encrypt');
    if (enc === undefined) return;
    if (enc instanceof PdfRef) this.encryptRef = enc.num;
    const dict = asDict(this.view().resolve(enc));
    if (!dict) return;
    const ids = asArray(trailer.get('ID'));
    const first = ids?.[0] instanceof PdfString ? ids[0].bytes : new Uint8Array(0);
    const view = this.view();
    this.security = SecurityHandler.open(dict, first, (v) => view.resolve(v));
    this.encryption = this.security.info;
  }

  /** Entry of object `num` as of revision `rev`. */
  entryAt(num: number, rev: number): XrefEntry | undefined {
    const list = this.history.get(num);
    if (!list) return undefined;
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.rev <= rev) return list[i]!.entry;
    return undefined;
  }

  /** Offsets of `num G obj` headers found by the scanner, in file order. */
  markerOffsets(num: number): number[] {
    if (!this.markerIndex) {
      const index = new Map<number, number[]>();
      const { objNums, objOffsets } = this.markers;
      for (let i = 0; i < objNums.length; i++) {
        let list = index.get(objNums[i]!);
        if (!list) {
          list = [];
          index.set(objNums[i]!, list);
        }
        list.push(objOffsets[i]!);
      }
      this.markerIndex = index;
    }
    return this.markerIndex.get(num) ?? [];
  }

  /** Reads the indirect object at `offset`, decrypted; cached by offset. */
  readAt(offset: number, resolveLength: (ref: PdfRef) => number | undefined): { num: number; gen: number; value: PdfObject } {
    const cached = this.offsetCache.get(offset);
    if (cached) return cached;
    this.budget.chargeResolve();
    const obj = parseIndirectObject(this.data, offset, this.budget.limits.maxDepth, resolveLength);
    let value = obj.value;
    if (this.security && obj.num !== this.encryptRef) value = this.security.decryptObject(value, obj.num, obj.gen);
    const result = { num: obj.num, gen: obj.gen, value };
    this.offsetCache.set(offset, result);
    return result;
  }

  /** Parses (once) the object stream behind `entry` read through `view`. */
  objectStream(entry: XrefEntry, view: ObjectView, streamNum: number): { offsets: Map<number, number>; data: Uint8Array; first: number } | undefined {
    const cached = this.objStmCache.get(entry);
    if (cached) return cached;
    const stream = view.get(streamNum);
    if (!(stream instanceof PdfStream)) return undefined;
    const { data } = this.decode(stream);
    const n = Math.min(asInt(stream.dict.get('N')) ?? 0, this.budget.limits.maxObjects);
    const first = asInt(stream.dict.get('First')) ?? 0;
    const lexer = new Lexer(data, 0, Math.min(first, data.length));
    const offsets = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      if (lexer.next() !== Tok.Number) break;
      const num = lexer.num;
      if (lexer.next() !== Tok.Number) break;
      if (!offsets.has(num)) offsets.set(num, lexer.num);
    }
    const parsed = { offsets, data, first };
    this.objStmCache.set(entry, parsed);
    return parsed;
  }
}

/** The objects of a PDF as of one revision. */
export class ObjectView {
  private readonly cache = new Map<number, PdfObject>();
  private pageList: PageNode[] | undefined;
  private readonly resolving = new Set<number>();

  constructor(
    readonly file: PdfFile,
    readonly revision: number,
  ) {}

  /** The trailer of this revision. */
  get trailer(): PdfDict {
    return this.file.revisions[this.revision]!.trailer;
  }

  /** The value of object `num`, or null when it is free, missing or unreadable. */
  get(num: number): PdfObject {
    const hit = this.cache.get(num);
    if (hit !== undefined) return hit;
    if (this.resolving.has(num)) return null; // reference cycle through /Length or object streams
    this.resolving.add(num);
    try {
      const value = this.load(num);
      this.cache.set(num, value);
      return value;
    } finally {
      this.resolving.delete(num);
    }
  }

  private load(num: number): PdfObject {
    const file = this.file;
    const entry = file.entryAt(num, this.revision);
    const resolveLength = (ref: PdfRef): number | undefined => asInt(this.get(ref.num));
    if (entry?.type === 2) {
      const stmEntry = file.entryAt(entry.stream, this.revision);
      if (!stmEntry || entry.stream === num) return null;
      const stm = file.objectStream(stmEntry, this, entry.stream);
      const rel = stm?.offsets.get(num);
      if (!stm || rel === undefined) return null;
      file.budget.chargeResolve();
      const lexer = new Lexer(stm.data, stm.first + rel);
      return parseObject(lexer, file.budget.limits.maxDepth);
    }
    if (entry?.type === 1) {
      try {
        const obj = file.readAt(entry.offset, resolveLength);
        if (obj.num === num) return obj.value;
      } catch (error) {
        if (!(error instanceof UnreadableDocumentError) || error.reason !== 'broken_structure') throw error;
      }
    }
    if (entry?.type === 0) return null;
    // the entry is missing or points at the wrong place: use the scanner's markers
    const end = file.revisions[this.revision]!.end;
    const candidates = file.markerOffsets(num).filter((o) => o < end);
    for (let i = candidates.length - 1; i >= 0; i--) {
      try {
        const obj = file.readAt(candidates[i]!, resolveLength);
        if (obj.num === num) {
          file.recovered = true;
          return obj.value;
        }
      } catch (error) {
        if (!(error instanceof UnreadableDocumentError) || error.reason !== 'broken_structure') throw error;
      }
    }
    return null;
  }

  /** Follows `v` if it is a reference (a chain of at most 16 references). */
  resolve(v: PdfObject | undefined): PdfObject {
    let x: PdfObject | undefined = v;
    for (let i = 0; i < 16 && x instanceof PdfRef; i++) x = this.get(x.num);
    return x instanceof PdfRef || x === undefined ? null : x;
  }

  /** `dict[key]` resolved. */
  getIn(dict: PdfDict | undefined, key: string): PdfObject {
    return dict ? this.resolve(dict.get(key)) : null;
  }

  /** The document catalog, when the trailer leads to one. */
  catalog(): PdfDict | undefined {
    const root = asDict(this.resolve(this.trailer.get('Root')));
    return root && (root.has('Pages') || asName(root.get('Type')) === 'Catalog') ? root : undefined;
  }

  /** The pages of this revision, in order (the page tree is walked once per view). */
  pages(): PageNode[] {
    this.pageList ??= listPages(this);
    return this.pageList;
  }

  /** The Info dictionary of this revision. */
  info(): PdfDict | undefined {
    return asDict(this.resolve(this.trailer.get('Info')));
  }
}
