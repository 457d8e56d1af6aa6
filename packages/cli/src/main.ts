// Entry point of the `loupe` command: parses arguments (node:util `parseArgs`) and dispatches to
// the commands. Usage errors print the usage and exit 2.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import { DETECTORS, type DetectorModels, type DetectorVersion, ENGINE_VERSION, type MediaEngine } from '@loupe/core';
import { createModelStore, createNodeEngine, createNodeMediaEngine, createNodePool, MODELS_DIR } from '@loupe/node';
import { ACCOUNTS_USAGE, accountsCommand } from './accounts.js';
import { digestCommand, type Output, scanCommand } from './commands.js';
import { detectCommand } from './detect.js';
import { SERVE_USAGE, serveCommand } from './serve.js';
import { WEBHOOKS_USAGE, webhooksCommand } from './webhooks.js';
import { migrateCommand, WORKER_USAGE, workerCommand } from './worker.js';

const USAGE = `Usage:
  loupe scan [--json] [--progress|--no-progress] [--no-ocr] [--models=docforge] [--jobs N] FILE...
      Examine PDF, PNG and JPEG documents. --json prints one Document object per input
      file (JSON Lines, in input order); a file that cannot be analysed gets
      {"error": {type, code, message, doc_url}} and the others still run. Image-only pages
      and photos are read with OCR (offline) unless --no-ocr. --models=docforge adds the
      GenAI heatmap (genai_heatmap) of the docforge patch model to photos. --jobs N scans up
      to N files at once on worker threads (output still in input order).
  loupe detect [--json] [--thumbnails] [--progress|--no-progress] [--detector-version=V1.5|V1.6]
               [--model=ID]... [--models-dir=DIR] [--jobs N] FILE...
      Media detection for photos (JPG, PNG, WEBP), videos (MP4, MOV, WEBM) and audio (MP3,
      WAV, M4A, FLAC, OGG, AAC): one Detection envelope per file (JSON Lines with --json; a
      file without one gets {"success": false, "error": {code, message}}). --thumbnails adds
      frame thumbnails to videos. --detector-version picks the models and the label in
      "model" (default V1.5). --model runs your own model instead (an id in the manifest.json
      of --models-dir, checked against its entry before any file is read; its task says
      whether it scores pictures or speech). --jobs N runs up to N files at once on worker
      threads (output still in input order).
  loupe digest [--json] FILE...
      Print the audit manifest digest (sha256-of-sorted-sha256-newline-joined) of the files.
${SERVE_USAGE}
${ACCOUNTS_USAGE}
${WEBHOOKS_USAGE}
${WORKER_USAGE}
  loupe --version | --help
`;

