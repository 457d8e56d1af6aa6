// Entry point of the `loupe` command: parses arguments and dispatches to the commands.
import { DETECTORS, ENGINE_VERSION, type DetectorModels, type DetectorVersion, type MediaEngine } from '@loupe/core';
import { createModelStore, createNodeEngine, createNodeMediaEngine, MODELS_DIR } from '@loupe/node';
import { detectCommand } from './detect.js';
import { digestCommand, scanCommand, type Output } from './commands.js';

const USAGE = `Usage:
  loupe scan [--json] [--progress|--no-progress] [--no-ocr] [--models=docforge] FILE...
      Examine PDF, PNG and JPEG documents. --json prints one Document object per input
      file (JSON Lines, in input order); a file that cannot be analysed gets
      {"error": {type, code, message, doc_url}} and the others still run. Image-only pages
      and photos are read with OCR (offline) unless --no-ocr. --models=docforge adds the
      GenAI heatmap (genai_heatmap) of the docforge patch model to photos.
  loupe detect [--json] [--thumbnails] [--progress|--no-progress] [--detector-version=V1.5|V1.6]
               [--model=ID]... [--models-dir=DIR] FILE...
      Media detection for photos (JPG, PNG, WEBP), videos (MP4, MOV, WEBM) and audio (MP3,
      WAV, M4A, FLAC, OGG, AAC): one Detection envelope per file (JSON Lines with --json; a
      file without one gets {"success": false, "error": {code, message}}). --thumbnails adds
      frame thumbnails to videos. --detector-version picks the models and the label in
      "model" (default V1.5). --model runs your own model instead (an id in the manifest.json
      of --models-dir, checked against its entry before any file is read; its task says
      whether it scores pictures or speech).
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

function parse(args: string[]): Arguments {
  const parsed: Arguments = { files: [], flags: new Set(), values: new Map() };
  for (const a of args) {
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

/** The media engine for `loupe detect`'s options, its models verified; or the error to print. */
async function mediaEngine(values: Map<string, string[]>): Promise<MediaEngine | string> {
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
  const engine = createNodeMediaEngine({ version: version as DetectorVersion, models, ...(modelsDir ? { modelsDir } : {}) });
  if (Object.keys(models).length > 0) {
    try {
      await engine.preload();
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  return engine;
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
    scan: ['--json', '--progress', '--no-progress', '--no-ocr', '--models'],
    detect: ['--json', '--progress', '--no-progress', '--thumbnails', '--detector-version', '--model', '--models-dir'],
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
  if (command === 'detect') {
    const engine = await mediaEngine(values);
    if (typeof engine === 'string') {
      io.err(`loupe detect: ${engine}`);
      return 2;
    }
    return detectCommand(engine, files, { json: flags.has('--json'), progress, thumbnails: flags.has('--thumbnails') }, io);
  }
  const unknownModels = models.filter((m) => m !== 'docforge');
  if (unknownModels.length > 0) {
    io.err(`loupe scan: unknown model ${unknownModels.join(', ')} (known: docforge)`);
    return 2;
  }
  const engine = createNodeEngine({ ocr: !flags.has('--no-ocr') });
  try {
    return await scanCommand(engine, files, { json: flags.has('--json'), progress, models }, io);
  } finally {
    await engine.dispose();
  }
}
