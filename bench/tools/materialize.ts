// Writes the project's own sources to disk, each as a folder of files with a labels.json in the
// outside set's schema (file, class, technique, split, doc_type, producer, parts), so that one
// runner (`bench/tools/sources.ts`) can score every source through `loupe scan --json`, the
// interface outside evaluations use:
//
//   bench/out/sources/generated/  the layout generator's genuine documents (held-in and held-out),
//                                 natively, and every 10th seed scanned and photographed
//   bench/out/sources/families/   the accuracy corpus (genuine, benign updates, tampered), the
//                                 producer families (native, benign saves, scans, photos) and the
//                                 statement families (genuine and re-printed with a figure changed)
//
//   node --import tsx bench/tools/materialize.ts [--only generated|families] [--seeds 600] [--from 1] [--as generated]
//       [--producer gropdf]
//
// `--from` and `--as` write another batch of the generator's seeds as a source of its own (seeds
// 601-1200 as `generated-fresh`: documents no tuning has looked at, to test a change made on the first batch).
// `--producer` writes only the seeds one producer renders (a change to how that producer draws a
// layout, measured on its files alone).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { installedProducers } from '@loupe/fixtures/layouts/producers';
import { FAMILIES, genuineStatement, REWRITES, rewrite } from '@loupe/fixtures/statement-families';
import { accuracyCorpus } from '../accuracy-corpus.js';
import { generatedSamples } from '../generated-layouts.js';
import { producerFamilySamples } from '../producer-families.js';

/** One labelled file, as the outside set labels its files. */
export interface Label {
  file: string;
  class: 'genuine' | 'genuine_benign_update' | 'genuine_image' | 'tampered';
  technique: string;
  split: 'held-in' | 'held-out';
  doc_type: string;
  producer: string;
  parts?: string[];
}

const { values } = parseArgs({
  options: {
    only: { type: 'string' },
    seeds: { type: 'string', default: '600' },
    from: { type: 'string', default: '1' },
    as: { type: 'string', default: 'generated' },
    producer: { type: 'string' },
  },
});
const root = resolve(import.meta.dirname, '..', 'out', 'sources');

/** A source folder written afresh: `add` puts a file and its label in it, `done` writes the labels. */
function source(name: string): { add: (file: string, bytes: Uint8Array, label: Omit<Label, 'file'>) => void; done: () => void } {
  const dir = join(root, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'files'), { recursive: true });
  const labels: Label[] = [];
  return {
    add: (file, bytes, label) => {
      writeFileSync(join(dir, 'files', file), bytes);
      labels.push({ file, ...label });
    },
    done: () => {
      writeFileSync(join(dir, 'labels.json'), `${JSON.stringify(labels, null, 1)}\n`);
      process.stderr.write(`${name}: ${labels.length} files\n`);
    },
  };
}

if (!values.only || values.only === 'generated') {
  const out = source(values.as);
  const producers = installedProducers();
  const seeds = Array.from({ length: Number(values.seeds) }, (_, i) => i + Number(values.from)).filter(
    (seed) => !values.producer || producers[seed % producers.length]!.name === values.producer,
  );
  for await (const s of generatedSamples(seeds, 10)) {
    out.add(s.name, s.bytes, {
      class: s.form === 'native' ? 'genuine' : 'genuine_image',
      technique: s.form,
      split: s.split,
      doc_type: s.document.kind,
      producer: s.producer,
      parts: s.document.parts,
    });
  }
  out.done();
}

if (!values.only || values.only === 'families') {
  const out = source('families');
  const CLASS = { genuine: 'genuine', benign: 'genuine_benign_update', tampered: 'tampered' } as const;
  for (const s of await accuracyCorpus()) {
    out.add(`acc-${s.name}.pdf`, s.bytes, {
      class: CLASS[s.kind],
      technique: s.technique,
      split: 'held-in',
      doc_type: 'statement',
      producer: 'accuracy corpus',
    });
  }
  for (const s of await producerFamilySamples([1, 2, 3], [1])) {
    const file = `pf-${s.name}${s.name.endsWith('.pdf') || s.name.endsWith('.jpg') ? '' : '.pdf'}`;
    const cls = s.form === 'native' ? 'genuine' : s.form === 'benign save' ? 'genuine_benign_update' : 'genuine_image';
    out.add(file, s.bytes, { class: cls, technique: s.form, split: s.split === 'tuning' ? 'held-in' : 'held-out', doc_type: s.document, producer: s.producer });
  }
  for (const family of FAMILIES) {
    for (const seed of [3, 4]) {
      const statement = genuineStatement(seed, 30);
      const base = { split: 'held-in', doc_type: 'statement', producer: family.producer } as const;
      out.add(`sf-${family.name}-${seed}.pdf`, await family.render(statement), { ...base, class: 'genuine', technique: 'native' });
      for (const kind of REWRITES) {
        out.add(`sf-${family.name}-${seed}-${kind}.pdf`, await family.render(rewrite(statement, kind)), {
          ...base,
          class: 'tampered',
          technique: `re-printed, ${kind} changed`,
        });
      }
    }
  }
  out.done();
}
