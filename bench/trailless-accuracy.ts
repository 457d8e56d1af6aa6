// Trail-less edits of the producer families' documents by the tools of
// packages/fixtures/src/trailless-edits.ts, each next to its control: the same genuine file through the
// same tool with no edit. Counts found (SUSPICIOUS or FORGED), a region on the changed figure, and
// the risk score's ROC AUC of edited against control files, by approach and tool (tuning or held
// out). Re-prints by the generator are scored apart (`scoreReprints`).
import type { DocumentResult } from '@loupe/core';
import {
  billLayout,
  consistentEdit,
  editLayout,
  LAYOUT_EDITS,
  type Layout,
  payRaiseEdit,
  payStubLayout,
  statementLayout,
} from '@loupe/fixtures/family-documents';
import { PRODUCERS } from '@loupe/fixtures/family-producers';
import {
  EDIT_TOOLS,
  EditNotApplicable,
  type EditTool,
  libraryRewrite,
  locateAll,
  officeRoundTrip,
  redactAndRetype,
  redistil,
  regionOver,
  rewriteFigures,
  type ScanEditor,
  sameFontRetype,
  scanned,
} from '@loupe/fixtures/trailless-edits';

/** The name of the edits that keep every printed sum. */
const CONSISTENT = 'sums kept';
/** A pay stub's income raised, every sum and statutory rate kept. */
const PAY_RAISED = 'pay raised';
/** Edits counted in rows of their own (only evidence beyond the printed arithmetic finds them). */
const APART = [CONSISTENT, PAY_RAISED];

