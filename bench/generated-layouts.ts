// Genuine documents of the layout generator (packages/fixtures/src/layouts), each seed rendered by
// one producer (the seeds cycle through the producers installed), natively; some also scanned and
// photographed. A sample is held out when its producer or one of its layout parts is: the tuning
// never looks at those, and reports give them apart. Part of bench:accuracy and the per-source
// accounting (`bench/sources.ts`); `bench/tools/generated.ts` runs it alone.
import { conditionsFor, phoneCapture } from '@loupe/fixtures/captures';
import { type GeneratedDocument, generateDocument } from '@loupe/fixtures/layouts/generate';
import { installedProducers } from '@loupe/fixtures/layouts/producers';
import { scanned } from '@loupe/fixtures/trailless-edits';
import { createPdfJsRaster } from '@loupe/node';

/** One generated genuine sample. */
export interface GeneratedSample {
  name: string;
  document: GeneratedDocument;
  producer: string;
  split: 'held-in' | 'held-out';
  form: 'native' | 'scan' | 'photo';
  bytes: Uint8Array;
}

const raster = createPdfJsRaster();

/**
 * The samples of `seeds`: each seed's document rendered by the producer it cycles to, natively,
 * and every `captureEvery`th seed's first page also scanned and photographed (0: none). Producers
 * that fail on a layout are reported on standard error and skipped.
 */
export async function* generatedSamples(seeds: Iterable<number>, captureEvery = 0): AsyncGenerator<GeneratedSample> {
  const producers = installedProducers();
  for (const seed of seeds) {
    const document = generateDocument(seed);
    const producer = producers[seed % producers.length]!;
    const split = document.heldOut || producer.heldOut ? 'held-out' : 'held-in';
    const name = `gen-${seed}-${document.kind}-${producer.name}`;
    let pdf: Uint8Array;
    try {
      pdf = await producer.render(document.layout);
    } catch (error) {
      process.stderr.write(`${name}: ${(error as Error).message.split('\n')[0]}\n`);
      continue;
    }
    const base = { document, producer: producer.name, split } as const;
    yield { ...base, name: `${name}.pdf`, form: 'native', bytes: pdf };
    if (captureEvery > 0 && seed % captureEvery === 0) {
      yield { ...base, name: `${name}-scan.pdf`, form: 'scan', bytes: await scanned(pdf, seed) };
      const page = (await raster.renderPage(pdf, 1, 200)).image;
      yield { ...base, name: `${name}-photo.jpg`, form: 'photo', bytes: await phoneCapture(page, conditionsFor(seed)) };
    }
  }
}
