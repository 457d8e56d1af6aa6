// The hostile-file suite (`@loupe/fixtures/hostile-files`) through the built CLI: every file is
// answered — a Document, a Detection or an error in the spec's shape — by a process that lives to
// answer the next file, and each decompression bomb is stopped by the document's decoding budget
// and named as such. Bounded by outcome, never by time; `npm run bench:hostile` prints the time
// and peak memory of each.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type HostileFile, hostileFiles } from '@loupe/fixtures/hostile-files';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ERROR_CODES, jsonLines, runLoupe } from './cli-runner.js';

const MEDIA_ERROR_CODES = new Set([
  'UNSUPPORTED_MEDIA_TYPE',
  'UNDECODABLE_IMAGE',
  'UNDECODABLE_VIDEO',
  'UNDECODABLE_AUDIO',
  'FILE_TOO_LARGE',
  'NOT_ASSESSABLE',
]);
const dir = mkdtempSync(join(tmpdir(), 'loupe-hostile-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = hostileFiles();

/** Writes `list` and runs them through one CLI process; returns each file's JSON line. */
async function answers(list: HostileFile[], args: string[]): Promise<Map<string, Record<string, unknown>>> {
  const paths = list.map((f) => {
    const path = join(dir, f.name);
    writeFileSync(path, f.bytes);
    return path;
  });
  const run = await runLoupe([...args, ...paths], 600_000);
  expect(run.timedOut).toBe(false);
  expect(run.code, run.stderr.slice(0, 2000)).toBe(0);
  const lines = jsonLines(run.stdout);
  expect(lines).toHaveLength(list.length);
  return new Map(list.map((f, i) => [f.name, lines[i]!]));
}

describe('hostile files', () => {
  it('answers every hostile document in the contract, the bombs stopped by the decoding budget', async () => {
    const scanned = await answers(
      files.filter((f) => f.command === 'scan'),
      ['scan', '--json', '--no-progress', '--no-ocr'],
    );
    for (const [name, line] of scanned) {
      const error = line.error as { code: string } | undefined;
      if (error) expect(DOCUMENT_ERROR_CODES, name).toContain(error.code);
      else expect(line.object, name).toBe('document');
    }
    for (const name of ['flate-256mib.pdf', 'flate-double-1gib.pdf', 'lzw-256mib.pdf', 'ascii85-flate-256mib.pdf', 'raw-deflate-256mib.pdf']) {
      const line = scanned.get(name)!;
      expect(line.verdict, name).toBe('INSUFFICIENT_EVIDENCE');
      expect(line.reason_codes, name).toContain('budget_exceeded');
      expect(line.headline, name).toMatch(
        /reading stopped at a bound: (The document's streams decode to more than its decoding budget of 64 MiB|A stream expands more than 1000 times)/,
      );
    }
    // a 259 KB file may decode 64 MiB (its floor), not the 256 MiB it holds
    expect(scanned.get('flate-256mib.pdf')!.headline).toMatch(/decoding budget of 64 MiB/);
    for (const name of ['png-60000.png', 'jpeg-60000.jpg', 'pdf-image-60000.pdf']) {
      expect(scanned.get(name)!.reason_codes, name).toContain('budget_exceeded');
    }
    expect((scanned.get('pages-100000.pdf')!.file as { pages: number }).pages).toBe(1);
  }, 900_000);

  it('answers every hostile media file with a Detection or a media error code', async () => {
    const detected = await answers(
      files.filter((f) => f.command === 'detect'),
      ['detect', '--json'],
    );
    for (const [name, line] of detected) {
      const error = line.error as { code: string } | undefined;
      if (error) expect(MEDIA_ERROR_CODES, name).toContain(error.code);
      else expect(line.status, name).toBe('completed');
    }
    for (const name of ['png-60000-media.png', 'jpeg-60000-media.jpg', 'webp-16384.webp']) {
      expect((detected.get(name)!.error as { code: string } | undefined)?.code, name).toBe('UNDECODABLE_IMAGE');
    }
  }, 300_000);
});