/** One tool's file: `pairs` (original and changed text) edited, or, for the control, `pairs` left as they are. */
export async function through(tool: EditTool, native: Uint8Array, pairs: readonly [string, string][], control: boolean, seed: number): Promise<Uint8Array> {
  if (tool.approach === 'scan edit') {
    const retypes = control ? [] : pairs.flatMap(([original, text]) => locateAll(native, original).map((at) => ({ at, text })));
    if (!control && retypes.length < pairs.length) throw new EditNotApplicable('a figure is not one word');
    return scanned(native, seed, retypes, tool.tool as ScanEditor);
  }
  if (tool.approach === 'library redact and retype') {
    // the control: the library opens and saves the file, removing and retyping nothing
    return control
      ? rewriteFigures(
          native,
          pairs.map(([a]) => [a, a] as const),
          tool.tool === 'pymupdf-retype' ? 'pymupdf' : 'pikepdf',
        )
      : redactAndRetype(native, pairs, tool.tool as 'pymupdf-retype' | 'pikepdf-overlay');
  }
  if (tool.approach === 'same-font retype') {
    // the control: pikepdf opens and saves the file, removing and retyping nothing
    return control
      ? rewriteFigures(
          native,
          pairs.map(([a]) => [a, a] as const),
          'pikepdf',
        )
      : sameFontRetype(native, pairs, tool.tool === 'samefont-floats' ? 'floats' : 'tidy');
  }
  if (tool.approach === 'library rewrite')
    return libraryRewrite(native, control ? pairs.map(([a]) => [a, a] as const) : pairs, tool.tool as 'pdf-lib' | 'pypdf');
  const writer = tool.tool === 'pymupdf' ? 'pymupdf' : 'pikepdf';
  // the control goes through the same writer with an edit that changes nothing
  const edited = await rewriteFigures(native, control ? pairs.map(([a]) => [a, a] as const) : pairs, writer);
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
 * per layout (`editNames` keeps only those edits, 'control' and 'sums kept' among them). Rows keyed `approach|tool (split)` plus `all|tuning`, `all|held-out` and `all|all`.
 */
export async function scoreTraillessEdits(
  engine: { scan(bytes: Uint8Array, options: { name: string }): Promise<DocumentResult> },
  seeds: readonly number[] = [1],
  tools: readonly EditTool[] = EDIT_TOOLS,
  onFile?: (name: string, d: DocumentResult, edited: boolean) => void,
  producers: readonly string[] = PRODUCERS.map((p) => p.name),
  editNames?: readonly string[],
): Promise<Map<string, TraillessRow>> {
  const rows = new Map<string, TraillessRow>();
  const rowOf = (key: string): TraillessRow => {
    const row = rows.get(key) ?? { edited: 0, found: 0, located: 0, controls: 0, controlsFlagged: 0, scores: { edited: [], control: [] }, notApplicable: 0 };
    rows.set(key, row);
    return row;
  };
  for (const producer of PRODUCERS.filter((p) => producers.includes(p.name))) {
    for (const seed of seeds) {
      const layouts: Layout[] = [statementLayout(seed), payStubLayout(seed), billLayout(seed)];
      for (const layout of layouts) {
        const native = await producer.render(layout);
        const edits: { edit: string; pairs: [string, string][]; changed: string }[] = (LAYOUT_EDITS[layout.kind] ?? []).map((edit) => {
          const e = editLayout(layout, edit, seed);
          return { edit, pairs: e.pairs, changed: e.changed };
        });
        const consistent = consistentEdit(layout, seed);
        if (consistent) edits.push({ edit: CONSISTENT, ...consistent });
        const raised = payRaiseEdit(layout, seed);
        if (raised) edits.push({ edit: PAY_RAISED, ...raised });
        for (const tool of tools) {
          const split = tool.heldOut ? 'held-out' : 'tuning';
          const toolKey = `${tool.approach}|${tool.tool} (${split})`;
          const cases = [{ edit: 'control', pairs: edits[0]!.pairs, changed: undefined }, ...edits].filter((e) => !editNames || editNames.includes(e.edit));
          for (const [i, e] of cases.entries()) {
            let keys = [toolKey, `all|${split}`, 'all|all'];
            // consistent edits (every sum kept) are counted apart: only evidence beyond arithmetic finds them
            const apartKeys = (edit: string): string[] => [`${edit}|${tool.tool} (${split})`, `${edit}|all`];
            if (APART.includes(e.edit)) keys = apartKeys(e.edit);
            // the controls are the genuine side of every row
            else if (e.changed === undefined) keys.push(...APART.flatMap(apartKeys));
            const name = `${producer.name}-${layout.kind}-${seed}-${e.edit}-${tool.tool}`;
            let file: Uint8Array;
            try {
              file = await through(tool, native, e.pairs, e.changed === undefined, seed * 100 + i);
            } catch (error) {
              if (!(error instanceof EditNotApplicable)) throw error;
              for (const k of keys) rowOf(k).notApplicable++;
              continue;
            }
            const d = await engine.scan(file, { name: `${name}.pdf` });
            onFile?.(name, d, e.changed !== undefined);
            // every changed figure counts as the edit's place (an edit that keeps the sums changes several)
            const places =
              e.changed === undefined
                ? []
                : e.pairs.flatMap(([original, changed]) => (tool.approach === 'scan edit' ? locateAll(native, original) : locateAll(file, changed)));
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
                  if (places.some((at) => regionOver(d, at))) row.located++;
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
    'Each edited file beside a control: the same genuine file through the same tool with no edit. Rows "sums kept": edits that change',
    'every figure a sum depends on (a tax lowered, total deductions and net pay with it; a charge raised, new charges and the amount due with it);',
    'rows "pay raised": a pay stub\'s rate and gross pay raised, its social security, Medicare and 401(k) computed again, its totals kept.\n',
    '| approach | tool | edited | found | recall | region on the figure | controls flagged | ROC AUC | not applicable |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  const order = (key: string): number => (key.startsWith('all|') ? 2 : APART.some((edit) => key.startsWith(`${edit}|`)) ? 1 : 0);
  for (const [key, r] of [...rows].sort(([a], [b]) => order(a) - order(b))) {
    const [approach, tool] = key.split('|');
    lines.push(
      `| ${approach} | ${tool} | ${r.edited} | ${r.found} | ${pct(r.found, r.edited)} | ${r.found ? `${r.located} of ${r.found}` : '—'} | ${r.controlsFlagged} of ${r.controls} | ${rocAuc(r.scores.edited, r.scores.control).toFixed(3)} | ${r.notApplicable} |`,
    );
  }
  return lines.join('\n');
}
