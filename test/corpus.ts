// Where the shared real-world corpus lives (beside the repository, never inside it), and the
// list of its PDFs. `LOUPE_CORPUS` overrides the location.
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** The corpus directory. */
export const CORPUS_DIR = resolve(process.env.LOUPE_CORPUS ?? join(import.meta.dirname, '../../shared/corpus'));

/** Every PDF of the corpus, as paths, in a stable order. */
export function corpusFiles(): string[] {
  if (!existsSync(CORPUS_DIR)) throw new Error(`The shared corpus is missing at ${CORPUS_DIR}; set LOUPE_CORPUS.`);
  return readdirSync(CORPUS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(CORPUS_DIR, d.name))
        .filter((f) => f.toLowerCase().endsWith('.pdf'))
        .map((f) => join(CORPUS_DIR, d.name, f)),
    )
    .sort();
}
