import { writeFileSync } from 'node:fs';
import { generateDocument } from '@loupe/fixtures/layouts/generate';
import { LAYOUT_PRODUCERS } from '@loupe/fixtures/layouts/producers';
const seed = Number(process.argv[2]);
const d = generateDocument(seed);
writeFileSync(`/tmp/seed${seed}.pdf`, await LAYOUT_PRODUCERS.find((p) => p.name === process.argv[3])!.render(d.layout));
