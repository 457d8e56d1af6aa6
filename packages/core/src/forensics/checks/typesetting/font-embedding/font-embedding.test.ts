// The font-embedding check on pages whose fonts are written byte by byte: two subsets of one font,
// a family embedded and not, same-named fonts whose ToUnicode maps send a code to different
// characters, and text in a font its page does not declare.
import { contentPdf, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { fontEmbedding } from './font-embedding.js';

const run = async (bytes: Uint8Array) => runCheck(fontEmbedding, await checkContext(bytes));

/** A page in two fonts named `names`, each with its own ToUnicode map (code hex -> text) when given. */
function twoFonts(names: [string, string], maps?: [Record<string, string>, Record<string, string>]): Uint8Array {
  const cmap = (map: Record<string, string>) => {
    const entries = Object.entries(map).map(([code, text]) => `<${code}> <${[...text].map((c) => c.charCodeAt(0).toString(16).padStart(4, '0')).join('')}>`);
    const body = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Remap def 1 begincodespacerange <00> <FF> endcodespacerange ${entries.length} beginbfchar ${entries.join(' ')} endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
    return `<< /Length ${body.length} >>\nstream\n${body}\nendstream`;
  };
  const content = 'BT /F1 12 Tf 72 700 Td (Total 100) Tj /F2 12 Tf 72 680 Td (Net 100) Tj ET';
  const font = (i: 0 | 1) => `<< /Type /Font /Subtype /Type1 /BaseFont /${names[i]}${maps ? ` /ToUnicode ${7 + i} 0 R` : ''} >>`;
  return new RawPdf()
    .section(
      [
        { num: 1, body: '<< /Type /Catalog /Pages 2 0 R >>' },
        { num: 2, body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
        { num: 3, body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> >>' },
        { num: 4, body: `<< /Length ${content.length} >>\nstream\n${content}\nendstream` },
        { num: 5, body: font(0) },
        { num: 6, body: font(1) },
        ...(maps
          ? [
              { num: 7, body: cmap(maps[0]) },
              { num: 8, body: cmap(maps[1]) },
            ]
          : []),
      ],
      { trailer: '/Root 1 0 R' },
    )
    .bytes();
}
const digits = Object.fromEntries([...'0123456789'].map((d) => [(0x30 + Number(d)).toString(16), d]));

describe('font-embedding consistency', () => {
  it('reports one digit that a same-named font maps to another digit', async () => {
    const { findings, summaries } = await run(twoFonts(['ABCDEF+Helvetica', 'ABCDEF+Helvetica'], [digits, { ...digits, '31': '7' }]));
    expect(findings).toEqual([{ code: 'font_character_remapping', page: 1, font: 'ABCDEF+Helvetica', charCode: 49, was: '1', now: '7', firstPage: 1 }]);
    expect(summaries[0]).toContain('code 49 to "1" and "7"');
  });

  it('does not take an unmapped entry, a punctuation variant or two encodings of one font for a remapping', async () => {
    const shifted = Object.fromEntries(Object.keys(digits).map((code, i) => [code, String.fromCharCode(0xac00 + i)])); // every shared code differs
    for (const [name, a, b] of [
      ['unmapped', digits, { ...digits, '31': ' ' }],
      ['punctuation', { ...digits, '2e': '.' }, { ...digits, '2e': ',' }],
      ['two encodings', digits, shifted],
    ] as const)
      expect((await run(twoFonts(['ABCDEF+Helvetica', 'ABCDEF+Helvetica'], [a, b]))).findings, name).toEqual([]);
  });

  it('reports two subsets of one font and a family embedded and not', async () => {
    const { findings, summaries } = await run(twoFonts(['ABCDEF+Helvetica', 'ABCDEG+Helvetica']));
    expect(findings.map((f) => f.code)).toEqual(['font_subset_duplicate']);
    expect(summaries[0]).toBe('Page 1 uses 2 separately embedded subsets of Helvetica (ABCDEF, ABCDEG).');
  });

  it('reports text shown in a font the page does not declare', async () => {
    const { findings } = await run(contentPdf('BT /F9 12 Tf 72 700 Td (Total 9,200.00) Tj ET'));
    expect(findings).toEqual([{ code: 'font_missing_from_resources', page: 1, font: 'F9' }]);
  });
});
