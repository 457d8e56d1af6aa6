// The writing habits of content streams: one page's text as an office suite writes it, and as a
// PDF library writes it again after parsing it.
import { describe, expect, it } from 'vitest';
import { contentSyntax } from './content-syntax.js';

const bytes = (s: string) => new TextEncoder().encode(s);
/** Six lines of text as LibreOffice writes them: several instructions to a line, tight arrays, upper-case hex. */
const office = Array.from({ length: 6 }, (_, k) => `q 0 0 0 rg\nBT\n56.8 ${700 - k * 14} Td /F1 14 Tf[<01>1<020304>4<0A0B>]TJ\nET\nQ\n`).join('');
/** The same parsed and written again the way pikepdf unparses a content stream. */
const library = Array.from({ length: 6 }, (_, k) => `q\n0 0 0 rg\nBT\n56.8 ${700 - k * 14} Td\n/F1 14 Tf\n[ <01> 1 <020304> 4 <0a0b> ] TJ\nET\nQ\n`).join('');

describe('content syntax', () => {
  it('reads how many instructions share a line, the brackets of text arrays, the case of hex strings and the strings text is shown in', () => {
    expect(contentSyntax([bytes(office)])).toEqual({ opsPerLine: 'several', arraySpace: 'tight', hexCase: 'upper', strings: 'hex' });
    expect(contentSyntax([bytes(library)])).toEqual({ opsPerLine: 'one', arraySpace: 'spaced', hexCase: 'lower', strings: 'hex' });
  });

  it('counts no operator inside strings, arrays or dictionaries, reads literal strings, and stops at an inline image', () => {
    const literal = Array.from(
      { length: 6 },
      (_, k) => `BT /F1 9 Tf 72 ${700 - k * 12} Td (Tj q Q \\) TJ) Tj ET\n/Span << /ActualText (x) /B true >> BDC EMC\n`,
    ).join('');
    expect(contentSyntax([bytes(literal)])).toMatchObject({ opsPerLine: 'several', strings: 'literal' });
    // true, false and null are operands, never instructions
    expect(contentSyntax([bytes('q true\nQ false null\n'.repeat(3))]).opsPerLine).toBe('one');
    // after BI, the image's bytes are no syntax: none of them is read
    const image = `${library}BI /W 2 /H 2 /BPC 8 /CS /G ID \u00ff<ABCDEF>[ 1 ] q Q EI\n`;
    expect(contentSyntax([bytes(image)])).toEqual(contentSyntax([bytes(library)]));
  });

  it('gives no reading of a trait with too few readings', () => {
    expect(contentSyntax([bytes('BT /F1 12 Tf 72 720 Td (Total 1,234.56) Tj ET')])).toEqual({});
  });
});
