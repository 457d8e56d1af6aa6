// The COS object model: the values a PDF file is made of (null, booleans, numbers, strings,
// names, arrays, dictionaries, indirect references, streams) as small immutable classes, with
// helpers to read typed values out of dictionaries. Names are interned so they compare by identity.

/** A PDF name such as `/Type`; interned, so `a === b` holds for equal names. */
export class PdfName {
  private static readonly table = new Map<string, PdfName>();
  private constructor(readonly name: string) {}
  /** Returns the interned name. */
  static of(name: string): PdfName {
    let n = PdfName.table.get(name);
    if (!n) {
      n = new PdfName(name);
      if (PdfName.table.size < 100_000) PdfName.table.set(name, n);
    }
    return n;
  }
  toString(): string {
    return `/${this.name}`;
  }
}

/** A PDF string (literal or hex), kept as raw bytes. */
export class PdfString {
  constructor(
    readonly bytes: Uint8Array,
    readonly hex = false,
  ) {}
}

/** An indirect reference `num gen R`. */
export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
  toString(): string {
    return `${this.num} ${this.gen} R`;
  }
}

/** A dictionary; keys are name strings without the slash. */
export class PdfDict {
  constructor(readonly map: Map<string, PdfObject> = new Map()) {}
  get(key: string): PdfObject | undefined {
    return this.map.get(key);
  }
  has(key: string): boolean {
    return this.map.has(key);
  }
  get size(): number {
    return this.map.size;
  }
}

/** A stream: its dictionary and its raw (still encoded, possibly encrypted) bytes. */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly raw: Uint8Array,
    /** Offset of the first data byte in the file, or -1 for streams not read from the file. */
    readonly offset: number,
  ) {}
}

/** Any COS value. */
export type PdfObject = null | boolean | number | PdfString | PdfName | PdfObject[] | PdfDict | PdfRef | PdfStream;

/** Name value of `v`, or undefined. */
export function asName(v: PdfObject | undefined): string | undefined {
  return v instanceof PdfName ? v.name : undefined;
}

/** Finite number value of `v`, or undefined. */
export function asNumber(v: PdfObject | undefined): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

/** Integer value of `v`, or undefined. */
export function asInt(v: PdfObject | undefined): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) ? v : undefined;
}

/** Dictionary of `v` (a stream's dictionary too), or undefined. */
export function asDict(v: PdfObject | undefined): PdfDict | undefined {
  if (v instanceof PdfDict) return v;
  if (v instanceof PdfStream) return v.dict;
  return undefined;
}

/** Array value of `v`, or undefined. */
export function asArray(v: PdfObject | undefined): PdfObject[] | undefined {
  return Array.isArray(v) ? v : undefined;
}
