// Font-embedding consistency: per page, two separately embedded subsets of one font (different
// ABCDEF+ prefixes), a font family both embedded and not, and same-named fonts whose ToUnicode
// maps send the same code to different text (font character remapping).
import { parseToUnicode } from '../../pdf/fonts/cmap.js';
import { asArray, asDict, asName, type PdfDict, PdfStream } from '../../pdf/objects.js';
import type { Check, CheckContext } from '../context.js';
import type { Finding } from '../findings.js';

const SUBSET = /^([A-Z]{6})\+(.+)$/;

/** True when the font (or a composite font's descendant) carries a font program. */
function embedded(ctx: CheckContext, font: PdfDict): boolean {
  const { view } = ctx;
  let descriptor = asDict(view.resolve(font.get('FontDescriptor')));
  if (!descriptor) {
    const descendant = asDict(view.resolve(asArray(view.resolve(font.get('DescendantFonts')))?.[0]));
    descriptor = asDict(view.resolve(descendant?.get('FontDescriptor')));
  }
  return !!descriptor && (descriptor.has('FontFile') || descriptor.has('FontFile2') || descriptor.has('FontFile3'));
}

/** The font check. */
export const fontConsistency: Check = {
  name: 'font-embedding consistency',
  run(ctx: CheckContext) {
    const { view, file } = ctx;
    const findings: Finding[] = [];
    const toUnicodeByName = new Map<string, { map: Map<number, string>; page: number }>();
    const remapped = new Set<string>();
    for (const page of ctx.pages) {
      ctx.reader.read(page);
      const declined = ctx.reader.declined.get(page.number);
      if (declined?.kind === 'font_missing_from_resources') {
        findings.push({
          code: 'font_missing_from_resources',
          summary: `Page ${page.number} shows text in font /${declined.font}, which its resources do not declare.`,
          page: page.number,
        });
      }
      const fonts = asDict(view.resolve(page.resources?.get('Font')));
      if (!fonts) continue;
      const prefixes = new Map<string, Set<string>>();
      const embedding = new Map<string, Set<boolean>>();
      for (const v of [...fonts.map.values()].slice(0, 500)) {
        const font = asDict(view.resolve(v));
        const base = asName(font?.get('BaseFont'));
        if (!font || !base) continue;
        const m = SUBSET.exec(base);
        const name = m ? m[2]! : base;
        if (m) {
          let set = prefixes.get(name);
          if (!set) {
            set = new Set();
            prefixes.set(name, set);
          }
          set.add(m[1]!);
        }
        const family = name.split(/[-,]/)[0]!;
        let emb = embedding.get(family);
        if (!emb) {
          emb = new Set();
          embedding.set(family, emb);
        }
        emb.add(embedded(ctx, font));
        const tu = view.resolve(font.get('ToUnicode'));
        if (tu instanceof PdfStream && m && !remapped.has(name)) {
          let map: Map<number, string>;
          try {
            map = parseToUnicode(file.decode(tu).data).map;
          } catch {
            continue;
          }
          const known = toUnicodeByName.get(base);
          if (!known) toUnicodeByName.set(base, { map, page: page.number });
          else {
            // a remapping changes what a word or a figure reads as: only two different texts that
            // both carry letters or digits conflict (an unmapped entry or a punctuation variant does not)
            const real = (text: string | undefined) => text !== undefined && /[\p{L}\p{N}]/u.test(text);
            const shared = [...map].filter(([code, text]) => real(text) && real(known.map.get(code)));
            const conflicts = shared.filter(([code, text]) => known.map.get(code) !== text);
            const conflict = conflicts[0];
            // two maps that disagree on nearly every code they share use two encodings (a producer
            // writing one font twice), not a remapping of chosen characters
            const differentEncodings = shared.length >= 8 && conflicts.length >= 0.8 * shared.length;
            if (conflict && !differentEncodings) {
              remapped.add(name);
              findings.push({
                code: 'font_character_remapping',
                summary: `Two fonts named ${base} map code ${conflict[0]} to "${known.map.get(conflict[0])}" and "${conflict[1]}" (pages ${known.page} and ${page.number}).`,
                page: page.number,
              });
            }
          }
        }
      }
      for (const [name, set] of prefixes) {
        if (set.size > 1)
          findings.push({
            code: 'font_subset_duplicate',
            summary: `Page ${page.number} uses ${set.size} separately embedded subsets of ${name} (${[...set].join(', ')}).`,
            page: page.number,
          });
      }
      for (const [family, set] of embedding) {
        if (set.size > 1)
          findings.push({ code: 'font_embedding_mixed', summary: `Page ${page.number} uses ${family} both embedded and not embedded.`, page: page.number });
      }
    }
    return { findings };
  },
};
