// The payroll, bill and statement layouts of bench:accuracy alone (`bench/payroll-layouts.ts`).
import { createNodeEngine } from '@loupe/node';
import { layoutTable, scoreLayouts } from '../payroll-layouts.js';

// `node bench/tools/layouts-only.ts weasyprint-scanned` runs one producer (the scans read by OCR take about six minutes)
const engine = createNodeEngine();
console.log(layoutTable(await scoreLayouts(engine, process.argv.length > 2 ? process.argv.slice(2) : undefined)));
await engine.dispose();
