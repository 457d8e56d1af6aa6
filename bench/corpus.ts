// The benchmark corpus: native statements of 1, 10, 50 and 200 pages, each as an untouched
// original (1 revision) and with four later incremental edits (5 revisions), each edit rewriting
// the text of one page, alternating classic and cross-reference-stream updates. Files are
// cached in bench/out/corpus and rebuilt when missing.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';

/** One benchmark file. */
export interface BenchFile {
  name: string;
  path: string;
  pages: number;
  revisions: number;
  bytes: Uint8Array;
}

export const PAGE_COUNTS = [1, 10, 50, 200];
export const REVISION_COUNTS = [1, 5];

/** Builds (or reads the cached) corpus in `dir`. */
export async function benchCorpus(dir: string): Promise<BenchFile[]> {
  mkdirSync(dir, { recursive: true });
  const files: BenchFile[] = [];
  for (const pages of PAGE_COUNTS) {
    for (const revisions of REVISION_COUNTS) {
      const name = `statement-${pages}p-${revisions}r.pdf`;
      const path = join(dir, name);
      if (!existsSync(path)) {
        let bytes = await makeStatement({ pages, rowsPerPage: 30, seed: pages });
        const header = new Map<number, string>();
        for (let k = 1; k < revisions; k++) {
          const page = (k * 7) % pages;
          const from = header.get(page) ?? `Statement period March 2024 - page ${page + 1} of ${pages}`;
          const to = `Statement period April 2024 - page ${page + 1} of ${pages} (edit ${k})`;
          bytes = await editText(bytes, page, from, to, { useObjectStreams: k % 2 === 0 });
          header.set(page, to);
        }
        writeFileSync(path, bytes);
      }
      files.push({ name, path, pages, revisions, bytes: new Uint8Array(readFileSync(path)) });
    }
  }
  return files;
}
