// The trail-less edit section of bench:accuracy alone: `node --import tsx bench/tools/trailless-only.ts [SEEDS] [TOOL...]`
// (SEEDS comma-separated, default 1; TOOL names keep only those tools; PRODUCERS=a,b keeps only those
// producers; EDITS=control,sums kept keeps only those edits; VERBOSE=1 prints every file's verdict, its indicators and, after a slash, the codes of
// its other findings: what a CLEAN file carries below the line).

import { EDIT_TOOLS } from '@loupe/fixtures/trailless-edits';
import { createNodeEngine } from '@loupe/node';
import { scoreTraillessEdits, traillessTable } from '../trailless-accuracy.js';

const [seedArg, ...toolNames] = process.argv.slice(2);
const seeds = (seedArg ?? '1').split(',').map(Number);
const tools = toolNames.length ? EDIT_TOOLS.filter((t) => toolNames.includes(t.tool)) : EDIT_TOOLS;
const engine = createNodeEngine();
const rows = await scoreTraillessEdits(
  engine,
  seeds,
  tools,
  (name, d, edited) => {
    if (process.env.VERBOSE)
      console.log(
        `${edited ? 'edit   ' : 'control'} ${name} ${d.verdict} ${d.risk_score ?? '-'} ${d.indicators.map((i) => i.code).join(',')} / ${[
          ...new Set(d.findings.map((f) => f.code).filter((c) => !d.indicators.some((i) => i.code === c))),
        ].join(',')}`,
      );
  },
  process.env.PRODUCERS?.split(','),
  process.env.EDITS?.split(','),
);
console.log(traillessTable(rows));
await engine.dispose();
