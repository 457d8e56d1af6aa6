// Entry point of the `loupe` command: parses arguments and dispatches to the commands.
import { DETECTORS, ENGINE_VERSION, type Detection, type DetectorModels, type DetectorVersion, type MediaEngine, type ScanDetail } from '@loupe/core';
import { createModelStore, createNodeEngine, createNodeMediaEngine, MODELS_DIR } from '@loupe/node';
import { createNodePool } from '@loupe/worker';
import { detectCommand } from './detect.js';
import { digestCommand, scanCommand, type Output } from './commands.js';

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
  loupe --version | --help
`;

const stdio: Output = {
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
};

/** Command-line arguments split into files, bare flags and `--name=value` options. */
interface Arguments {
  files: string[];
  flags: Set<string>;
  values: Map<string, string[]>;
}

/** Options that take a value, as `--name=value` or `--name value`. */
const VALUED = new Set(['--jobs', '--models', '--model', '--models-dir', '--detector-version']);

function parse(args: string[]): Arguments {
  const parsed: Arguments = { files: [], flags: new Set(), values: new Map() };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (VALUED.has(a) && i + 1 < args.length) {
      parsed.values.set(a, [...(parsed.values.get(a) ?? []), args[++i]!]);
      continue;
    }
    if (!a.startsWith('--')) parsed.files.push(a);
    else if (a.includes('=')) {
      const [name, value] = [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)];
      parsed.values.set(name, [...(parsed.values.get(name) ?? []), value]);
    } else parsed.flags.add(a);
  }
  return parsed;
}

/** Which slot of a detector a model task fills. */
const TASK_SLOTS: Record<string, keyof DetectorModels> = { 'media-image-patch-likelihood': 'image', 'speech-synthetic-likelihood': 'audio' };

/** The media engine for `loupe detect`'s options, its models verified (or the error to print); with several jobs, a worker pool running the same. */
async function mediaEngine(values: Map<string, string[]>, jobs: number): Promise<{ engine: Pick<MediaEngine, 'detect'>; close?: () => Promise<void> } | string> {
  const version = values.get('--detector-version')?.at(-1) ?? 'V1.5';
  if (!(version in DETECTORS)) return `unknown detector version ${version} (known: ${Object.keys(DETECTORS).join(', ')})`;
  const modelsDir = values.get('--models-dir')?.at(-1);
  const store = createModelStore(modelsDir ? [modelsDir, MODELS_DIR] : [MODELS_DIR]);
  const models: Partial<DetectorModels> = {};
  for (const id of (values.get('--model') ?? []).flatMap((v) => v.split(',')).filter(Boolean)) {
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
  const pool = createNodePool({ size: jobs, media: options });
  return { engine: { detect: async (bytes, input) => (await pool.run('detect', bytes, input)) as Detection }, close: () => pool.close() };
}

/** The `--jobs` value: a whole number from 1 up, or the error to print. */
function jobsOf(values: Map<string, string[]>): number | string {
  const raw = values.get('--jobs')?.at(-1);
  if (raw === undefined) return 1;
  const jobs = Number(raw);
  return Number.isInteger(jobs) && jobs >= 1 && jobs <= 64 ? jobs : `--jobs takes a whole number from 1 to 64 (got ${raw})`;
}

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], io: Output = stdio): Promise<number> {
  const [command, ...rest] = argv;
  const { files, flags, values } = parse(rest);
  const models = (values.get('--models') ?? []).flatMap((v) => v.split(',')).filter(Boolean);
  if (command === '--version' || command === '-v') {
    io.out(ENGINE_VERSION);
    return 0;
  }
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const known: Record<string, string[]> = {
    scan: ['--json', '--progress', '--no-progress', '--no-ocr', '--models', '--jobs'],
    detect: ['--json', '--progress', '--no-progress', '--thumbnails', '--detector-version', '--model', '--models-dir', '--jobs'],
    digest: ['--json'],
  };
  const allowed = known[command];
  if (!allowed) {
    io.err(`loupe: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const unknown = [...flags, ...values.keys()].filter((f) => !allowed.includes(f));
  if (unknown.length > 0) {
    io.err(`loupe ${command}: unknown option ${unknown.join(', ')}\n\n${USAGE}`);
    return 2;
  }
  if (files.length === 0) {
    io.err(`loupe ${command}: no files given\n\n${USAGE}`);
    return 2;
  }
  if (command === 'digest') return digestCommand(files, flags.has('--json'), io);
  const progress = flags.has('--progress') ? true : flags.has('--no-progress') ? false : undefined;
  const jobs = jobsOf(values);
  if (typeof jobs === 'string') {
    io.err(`loupe ${command}: ${jobs}`);
    return 2;
  }
  if (command === 'detect') {
    const media = await mediaEngine(values, jobs);
    if (typeof media === 'string') {
      io.err(`loupe detect: ${media}`);
      return 2;
    }
    try {
      return await detectCommand(media.engine, files, { json: flags.has('--json'), progress, thumbnails: flags.has('--thumbnails'), jobs }, io);
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
    const pool = createNodePool({ size: jobs, ocr: !flags.has('--no-ocr') });
    try {
      return await scanCommand({ scanDetailed: async (bytes, input) => (await pool.run('scan', bytes, input)) as ScanDetail }, files, { json: flags.has('--json'), progress, models, jobs }, io);
    } finally {
      await pool.close();
    }
  }
  const engine = createNodeEngine({ ocr: !flags.has('--no-ocr') });
  try {
    return await scanCommand(engine, files, { json: flags.has('--json'), progress, models }, io);
  } finally {
    await engine.dispose();
  }
}
