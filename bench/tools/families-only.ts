// The producer-family section of bench:accuracy alone (to compare two builds of the engine quickly).
import { createNodeEngine } from '@loupe/node';
import { familyTable, scoreProducerFamilies } from '../producer-families.js';

const engine = createNodeEngine();
console.log(familyTable(await scoreProducerFamilies(engine)));
await engine.dispose();
