// The commands of `loupe`: `scan` (readable report or JSON Lines, one object per input file,
// in input order) and `digest` (the audit manifest digest of a file set). Each input is read,
// scanned and written before the next, so memory holds one file at a time.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import {
  FileTooLargeError,
  MANIFEST_DIGEST_ALGORITHM,
  manifestDigest,
  MAX_FILE_BYTES,
  toSpecError,
  UnreadableDocumentError,
  type Engine,
} from '@loupe/core';
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
export async function scanCommand(engine: Engine, files: string[], options: ScanOptions, io: Output): Promise<number> {
  const bar = new ProgressBar(files.length, process.stderr, options.progress ?? (files.length > 1 && process.stderr.isTTY === true));
  for (const path of files) {
    const name = basename(path);
    try {
      const bytes = await readInput(path);
      const detail = await engine.scanDetailed(bytes, options.models?.length ? { name, models: options.models } : { name });
      bar.finish();
      io.out(options.json ? JSON.stringify(detail.document) : formatReport(detail) + '\n');
    } catch (error) {
      const spec = toSpecError(error);
      bar.finish();
      io.out(options.json ? JSON.stringify({ error: spec }) : formatError(name, spec) + '\n');
    }
    bar.tick(name);
  }
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
