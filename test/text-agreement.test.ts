// The core's text interpreter against pdf.js on the real-world corpus: on every page the
// interpreter answers for (first three pages of each file), its words must equal pdf.js's words.
// The few known disagreements are pages where pdf.js emits control characters instead of text.
import { readFileSync } from 'node:fs';
import { tokenizeWords } from '@loupe/core';
import { listPages, loadFontTables, PdfFile, TextInterpreter, UnsupportedText } from '@loupe/core/internal';
import { createPdfJsText } from '@loupe/node';
import { describe, expect, it } from 'vitest';
import { corpusFiles } from './corpus.js';

await loadFontTables(); // the interpreter's standard font tables (a scan loads them itself)

const words = (items: { str: string }[]) => tokenizeWords(items.map((i) => i.str).join(' ')).join(' ');

describe('text interpreter agrees with pdf.js', () => {
  it('word for word on the pages it reads, and reads most pages', async () => {
    const port = createPdfJsText();
    let agree = 0;
    let declined = 0;
    const disagreements: string[] = [];
    for (const path of corpusFiles()) {
      let file: PdfFile;
      try {
        file = PdfFile.open(new Uint8Array(readFileSync(path)));
      } catch {
        continue; // unreadable or encrypted files are the robustness test's business
      }
      const view = file.view();
      const interpreter = new TextInterpreter(file, view);
      for (const page of listPages(view).slice(0, 3)) {
        let ours: string;
        try {
          ours = words(interpreter.pageText(page).items);
        } catch (error) {
          if (!(error instanceof UnsupportedText)) throw error;
          declined++;
          continue;
        }
        let theirs: string;
        try {
          theirs = words((await port.extract(file.data, [page.number]))[0]?.items ?? []);
        } catch {
          continue; // pdf.js cannot read it: nothing to compare
        }
        if (ours === theirs) agree++;
        else disagreements.push(`${path.split('/').slice(-2).join('/')} p${page.number}`);
      }
    }
    const compared = agree + disagreements.length;
    console.log(`text agreement: ${agree}/${compared} pages agree, ${declined} declined to pdf.js; disagreements: ${disagreements.join(', ')}`);
    expect(compared).toBeGreaterThan(1000);
    expect(disagreements.length / compared).toBeLessThanOrEqual(0.005);
    expect(compared / (compared + declined)).toBeGreaterThan(0.75);
  });
});
