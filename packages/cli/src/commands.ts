// The commands of `loupe`: `scan` (readable report or JSON Lines, one object per input file,
// in input order) and `digest` (the audit manifest digest of a file set). With one job each
// input is read, scanned and written before the next (one file in memory at a time); with
// `--jobs N` up to N files are scanned at once by a worker pool and still written in order.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  type Engine,
  FileTooLargeError,
  MANIFEST_DIGEST_ALGORITHM,
  MAX_FILE_BYTES,
  manifestDigest,
  type ScanDetail,
  toDocumentError,
  UnreadableDocumentError,
} from '@loupe/core';
import { inOrder } from './in-order.js';
import { ProgressBar } from './progress.js';
import { formatError, formatReport } from './report.js';

/** Where a command writes. */
export interface Output {
  out: (text: string) => void;
  err: (text: string) => void;
}

/** Options of `loupe scan`. */
export interface ScanOptions {
  json: boolean;
  progress: boolean | undefined;
  /** Optional models (spec `models`), e.g. `docforge`. */
  models?: string[];
  /** Files in flight at once (default 1). */
  jobs?: number;
}

async function readInput(path: string): Promise<Uint8Array> {
  let size: number;
  try {
    const s = await stat(path);
    if (!s.isFile()) throw new UnreadableDocumentError(`${path} is not a regular file.`, 'io_error');
    size = s.size;
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw error;
    throw new UnreadableDocumentError(`Cannot read ${path}: ${(error as Error).message}`, 'io_error');
  }
  if (size > MAX_FILE_BYTES) throw new FileTooLargeError(`The file is ${size} bytes; the limit is ${MAX_FILE_BYTES} bytes.`);
  const buffer = await readFile(path);
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
}

/** `loupe scan FILE...`; returns the exit code (0 when every file produced its output). */
export async function scanCommand(engine: Pick<Engine, 'scanDetailed'>, files: string[], options: ScanOptions, io: Output): Promise<number> {
  const bar = new ProgressBar(files.length, process.stderr, options.progress ?? (files.length > 1 && process.stderr.isTTY === true));
  const scan = async (path: string): Promise<ScanDetail> => {
    const name = basename(path);
    return engine.scanDetailed(await readInput(path), options.models?.length ? { name, models: options.models } : { name });
  };
  await inOrder(files, options.jobs ?? 1, scan, (path, outcome) => {
    const name = basename(path);
    bar.finish();
    if (outcome.ok) io.out(options.json ? JSON.stringify(outcome.value.document) : `${formatReport(outcome.value)}\n`);
    else {
      const spec = toDocumentError(outcome.error);
      io.out(options.json ? JSON.stringify({ error: spec }) : `${formatError(name, spec)}\n`);
    }
    bar.tick(name);
  });
  bar.finish();
  return 0;
}

async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** `loupe digest FILE...`: prints the manifest digest of the set (JSON with `--json`). */
export async function digestCommand(files: string[], json: boolean, io: Output): Promise<number> {
  const entries: { name: string; sha256: string }[] = [];
  for (const path of files) {
    try {
      entries.push({ name: basename(path), sha256: await sha256File(path) });
    } catch (error) {
      io.err(`loupe digest: cannot read ${path}: ${(error as Error).message}`);
      return 1;
    }
  }
  const digest = manifestDigest(entries.map((e) => e.sha256));
  if (json) {
    io.out(JSON.stringify({ manifest_digest: digest, manifest_digest_algorithm: MANIFEST_DIGEST_ALGORITHM, files: entries }));
  } else {
    io.out(digest);
  }
  return 0;
}
