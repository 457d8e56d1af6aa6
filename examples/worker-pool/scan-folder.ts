// A folder of documents screened on a pool of worker threads, as many at once as the machine has
// cores: each file's verdict and risk score printed in the order the files were named, and a
// summary. Run: `node --import tsx examples/worker-pool/scan-folder.ts DIR`.
import { readdir, readFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { DocumentResult } from '@loupe/core';
import { toDocumentError } from '@loupe/core';
import { createNodePool } from '@loupe/node';

/** One line per file: its name, then the verdict and score or the error code. */
export async function scanFolder(dir: string, threads = availableParallelism()): Promise<string[]> {
  const pool = createNodePool({ size: threads, ocr: false });
  try {
    const names = (await readdir(dir)).filter((n) => /\.(pdf|png|jpe?g)$/i.test(n)).sort();
    return await Promise.all(
      names.map(async (name) => {
        try {
          const bytes = new Uint8Array(await readFile(join(dir, name)));
          const { document } = (await pool.run('scan', bytes, { name })) as { document: DocumentResult };
          return `${name}\t${document.verdict}\t${document.risk_score ?? '-'}`;
        } catch (error) {
          return `${name}\terror\t${toDocumentError(error).code}`;
        }
      }),
    );
  } finally {
    await pool.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const lines = await scanFolder(process.argv[2] ?? '.');
  console.log(lines.join('\n'));
}
