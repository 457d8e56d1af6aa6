// The re-print section of bench:accuracy alone (recall of trail-less edits by split, with regions).
import { createNodeEngine } from '@loupe/node';
import { reprintTable, scoreReprints } from '../producer-families.js';

const engine = createNodeEngine();
console.log(reprintTable(await scoreReprints(engine, (process.argv[2] ?? '1,2,3').split(',').map(Number))));
await engine.dispose();
