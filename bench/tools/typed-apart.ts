// Surveys the genuine files of every source for the patterns the typesetting check reads as
// figures typed again however many there are (issue 51): amounts shown through a font that shows
// nothing else on their page beside table amounts in the page's words' font; every amount of a page
// in such a font, not embedded, among words all in embedded fonts; and figures drawn a way that
// draws no word of their document. A rule that judges the figures a forger left, not the majority,
// is only as good as the genuine pages that never show its pattern: this counts them.
//
//   node --conditions=@loupe/source --import tsx bench/tools/typed-apart.ts [--pages 8]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadFontTables, type PaintEvent, PdfFile, TextInterpreter } from '@loupe/core/internal';
import { figureColumnFindings } from '../../packages/core/src/forensics/checks/typesetting/typesetting-consistency/columns.js';
import { MIN_FIGURES, waysOfDrawingWords, wordsOf } from '../../packages/core/src/forensics/checks/typesetting/typesetting-consistency/operators.js';
import { labelledFiles, SOURCES } from './source-files.js';

const { values } = parseArgs({ options: { pages: { type: 'string', default: '8' } } });
await loadFontTables();

console.log(
  `| source | genuine PDFs | pages read | pages with amounts in a font of their own | the same, not embedded, every amount in it | files with a figure drawn apart on a page of six or more |`,
);
console.log('|---|---|---|---|---|---|');
for (const [source, dir] of Object.entries(SOURCES)) {
  let files = 0;
  let pages = 0;
  let ownFont = 0;
  let notEmbedded = 0;
  let drawnApart = 0;
  for (const file of labelledFiles(dir)) {
    if (file.class !== 'genuine' || !file.path.endsWith('.pdf')) continue;
    let paints: PaintEvent[][];
    try {
      const pdf = PdfFile.open(readFileSync(file.path));
      const view = pdf.view();
      paints = view
        .pages()
        .slice(0, Number(values.pages))
        .map((node) => {
          const paint: PaintEvent[] = [];
          try {
            new TextInterpreter(pdf, view).pageText(node, paint);
          } catch {
            // a page the interpreter cannot read shows no pattern
          }
          return paint;
        });
    } catch {
      continue; // unreadable files show no pattern
    }
    files++;
    pages += paints.length;
    for (const [i, paint] of paints.entries()) {
      const ways = new Set(figureColumnFindings(i + 1, paint).map((f) => ('by' in f ? f.by : undefined)));
      if (ways.has('own font')) ownFont++;
      if (ways.has('not embedded')) notEmbedded++;
    }
    const generatorWays = waysOfDrawingWords(paints);
    const apart = paints.some((paint) => {
      const { figures } = wordsOf(paint);
      return figures.length >= MIN_FIGURES && figures.some((e) => !generatorWays.has(e.drawnBy!));
    });
    if (apart) drawnApart++;
  }
  console.log(`| ${source} | ${files} | ${pages} | ${ownFont} | ${notEmbedded} | ${drawnApart} |`);
}
