// Trail-less edits of the producer families' documents by the tools of
// test/fixtures/trailless-edits.ts, each next to its control: the same genuine file through the
// same tool with no edit. Counts found (SUSPICIOUS or FORGED), a region on the changed figure, and
// the risk score's ROC AUC of edited against control files, by approach and tool (tuning or held
// out). Re-prints by the generator are scored apart (`scoreReprints`).
import { type DocumentResult, PdfFile, type PaintEvent, TextInterpreter } from '@loupe/core';
import { createPdfJsRaster } from '@loupe/node';
import { imageOnlyPdf, scanOf } from '../test/fixtures/captures.js';
import { billLayout, editLayout, LAYOUT_EDITS, type Layout, payStubLayout, statementLayout } from '../test/fixtures/family-documents.js';
import { PRODUCERS } from '../test/fixtures/family-producers.js';
import { EDIT_TOOLS, type EditTool, EditNotApplicable, officeRoundTrip, redistil, retypeOnImage, rewriteFigure } from '../test/fixtures/trailless-edits.js';

const raster = createPdfJsRaster();
const DPI = 300;

/** Where `text` is printed (page, user-space box, page height), when the interpreter finds it as one word. */
function locate(pdf: Uint8Array, text: string): { page: number; box: [number, number, number, number]; cropBox: readonly number[] } | undefined {
  const file = PdfFile.open(pdf);
  const view = file.view();
  const interpreter = new TextInterpreter(file, view);
  for (const [index, page] of view.pages().entries()) {
    const paint: PaintEvent[] = [];
    interpreter.pageText(page, paint);
    const hit = paint.find((e) => e.kind === 'text' && e.text.trim() === text);
    if (hit) return { page: index + 1, box: hit.box, cropBox: page.cropBox };
  }
  return undefined;
}

/** True when a region of `d` overlaps `at` (a page and user-space box of a page with `cropBox`). */
function regionOver(d: DocumentResult, at: { page: number; box: [number, number, number, number]; cropBox: readonly number[] }): boolean {
  const [cx0, cy0, cx1, cy1] = at.cropBox as [number, number, number, number];
  const [w, h] = [cx1 - cx0, cy1 - cy0];
  const e = { x0: ((at.box[0] - cx0) / w) * 100, x1: ((at.box[2] - cx0) / w) * 100, y0: ((cy1 - at.box[3]) / h) * 100, y1: ((cy1 - at.box[1]) / h) * 100 };
  return d.regions.some((r) => r.page === at.page && r.x < e.x1 && r.x + r.w > e.x0 && r.y < e.y1 && r.y + r.h > e.y0);
}

/** A 300 dpi scan of every page of `pdf` (an image-only PDF), with the figure at `at` retyped as `text` when given. */
async function scanned(
  pdf: Uint8Array,
  at: NonNullable<ReturnType<typeof locate>>,
  seed: number,
  retype?: { text: string; tool: 'canvas' | 'pillow' },
): Promise<Uint8Array> {
  const pages = PdfFile.open(pdf).view().pages().length;
  const [cx0, cy0, cx1, cy1] = at.cropBox as [number, number, number, number];
  const k = DPI / 72;
  const pngs: Uint8Array[] = [];
  for (let p = 1; p <= pages; p++) {
    let png = await scanOf((await raster.renderPage(pdf, p, DPI)).image, seed + p);
    // the word box runs from -0.2 to 0.8 em around the baseline: the glyphs' ink sits within it
    const box = {
      x0: Math.floor((at.box[0] - cx0) * k),
      y0: Math.floor((cy1 - at.box[3]) * k),
      x1: Math.ceil((at.box[2] - cx0) * k),
      y1: Math.ceil((cy1 - at.box[1]) * k),
    };
    if (retype && p === at.page) png = await retypeOnImage(png, box, retype.text, retype.tool);
    pngs.push(png);
  }
  return imageOnlyPdf(pngs, [cx1 - cx0, cy1 - cy0]);
}

/** One tool's file, edited or its control. */
async function through(tool: EditTool, native: Uint8Array, original: string, changed: string | undefined, seed: number): Promise<Uint8Array> {
  const at = locate(native, original);
  if (!at) throw new EditNotApplicable(`${original} is not one word`);
  if (tool.approach === 'scan edit') return scanned(native, at, seed, changed ? { text: changed, tool: tool.tool as 'canvas' | 'pillow' } : undefined);
  const writer = tool.tool === 'pymupdf' ? 'pymupdf' : 'pikepdf';
  // the control goes through the same writer with an edit that changes nothing
  const edited = await rewriteFigure(native, original, changed ?? original, writer);
  if (tool.approach === 'content-stream rewrite') return edited;
  if (tool.approach === 're-distilled') return redistil(edited, tool.tool as 'ghostscript' | 'pdftocairo');
  return officeRoundTrip(edited);
}

