// Coverage-guided fuzzing of the document readers for minutes (Jazzer.js needs native binaries
// this machine cannot download; V8's own block coverage guides it instead). A queue starts with
// PDFs drawn from the grammar of `@loupe/fixtures/fuzz-inputs` and small files of the shared
// corpus; each round mutates one entry, scans it with the engine in process, and keeps the result
// in the queue when it reached a block of the core no earlier input reached. An error that is not
// a Loupe error (a crash) is written to bench/out/fuzz-crashes/ and becomes a case of
// `test/parser-fuzz.test.ts`.
//
//   npm run bench:fuzz [-- --minutes 5]
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { LoupeError } from '@loupe/core';
import { type Mutation, mutate, mutations, pdfFile } from '@loupe/fixtures/fuzz-inputs';
import { createNodeEngine } from '@loupe/node';
import fc from 'fast-check';
import { corpusFiles } from '../test/corpus.js';

const { values } = parseArgs({ options: { minutes: { type: 'string', default: '5' }, seed: { type: 'string', default: '1' } } });
const deadline = Date.now() + Number(values.minutes) * 60_000;
const engine = createNodeEngine({ ocr: false });
const crashes = join(import.meta.dirname, 'out', 'fuzz-crashes');

interface BlockCoverage {
  ranges: { startOffset: number; endOffset: number; count: number }[];
}
interface ScriptCoverage {
  url: string;
  functions: { functionName: string; ranges: BlockCoverage['ranges'] }[];
}

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

/** The blocks of the core's code the last input ran (counts since the previous call). */
async function blocksRun(): Promise<Set<string>> {
  const { result } = (await session.post('Profiler.takePreciseCoverage')) as unknown as { result: ScriptCoverage[] };
  const blocks = new Set<string>();
  for (const script of result) {
    if (!script.url.includes('/packages/core/dist/')) continue;
    for (const fn of script.functions) for (const r of fn.ranges) if (r.count > 0) blocks.add(`${script.url}:${r.startOffset}:${r.endOffset}`);
  }
  return blocks;
}

/** Scans `bytes`; returns the unexpected error, if any. */
async function run(bytes: Uint8Array): Promise<unknown> {
  try {
    await engine.scan(bytes, { name: 'fuzz.pdf' });
  } catch (error) {
    if (!(error instanceof LoupeError)) return error;
  }
  return undefined;
}

const seed = Number(values.seed);
const queue: Uint8Array[] = [
  ...fc.sample(pdfFile, { numRuns: 60, seed }),
  ...corpusFiles()
    .filter((f) => statSync(f).size < 100_000)
    .slice(0, 60)
    .map((f) => new Uint8Array(readFileSync(f))),
];
const covered = new Set<string>();
for (const input of queue) {
  await run(input);
  for (const b of await blocksRun()) covered.add(b);
}
const startBlocks = covered.size;
let executions = 0;
let found = 0;
/** Rounds of mutations, drawn 500 at a time (seeded, so a run can be repeated). */
function* rounds(): Generator<[number, number, Mutation[]]> {
  for (let batch = 1; ; batch++) yield* fc.sample(fc.tuple(fc.nat(), fc.nat(), mutations), { numRuns: 500, seed: seed + batch });
}
const started = Date.now();
for (const [a, b, list] of rounds()) {
  if (Date.now() > deadline) break;
  const input = mutate(queue[a % queue.length]!, list, queue[b % queue.length]!);
  const error = await run(input);
  executions++;
  const blocks = await blocksRun();
  const before = covered.size;
  for (const block of blocks) covered.add(block);
  if (covered.size > before) queue.push(input);
  if (error) {
    found++;
    mkdirSync(crashes, { recursive: true });
    const name = `${createHash('sha256').update(input).digest('hex').slice(0, 16)}.pdf`;
    writeFileSync(join(crashes, name), input);
    console.log(`crash: ${name}: ${error instanceof Error ? error.stack?.split('\n').slice(0, 3).join(' | ') : String(error)}`);
  }
}
const seconds = (Date.now() - started) / 1000;
console.log('| minutes | executions | per second | queue (seeds + kept) | core blocks covered (start → end) | crashes |');
console.log('|---|---|---|---|---|---|');
console.log(
  `| ${(seconds / 60).toFixed(1)} | ${executions} | ${(executions / seconds).toFixed(1)} | 120 + ${queue.length - 120} | ${startBlocks} → ${covered.size} | ${found} |`,
);
await session.post('Profiler.stopPreciseCoverage');
session.disconnect();
