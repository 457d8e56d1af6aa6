// The typesetting check over whole pages written operator by operator: a column of amounts in
// Courier, one of them written again — fitted to the room of the figure it replaced, or drawn
// by another writer in the page's own font at its place — against the same column set plainly.
import { contentPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { checkContext, runCheck } from '../../../../testing/check-context.js';
import { typesettingConsistency } from './typesetting-consistency.js';

/** The amounts of the column. */
const FIGURES = ['2,500.00', '45.50', '231.99', '80.00', '610.10', '25.75', '19.99', '1,204.10'];

/** A label and an amount on each row, each in a text object of its own, the amounts ending at x = 500; `written` draws row `i`'s amount instead. */
function column(written: (i: number, text: string, x: number, y: number) => string | undefined = () => undefined): Uint8Array {
  return contentPdf(
    FIGURES.map((text, i) => {
      const y = 700 - i * 14;
      const x = 500 - text.length * 6;
      return `BT /F2 10 Tf 60 ${y} Td (Item ${i + 1}) Tj ET ${written(i, text, x, y) ?? `BT /F2 10 Tf ${x} ${y} Td (${text}) Tj ET`}`;
    }).join(' '),
  );
}
const run = async (bytes: Uint8Array) => runCheck(typesettingConsistency, await checkContext(bytes));
const said = async (bytes: Uint8Array, code: string) => (await run(bytes)).said(code);

describe('typesetting consistency', () => {
  it('says nothing of a column set plainly', async () => {
    expect(await run(column())).toMatchObject({ ran: true, findings: [] });
  });

  it('finds a longer figure squeezed by horizontal scaling, one spread by character spacing, one placed glyph by glyph', async () => {
    const set = (row: number, operators: string) => column((i, _, x, y) => (i === row ? `BT /F2 10 Tf ${x} ${y} Td ${operators} ET` : undefined));
    // "12,345.67" squeezed into the room of "2,500.00" (9 glyphs in 8 glyphs' width)
    expect(await said(set(0, '-6 0 Td 88.9 Tz (12,345.67) Tj 100 Tz'), 'figure_spacing_mismatch')).toEqual([
      expect.stringContaining('"12,345.67" takes 11.1% less room'),
    ]);
    // "31.99" spread over the room of "231.99"
    expect(await said(set(2, '1.2 Tc (31.99) Tj 0 Tc'), 'figure_spacing_mismatch')).toEqual([expect.stringContaining('"31.99"')]);
    // each glyph placed with its own adjustment, from a narrower font's widths
    const glyphs = `[${[...'610.10'].map((c) => `(${c})`).join(' 100 ')}] TJ`;
    expect(await said(set(4, glyphs), 'figure_spacing_mismatch')).toEqual([expect.stringContaining('"610.10"')]);
  });

  it('finds an amount re-emitted in a text object of another style, in the page font at its place; not one only its digits changed', async () => {
    const hex = (text: string) => [...text].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('');
    const written = column((i, text, x, y) => (i === 3 ? `BT 1 0 0 1 ${x} ${y} Tm /F2 10 Tf <${hex(text.replace('80', '90'))}> Tj ET` : undefined));
    const { findings, summaries } = await run(written);
    expect(findings).toEqual([expect.objectContaining({ code: 'figure_operator_mismatch', page: 1, text: '90.00', drawnBy: 'Tm Tj <> Tf' })]);
    expect(summaries[0]).toContain('"90.00" is drawn with "Tm Tj <> Tf", which draws nothing but figures in the document');
    expect((await run(column((i, _, x, y) => (i === 3 ? `BT /F2 10 Tf ${x} ${y} Td (90.00) Tj ET` : undefined)))).findings).toEqual([]);
  });
});
