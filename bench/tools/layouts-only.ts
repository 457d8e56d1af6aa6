// The payroll, bill and statement layouts of bench:accuracy alone (`bench/payroll-layouts.ts`).
import { createNodeEngine } from '@loupe/node';
import { layoutTable, scoreLayouts } from '../payroll-layouts.js';

const engine = createNodeEngine({ ocr: false });
console.log(layoutTable(await scoreLayouts(engine)));
await engine.dispose();
