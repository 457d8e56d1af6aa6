// Font-embedding consistency: per page, two separately embedded subsets of one font (different
// ABCDEF+ prefixes), a font family both embedded and not, and same-named fonts whose ToUnicode
// maps send the same code to different text (font character remapping).
import { parseToUnicode } from '../../../../pdf/fonts/cmap.js';
import { asArray, asDict, asName, type PdfDict, PdfStream } from '../../../../pdf/objects.js';
import { type CheckResult, defineCheck, type FindingOf, indicator, ran } from '../../../check.js';
import type { PdfCheckContext } from '../../../contexts.js';
import copy from './copy.json' with { type: 'json' };

const indicators = {
  font_subset_duplicate: indicator<{ page: number; font: string; prefixes: string[] }>(
    copy.font_subset_duplicate,
    'fonts',
    (f) => `Page ${f.page} uses ${f.prefixes.length} separately embedded subsets of ${f.font} (${f.prefixes.join(', ')}).`,
  ),
  font_embedding_mixed: indicator<{ page: number; family: string }>(
    copy.font_embedding_mixed,
    'fonts',
    (f) => `Page ${f.page} uses ${f.family} both embedded and not embedded.`,
  ),
  font_character_remapping: indicator<{ page: number; font: string; charCode: number; was: string; now: string; firstPage: number }>(
    copy.font_character_remapping,
    'content',
    (f) => `Two fonts named ${f.font} map code ${f.charCode} to "${f.was}" and "${f.now}" (pages ${f.firstPage} and ${f.page}).`,
  ),
  font_missing_from_resources: indicator<{ page: number; font: string | undefined }>(
    copy.font_missing_from_resources,
    'fonts',
    (f) => `Page ${f.page} shows text in font /${f.font}, which its resources do not declare.`,
  ),
};

const SUBSET = /^([A-Z]{6})\+(.+)$/;

/** True when the font (or a composite font's descendant) carries a font program. */
function embedded(ctx: PdfCheckContext, font: PdfDict): boolean {
  const { view } = ctx;
  let descriptor = asDict(view.resolve(font.get('FontDescriptor')));
  if (!descriptor) {
    const descendant = asDict(view.resolve(asArray(view.resolve(font.get('DescendantFonts')))?.[0]));
    descriptor = asDict(view.resolve(descendant?.get('FontDescriptor')));
  }
  return !!descriptor && (descriptor.has('FontFile') || descriptor.has('FontFile2') || descriptor.has('FontFile3'));
}

/** How each page's fonts are embedded and mapped to text. */
function fontsOf(ctx: PdfCheckContext): CheckResult<FindingOf<typeof indicators>> {
  const { view, file } = ctx;
  const findings: FindingOf<typeof indicators>[] = [];
  const toUnicodeByName = new Map<string, { map: Map<number, string>; page: number }>();
  const remapped = new Set<string>();
  for (const page of ctx.pages) {
    ctx.reader.read(page);
    const declined = ctx.reader.declined.get(page.number);
    if (declined?.kind === 'font_missing_from_resources') {
      findings.push({ code: 'font_missing_from_resources', page: page.number, font: declined.font });
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
              page: page.number,
              font: base,
              charCode: conflict[0],
              was: known.map.get(conflict[0])!,
              now: conflict[1],
              firstPage: known.page,
            });
          }
        }
      }
    }
    for (const [name, set] of prefixes) {
      if (set.size > 1) findings.push({ code: 'font_subset_duplicate', page: page.number, font: name, prefixes: [...set] });
    }
    for (const [family, set] of embedding) {
      if (set.size > 1) findings.push({ code: 'font_embedding_mixed', page: page.number, family });
    }
  }
  return ran(findings);
}

/** The font check. */
export const fontEmbedding = defineCheck({ name: 'font-embedding consistency', subjects: ['pdf'], order: 40, indicators, run: fontsOf });
