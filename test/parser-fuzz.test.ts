// Fuzzing the readers in CI, in seconds (`npm run bench:fuzz` runs the coverage-guided version for
// minutes): PDF files drawn from a grammar and real files of the shared corpus mutated, scanned by
// the engine in process; PNG, JPEG, WebP and MP4 bytes mutated, read by the containers and the media
// inspector. Whatever the bytes, a reader ends in an answer or a Loupe error with a stable code —
// never a TypeError, a RangeError or another error nobody threw on purpose. Each crash fuzzing found
// stays below as a regression case.
import { readFileSync, statSync } from 'node:fs';
import { LoupeError, MediaError } from '@loupe/core';
import { inspectMedia, readContainer } from '@loupe/core/internal';
import { mutate, mutations, pdfFile } from '@loupe/fixtures/fuzz-inputs';
import { jpegDeclaring, pngDeclaring, webpDeclaringHuge } from '@loupe/fixtures/hostile-files';
import { createNodeEngine } from '@loupe/node';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpusFiles } from './corpus.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 120);
const engine = createNodeEngine({ ocr: false });

/** The engine's outcome: 'document', a Loupe error's code, or the unexpected error itself (a failure). */
async function scanOutcome(bytes: Uint8Array): Promise<string> {
  try {
    await engine.scan(bytes, { name: 'fuzz.pdf' });
    return 'document';
  } catch (error) {
    if (error instanceof LoupeError) return error.code;
    throw error;
  }
}

/** Calls `read`; a Loupe or media error is an answer, anything else is thrown on. */
function readOutcome(read: () => unknown): string {
  try {
    read();
    return 'read';
  } catch (error) {
    if (error instanceof LoupeError || error instanceof MediaError) return 'refused';
    throw error;
  }
}

/** Small corpus files (a mutation of a large one costs seconds), in a stable order. */
const smallCorpus = corpusFiles()
  .filter((f) => statSync(f).size < 150_000)
  .slice(0, 400);

describe('fuzzing the readers', () => {
  it('scans every PDF the grammar draws to a Document or a Loupe error', async () => {
    await fc.assert(
      fc.asyncProperty(pdfFile, async (bytes) => {
        expect(typeof (await scanOutcome(bytes))).toBe('string');
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 42) },
    );
  }, 300_000);

  it('scans mutations of real-world PDFs to a Document or a Loupe error', async () => {
    expect(smallCorpus.length).toBeGreaterThan(100);
    await fc.assert(
      fc.asyncProperty(fc.nat(smallCorpus.length - 1), fc.nat(smallCorpus.length - 1), mutations, async (a, b, list) => {
        const bytes = mutate(new Uint8Array(readFileSync(smallCorpus[a]!)), list, new Uint8Array(readFileSync(smallCorpus[b]!)));
        expect(typeof (await scanOutcome(bytes))).toBe('string');
      }),
      { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? 42) },
    );
  }, 300_000);

  it('reads mutated image and media containers to facts or a refusal', () => {
    const seeds = [pngDeclaring(64, 48), jpegDeclaring(64, 48), webpDeclaringHuge()];
    fc.assert(
      fc.property(fc.nat(seeds.length - 1), mutations, (k, list) => {
        const bytes = mutate(seeds[k]!, list);
        readOutcome(() => readContainer(bytes, 'png'));
        readOutcome(() => readContainer(bytes, 'jpg'));
        readOutcome(() => inspectMedia(bytes, 'fuzz'));
      }),
      { numRuns: RUNS * 10, seed: Number(process.env.FUZZ_SEED ?? 42) },
    );
  });
});
