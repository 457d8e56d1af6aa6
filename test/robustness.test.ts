// Robustness: every real-world PDF of the shared corpus, and a set of hostile mutations, ends in
// a Document or a clear error code — never a crash, a hang, a server_error or an unhandled
// rejection. Files run through the built CLI in child processes with a time limit per batch.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { BOMB_FILE } from '@loupe/fixtures/bombs';
import { editText, makeStatement } from '@loupe/fixtures/pdf-builders';
import { onePageObjects, RawPdf } from '@loupe/fixtures/raw-pdf';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_ERROR_CODES, jsonLines, runLoupe } from './cli-runner.js';
import { corpusFiles } from './corpus.js';

const BATCH = 150;
const BATCH_TIMEOUT_MS = 240_000;

async function expectEveryFileEnds(files: string[]): Promise<Map<string, string>> {
  const outcome = new Map<string, string>();
  for (let i = 0; i < files.length; i += BATCH) {
    const batch = files.slice(i, i + BATCH);
    // OCR is exercised by its own tests; here the structure, checks and bounds meet hostile input
    const run = await runLoupe(['scan', '--json', '--no-progress', '--no-ocr', ...batch], BATCH_TIMEOUT_MS);
    expect(run.timedOut, `batch starting at ${batch[0]} hung`).toBe(false);
    expect(run.code, run.stderr.slice(0, 2000)).toBe(0);
    const lines = jsonLines(run.stdout);
    expect(lines).toHaveLength(batch.length);
    lines.forEach((line, k) => {
      const file = batch[k]!;
      const error = line.error as { code: string; message: string } | undefined;
      if (error) {
        expect(DOCUMENT_ERROR_CODES.has(error.code), `${file}: ${error.code} ${error.message}`).toBe(true);
        outcome.set(file, error.code);
      } else {
        expect(line.object, file).toBe('document');
        expect((line.file as { name: string }).name).toBe(basename(file));
        outcome.set(file, 'document');
      }
    });
  }
  return outcome;
}

describe('robustness', () => {
  it('ends every real-world corpus PDF in a Document or a clear error code', async () => {
    const files = corpusFiles();
    expect(files.length).toBeGreaterThan(1000);
    const outcome = await expectEveryFileEnds(files);
    const documents = [...outcome.values()].filter((v) => v === 'document').length;
    // nearly all of the corpus is readable; a collapse here means a regression, not bad input
    expect(documents / files.length).toBeGreaterThan(0.97);
  });

  it('survives hostile mutations: truncations, flipped bytes, broken offsets, deep nesting, a flate bomb', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-mutations-'));
    const files: string[] = [];
    const write = (name: string, bytes: Uint8Array): void => {
      const path = join(dir, name);
      writeFileSync(path, bytes);
      files.push(path);
    };
    const base = await makeStatement({ pages: 2, rowsPerPage: 6 });
    const edited = await editText(base, 0, 'First Example Bank', 'Other Example Bank');
    const objStreams = await makeStatement({ pages: 2, rowsPerPage: 6, useObjectStreams: true });
    let seed = 11;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) >>> 0;
      return seed % n;
    };
    for (const [label, source] of [
      ['table', edited],
      ['stream', objStreams],
    ] as const) {
      for (const fraction of [0.02, 0.1, 0.33, 0.5, 0.66, 0.9, 0.99])
        write(`${label}-trunc-${fraction}.pdf`, source.subarray(0, Math.floor(source.length * fraction)));
      for (let k = 0; k < 12; k++) {
        const copy = Uint8Array.from(source);
        for (let f = 0; f < 1 + k * 4; f++) {
          const at = random(copy.length);
          copy[at] = copy[at]! ^ (1 << random(8));
        }
        write(`${label}-flip-${k}.pdf`, copy);
      }
      const text = new TextDecoder('latin1').decode(source);
      const at = text.lastIndexOf('startxref');
      for (const offset of ['0', '99999999', '-5', String(Math.floor(source.length / 2)), 'abc']) {
        write(
          `${label}-startxref-${offset}.pdf`,
          Uint8Array.from(`${text.slice(0, at)}startxref\n${offset}\n%%EOF\n`, (c) => c.charCodeAt(0)),
        );
      }
    }
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    write('nested-100k.pdf', new RawPdf().section([...onePageObjects('deep'), { num: 6, body: deep }], { trailer: `/Root 1 0 R /Info 6 0 R` }).bytes());
    const deepContent = `BT ${'['.repeat(100_000)} ET`;
    write(
      'nested-content.pdf',
      new RawPdf()
        .section(
          onePageObjects('x').map((o) => (o.num === 4 ? { num: 4, body: `<< /Length ${deepContent.length} >>\nstream\n${deepContent}\nendstream` } : o)),
          { trailer: '/Root 1 0 R' },
        )
        .bytes(),
    );
    const bomb = new Uint8Array(readFileSync(BOMB_FILE));
    const bombObject = new Uint8Array([
      ...new TextEncoder().encode(`<< /Filter [/FlateDecode /FlateDecode] /Length ${bomb.length} >>\nstream\n`),
      ...bomb,
      ...new TextEncoder().encode('\nendstream'),
    ]);
    const bombPdf = new RawPdf()
      .section(
        onePageObjects('bomb').map((o) => (o.num === 4 ? { num: 4, body: bombObject } : o)),
        { trailer: '/Root 1 0 R' },
      )
      .bytes();
    expect(bombPdf.length).toBeLessThan(5000);
    write('flate-bomb.pdf', bombPdf);
    write(
      'objstm-bomb.pdf',
      new RawPdf()
        .section(onePageObjects('bomb'), { trailer: '/Root 1 0 R' })
        .raw(`9 0 obj\n<< /Type /ObjStm /N 1 /First 4 /Filter [/FlateDecode /FlateDecode] /Length ${bomb.length} >>\nstream\n`)
        .raw(bomb)
        .raw('\nendstream\nendobj\n')
        .bytes(),
    );
    write(
      'prev-loop.pdf',
      new TextEncoder().encode(
        '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\nxref\n0 2\n0000000000 65535 f \n0000000009 00000 n \ntrailer\n<< /Root 1 0 R /Prev 54 >>\nstartxref\n54\n%%EOF\n',
      ),
    );
    write('empty.pdf', new Uint8Array(0));
    write('header-only.pdf', new TextEncoder().encode('%PDF-1.7\n'));
    write('billion-objects.pdf', new TextEncoder().encode('%PDF-1.4\nxref\n0 4000000000\ntrailer\n<< >>\nstartxref\n9\n%%EOF\n'));
    const started = Date.now();
    const outcome = await expectEveryFileEnds(files);
    expect(outcome.get(join(dir, 'empty.pdf'))).toBe('unreadable_document');
    // a bomb is refused or read around, quickly and without exhausting memory
    expect(Date.now() - started).toBeLessThan(120_000);
  });
});
