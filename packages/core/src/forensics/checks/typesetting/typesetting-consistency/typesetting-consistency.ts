// Typesetting consistency: figures set apart from the figures and words around them, the trace of
// a figure removed and typed again. On a PDF's pages, from the interpreter's paint: a figure off
// the right edge of its column, in another font or size than it (`columns.ts`), off its row's
// baseline (`baselines.ts`), spaced unlike the page's other figures (`spacing.ts`), drawn in a way
// nothing but figures is drawn in the document (`operators.ts`); on scans and photos, from the ink
// OCR measured: a figure printed at another size or baseline (`glyphs.ts`).
import { type CheckResult, defineCheck, type FindingOf, onWords, ran } from '../../../check.js';
import type { PdfCheckContext, PictureCheckContext } from '../../../contexts.js';
import { figureBaselineFindings } from './baselines.js';
import { figureColumnFindings } from './columns.js';
import { figureGlyphFindings } from './glyphs.js';
import { indicators, type TypesettingFinding } from './indicators.js';
import { figureOperatorFindings, waysOfDrawingWords } from './operators.js';
import { figureSpacingFindings } from './spacing.js';

/** Figures set apart on each page a PDF's paint (or a picture's OCR) shows. */
function figuresSetApart(ctx: PdfCheckContext | PictureCheckContext): CheckResult<FindingOf<typeof indicators>> {
  // a picture has no paint to read: only the print OCR measured
  if (ctx.subject === 'image') return onWords(ctx, () => figureGlyphFindings(ctx));
  const findings: TypesettingFinding[] = [];
  const reads = ctx.pages.flatMap((page) => {
    const read = ctx.reader.read(page);
    return read ? [{ page: page.number, paint: read.paint }] : [];
  });
  const generatorWays = waysOfDrawingWords(reads.map((r) => r.paint));
  for (const { page, paint } of reads)
    findings.push(
      ...figureColumnFindings(page, paint),
      ...figureBaselineFindings(page, paint),
      ...figureSpacingFindings(page, paint),
      ...figureOperatorFindings(page, paint, generatorWays),
    );
  findings.push(...figureGlyphFindings(ctx));
  return ran(findings);
}

/** The typesetting check. */
export const typesettingConsistency = defineCheck({ name: 'typesetting consistency', subjects: ['pdf', 'image'], order: 70, indicators, run: figuresSetApart });
