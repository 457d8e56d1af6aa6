// `loupe detect FILE...`: media detection (photo, video, audio) with the Detection envelope per
// file — a readable summary, or JSON Lines with `--json` (one object per input file, in order;
// a file without a Detection gets the spec's object-form error body on its line); with
// `--jobs N` a worker pool runs up to N files at once, still written in input order.
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Detection, MEDIA_CAPS, type MediaEngine, MediaError, toMediaErrorBody } from '@loupe/core/media';
import { readMediaFile } from '@loupe/node/media';
import type { Output } from './commands.js';
import { inOrder } from './in-order.js';
import { ProgressBar } from './progress.js';

/** Options of `loupe detect`. */
export interface DetectOptions {
  json: boolean;
  progress: boolean | undefined;
  thumbnails: boolean;
  /** Files in flight at once (default 1). */
  jobs?: number;
}

const LARGEST = Math.max(...Object.values(MEDIA_CAPS));

function readable(name: string, d: Detection): string {
  const lines = [
    `${name}: ${d.verdict}${d.score === null ? '' : ` (score ${d.score.toFixed(2)})`} — ${d.summary}`,
    `  model ${d.model}, ${d.media.type} ${d.media.mime_type ?? ''}, ${d.credits_used} credit${d.credits_used === 1 ? '' : 's'}`,
  ];
  for (const f of d.frames ?? [])
    lines.push(`  frame ${String(f.index).padStart(2)} at ${f.timestamp_s.toFixed(2)} s: ${f.score === null ? `not scored (${f.cause})` : f.score.toFixed(4)}`);
  for (const s of d.segments ?? [])
    lines.push(`  ${s.start_ms}-${s.end_ms} ms: ${s.value === null ? `abstained (${(s.reason_codes ?? []).join(', ')})` : s.value.toFixed(4)}`);
  return lines.join('\n');
}

/** Runs `loupe detect`; returns the exit code (0 when every file produced its output). */
export async function detectCommand(engine: Pick<MediaEngine, 'detect'>, files: string[], options: DetectOptions, io: Output): Promise<number> {
  const bar = new ProgressBar(files.length, process.stderr, options.progress ?? (files.length > 1 && process.stderr.isTTY === true));
  const detect = async (path: string): Promise<Detection> => {
    const size = (await stat(path)).size;
    if (size > LARGEST) throw new MediaError('file_too_large', `The file is ${size} bytes; no media type accepts more than ${LARGEST} bytes.`);
    // read so ffmpeg may read the file itself (in this process; a pool's workers are sent the bytes)
    return engine.detect(await readMediaFile(path), { filename: basename(path), thumbnails: options.thumbnails });
  };
  await inOrder(files, options.jobs ?? 1, detect, (path, outcome) => {
    const name = basename(path);
    bar.finish();
    if (outcome.ok) io.out(options.json ? JSON.stringify(outcome.value) : `${readable(name, outcome.value)}\n`);
    else {
      const error = outcome.error;
      const body = toMediaErrorBody(
        error instanceof Error && 'code' in error && (error as { code?: string }).code === 'ENOENT'
          ? new MediaError('unsupported_media_type', `Cannot read ${path}.`)
          : error,
      );
      io.out(options.json ? JSON.stringify(body) : `${name}: ${body.error.code} — ${body.error.message}\n`);
    }
    bar.tick(name);
  });
  bar.finish();
  return 0;
}