const stdio: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Every option of every command; which command takes which is `COMMAND_OPTIONS`. */
const OPTIONS = {
  json: { type: 'boolean' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  'no-ocr': { type: 'boolean' },
  thumbnails: { type: 'boolean' },
  models: { type: 'string', multiple: true },
  model: { type: 'string', multiple: true },
  'models-dir': { type: 'string', multiple: true },
  'detector-version': { type: 'string', multiple: true },
  jobs: { type: 'string', multiple: true },
} as const satisfies ParseArgsConfig['options'];

type OptionName = keyof typeof OPTIONS;

const COMMAND_OPTIONS: Record<string, readonly OptionName[]> = {
  scan: ['json', 'progress', 'no-progress', 'no-ocr', 'models', 'jobs'],
  detect: ['json', 'progress', 'no-progress', 'thumbnails', 'detector-version', 'model', 'models-dir', 'jobs'],
  digest: ['json'],
};

/** Command-line arguments: the files, the options given (last value wins unless repeated), and the options no command knows or this one does not take. */
interface Arguments {
  files: string[];
  flags: Set<OptionName>;
  values: Map<OptionName, string[]>;
  unknown: string[];
}

/** Parses a command's arguments with node:util `parseArgs` (`--name value` and `--name=value`). */
function parse(command: string, args: string[]): Arguments {
  const { tokens } = parseArgs({ args, options: OPTIONS, strict: false, allowPositionals: true, tokens: true });
  const allowed = new Set<string>(COMMAND_OPTIONS[command] ?? []);
  const parsed: Arguments = { files: [], flags: new Set(), values: new Map(), unknown: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') parsed.files.push(token.value);
    if (token.kind !== 'option') continue;
    if (!allowed.has(token.name)) {
      parsed.unknown.push(token.rawName);
      continue;
    }
    const name = token.name as OptionName;
    if (typeof token.value === 'string') parsed.values.set(name, [...(parsed.values.get(name) ?? []), token.value]);
    else parsed.flags.add(name);
  }
  return parsed;
}

/** Limits of the worker pool that runs files when `--jobs` is over 1. */
export interface PoolLimits {
  /** Time limit per file (default 120 s). */
  timeoutMs: number;
  /** V8 heap limit per worker in MiB (default 2048). */
  memoryMb: number;
}

/** The pool limits `loupe` runs with. */
export const DEFAULT_POOL_LIMITS: PoolLimits = { timeoutMs: 120_000, memoryMb: 2048 };

/** Which slot of a detector a model task fills. */
const TASK_SLOTS: Record<string, keyof DetectorModels> = { 'media-image-patch-likelihood': 'image', 'speech-synthetic-likelihood': 'audio' };

/** The media engine for `loupe detect`'s options, its models verified (or the error to print); with several jobs, a worker pool running the same. */
async function mediaEngine(
  values: Map<OptionName, string[]>,
  jobs: number,
  limits: PoolLimits,
): Promise<{ engine: Pick<MediaEngine, 'detect'>; close?: () => Promise<void> } | string> {
  const version = values.get('detector-version')?.at(-1) ?? 'V1.5';
  if (!(version in DETECTORS)) return `unknown detector version ${version} (known: ${Object.keys(DETECTORS).join(', ')})`;
  const modelsDir = values.get('models-dir')?.at(-1);
  const store = createModelStore(modelsDir ? [modelsDir, MODELS_DIR] : [MODELS_DIR]);
  const models: Partial<DetectorModels> = {};
  for (const id of (values.get('model') ?? []).flatMap((v) => v.split(',')).filter(Boolean)) {
    try {
      const slot = TASK_SLOTS[(await store.load(id)).manifest.task];
      if (!slot) return `model ${id} is for a task the media engine does not run (known: ${Object.keys(TASK_SLOTS).join(', ')})`;
      models[slot] = id;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  const options = { version: version as DetectorVersion, models, ...(modelsDir ? { modelsDir } : {}) };
  const engine = createNodeMediaEngine(options);
  if (Object.keys(models).length > 0) {
    try {
      await engine.preload();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  if (jobs <= 1) return { engine };
  const pool = createNodePool({ size: jobs, media: options, ...limits });
  return { engine: { detect: (bytes, input) => pool.run('detect', bytes, input) }, close: () => pool.close() };
}

/** The `--jobs` value: a whole number from 1 up, or the error to print. */
function jobsOf(values: Map<OptionName, string[]>): number | string {
  const raw = values.get('jobs')?.at(-1);
  if (raw === undefined) return 1;
  const jobs = Number(raw);
  return Number.isInteger(jobs) && jobs >= 1 && jobs <= 64 ? jobs : `--jobs takes a whole number from 1 to 64 (got ${raw})`;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], io: Output = stdio, limits: PoolLimits = DEFAULT_POOL_LIMITS): Promise<number> {
  const [command, ...rest] = argv;
  const { files, flags, values, unknown } = parse(command ?? '', rest);
  const models = (values.get('models') ?? []).flatMap((v) => v.split(',')).filter(Boolean);
  if (command === '--version' || command === '-v') {
    io.out(ENGINE_VERSION);
    return 0;
  }
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  if (command === 'serve') return serveCommand(rest, io);
  if (command === 'accounts') return accountsCommand(rest, io);
  if (command === 'webhooks') return webhooksCommand(rest, io);
  if (command === 'worker') return workerCommand(rest, io);
  if (command === 'migrate') return migrateCommand(rest, io);
  if (!COMMAND_OPTIONS[command]) {
    io.err(`loupe: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  if (unknown.length > 0) {
    io.err(`loupe ${command}: unknown option ${unknown.join(', ')}\n\n${USAGE}`);
    return 2;
  }
  if (files.length === 0) {
    io.err(`loupe ${command}: no files given\n\n${USAGE}`);
    return 2;
  }
  if (command === 'digest') return digestCommand(files, flags.has('json'), io);
  const progress = flags.has('progress') ? true : flags.has('no-progress') ? false : undefined;
  const jobs = jobsOf(values);
  if (typeof jobs === 'string') {
    io.err(`loupe ${command}: ${jobs}`);
    return 2;
  }
  if (command === 'detect') {
    const media = await mediaEngine(values, jobs, limits);
    if (typeof media === 'string') {
      io.err(`loupe detect: ${media}`);
      return 2;
    }
    try {
      return await detectCommand(media.engine, files, { json: flags.has('json'), progress, thumbnails: flags.has('thumbnails'), jobs }, io);
    } finally {
      await media.close?.();
    }
  }
  const unknownModels = models.filter((m) => m !== 'docforge');
  if (unknownModels.length > 0) {
    io.err(`loupe scan: unknown model ${unknownModels.join(', ')} (known: docforge)`);
    return 2;
  }
  if (jobs > 1) {
    const pool = createNodePool({ size: jobs, ocr: !flags.has('no-ocr'), ...limits });
    try {
      return await scanCommand(
        { scanDetailed: (bytes, input) => pool.run('scan', bytes, input) },
        files,
        { json: flags.has('json'), progress, models, jobs },
        io,
      );
    } finally {
      await pool.close();
    }
  }
  const engine = createNodeEngine({ ocr: !flags.has('no-ocr') });
  try {
    return await scanCommand(engine, files, { json: flags.has('json'), progress, models }, io);
  } finally {
    await engine.dispose();
  }
}
