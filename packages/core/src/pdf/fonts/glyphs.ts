// Glyph names, base encodings and standard-14 widths, decoded lazily from the tables extracted
// from pdf.js (standard-font-data.generated.ts). Also resolves the algorithmic glyph names (`uniXXXX`,
// `uXXXX[XX]`) the way readers do. The tables (119 KB minified) are imported by `loadFontTables()`,
// which a PDF scan awaits first, so a page that imports the core loads them with its first PDF;
// the functions below are synchronous and need them loaded.
import { onDemand } from '../../on-demand.js';

type FontTables = typeof import('./standard-font-data.generated.js');

const fontTables = /* @__PURE__ */ onDemand<FontTables>('The standard font tables are', 'loadFontTables', 'font_tables_not_loaded');
const loaded = (): FontTables => fontTables.get();

/** Loads the standard font tables (once); reading a PDF's text needs them loaded. */
export const loadFontTables = (): Promise<void> => fontTables.load(() => import('./standard-font-data.generated.js'));

/** Names of the base encodings. */
export type BaseEncodingName = keyof FontTables['BASE_ENCODINGS'];

const encodings = new Map<string, string[]>();
let glyphTable: Map<string, string> | undefined;
const widthTables = new Map<string, Map<string, number> | number>();

/** The 256 glyph names of a base encoding ('' where a code has none). */
export function baseEncoding(name: BaseEncodingName): string[] {
  let e = encodings.get(name);
  if (!e) {
    e = loaded().BASE_ENCODINGS[name].split(' ');
    encodings.set(name, e);
  }
  return e;
}

/** Unicode text of a glyph name, or undefined when the name is unknown. */
export function glyphToUnicode(name: string): string | undefined {
  if (!glyphTable) {
    glyphTable = new Map();
    for (const pair of loaded().GLYPH_UNICODE.split(' ')) {
      const colon = pair.lastIndexOf(':');
      glyphTable.set(pair.slice(0, colon), String.fromCodePoint(parseInt(pair.slice(colon + 1), 16)));
    }
  }
  const known = glyphTable.get(name);
  if (known !== undefined) return known;
  let m = /^uni([0-9A-F]{4})+$/.exec(name);
  if (m && name.length === 7) return String.fromCharCode(parseInt(name.slice(3), 16));
  m = /^u([0-9A-F]{4,6})$/.exec(name);
  if (m) {
    const cp = parseInt(m[1]!, 16);
    if (cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff)) return String.fromCodePoint(cp);
  }
  const dot = name.indexOf('.');
  if (dot > 0) return glyphToUnicode(name.slice(0, dot)); // suffixed variants such as `one.oldstyle`
  return undefined;
}

/** The standard-14 font a base font name stands for (aliases such as Arial,Bold resolved). */
export function standardFontName(baseFont: string): string | undefined {
  const name = baseFont.replace(/^[A-Z]{6}\+/, '');
  const { STANDARD_FONT_ALIASES } = loaded();
  return STANDARD_FONT_ALIASES[name] ?? STANDARD_FONT_ALIASES[name.replace(/,/g, '-')];
}

/** Width (1/1000 em) of `glyph` in standard-14 font `font`, or undefined. */
export function standardWidth(font: string, glyph: string): number | undefined {
  let table = widthTables.get(font);
  if (table === undefined) {
    const raw = loaded().STANDARD_WIDTHS[font];
    if (raw === undefined) return undefined;
    if (/^\d+$/.test(raw)) table = Number(raw);
    else {
      const map = new Map<string, number>();
      for (const pair of raw.split(' ')) {
        const colon = pair.lastIndexOf(':');
        map.set(pair.slice(0, colon), Number(pair.slice(colon + 1)));
      }
      table = map;
    }
    widthTables.set(font, table);
  }
  return typeof table === 'number' ? table : table.get(glyph);
}