/** Counts of one approach and tool. */
export interface TraillessRow {
  edited: number;
  found: number;
  located: number;
  controls: number;
  controlsFlagged: number;
  /** Risk scores (absent: 0) of edited and control files, for the ROC AUC. */
  scores: { edited: number[]; control: number[] };
  /** Edits the tool could not make (the figure split oddly, a digit missing from the subset). */
  notApplicable: number;
}

const flagged = (d: DocumentResult): boolean => d.verdict === 'SUSPICIOUS' || d.verdict === 'FORGED';

/**
 * Every tool on every producer's layouts of `seeds`: each edit of `LAYOUT_EDITS` and one control
 * per layout. Rows keyed `approach|tool (split)` plus `all|tuning`, `all|held-out` and `all|all`.
 */
export async function scoreTraillessEdits(
  engine: { scan(bytes: Uint8Array, options: { name: string }): Promise<DocumentResult> },
  seeds: readonly number[] = [1],
  tools: readonly EditTool[] = EDIT_TOOLS,
  onFile?: (name: string, d: DocumentResult, edited: boolean) => void,
): Promise<Map<string, TraillessRow>> {
  const rows = new Map<string, TraillessRow>();
  const rowOf = (key: string): TraillessRow => {
    const row = rows.get(key) ?? { edited: 0, found: 0, located: 0, controls: 0, controlsFlagged: 0, scores: { edited: [], control: [] }, notApplicable: 0 };
    rows.set(key, row);
    return row;
  };
  for (const producer of PRODUCERS) {
    for (const seed of seeds) {
      const layouts: Layout[] = [statementLayout(seed), payStubLayout(seed), billLayout(seed)];
      for (const layout of layouts) {
        const native = await producer.render(layout);
        for (const tool of tools) {
          const split = tool.heldOut ? 'held-out' : 'tuning';
          const keys = [`${tool.approach}|${tool.tool} (${split})`, `all|${split}`, 'all|all'];
          const edits = LAYOUT_EDITS[layout.kind].map((edit) => ({ edit, ...editLayout(layout, edit, seed) }));
          for (const [i, e] of [{ edit: 'control', original: edits[0]!.original, changed: undefined }, ...edits].entries()) {
            const name = `${producer.name}-${layout.kind}-${seed}-${e.edit}-${tool.tool}`;
            let file: Uint8Array;
            try {
              file = await through(tool, native, e.original, e.changed, seed * 100 + i);
            } catch (error) {
              if (!(error instanceof EditNotApplicable)) throw error;
              for (const k of keys) rowOf(k).notApplicable++;
              continue;
            }
            const d = await engine.scan(file, { name: `${name}.pdf` });
            onFile?.(name, d, e.changed !== undefined);
            const at = e.changed !== undefined ? (tool.approach === 'scan edit' ? locate(native, e.original) : locate(file, e.changed)) : undefined;
            for (const k of keys) {
              const row = rowOf(k);
              if (e.changed === undefined) {
                row.controls++;
                if (flagged(d)) row.controlsFlagged++;
                row.scores.control.push(d.risk_score ?? 0);
              } else {
                row.edited++;
                row.scores.edited.push(d.risk_score ?? 0);
                if (flagged(d)) {
                  row.found++;
                  if (at && regionOver(d, at)) row.located++;
                }
              }
            }
          }
        }
      }
    }
  }
  return rows;
}

/** ROC AUC of `positive` over `negative` scores (ties count half). */
export function rocAuc(positive: readonly number[], negative: readonly number[]): number {
  if (!positive.length || !negative.length) return Number.NaN;
  let wins = 0;
  for (const p of positive) for (const n of negative) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positive.length * negative.length);
}

const pct = (n: number, d: number): string => (d ? `${((100 * n) / d).toFixed(0)}%` : '—');

/** The rows as a Markdown section. */
export function traillessTable(rows: Map<string, TraillessRow>): string {
  const lines = [
    '\n## Trail-less edits by tools the tuning never used\n',
    'Each edited file beside a control: the same genuine file through the same tool with no edit.\n',
    '| approach | tool | edited | found | recall | region on the figure | controls flagged | ROC AUC | not applicable |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [key, r] of rows) {
    const [approach, tool] = key.split('|');
    lines.push(
      `| ${approach} | ${tool} | ${r.edited} | ${r.found} | ${pct(r.found, r.edited)} | ${r.found ? `${r.located} of ${r.found}` : '—'} | ${r.controlsFlagged} of ${r.controls} | ${rocAuc(r.scores.edited, r.scores.control).toFixed(3)} | ${r.notApplicable} |`,
    );
  }
  return lines.join('\n');
}
