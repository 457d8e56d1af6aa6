// Entry point of the `loupe` command: parses arguments and dispatches to the commands.
import { ENGINE_VERSION } from '@loupe/core';
import { createNodeEngine, createNodeMediaEngine } from '@loupe/node';
import { detectCommand } from './detect.js';
import { digestCommand, scanCommand, type Output } from './commands.js';

const USAGE = `Usage:
  loupe scan [--json] [--progress|--no-progress] [--no-ocr] [--models=docforge] FILE...
      Examine PDF, PNG and JPEG documents. --json prints one Document object per input
      file (JSON Lines, in input order); a file that cannot be analysed gets
      {"error": {type, code, message, doc_url}} and the others still run. Image-only pages
      and photos are read with OCR (offline) unless --no-ocr. --models=docforge adds the
      GenAI heatmap (genai_heatmap) of the docforge patch model to photos.
  loupe detect [--json] [--thumbnails] [--progress|--no-progress] FILE...
      Media detection for photos (JPG, PNG, WEBP), videos (MP4, MOV, WEBM) and audio (MP3,
      WAV, M4A, FLAC, OGG, AAC): one Detection envelope per file (JSON Lines with --json; a
      file without one gets {"success": false, "error": {code, message}}). --thumbnails adds
      frame thumbnails to videos.
  loupe digest [--json] FILE...
      Print the audit manifest digest (sha256-of-sorted-sha256-newline-joined) of the files.
  loupe --version | --help
`;

const stdio: Output = {
  out: (text) => process.stdout.write(text + '\n'),
  err: (text) => process.stderr.write(text + '\n'),
};

/** Runs the CLI with `argv` (without node and script); resolves to the exit code. */
export async function main(argv: string[], io: Output = stdio): Promise<number> {
  const [command, ...rest] = argv;
  const models = rest.filter((a) => a.startsWith('--models=')).flatMap((a) => a.slice('--models='.length).split(',').filter(Boolean));
  const flags = new Set(rest.filter((a) => a.startsWith('--') && !a.startsWith('--models=')));
  const files = rest.filter((a) => !a.startsWith('--'));
  if (command === '--version' || command === '-v') {
    io.out(ENGINE_VERSION);
    return 0;
  }
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    io.out(USAGE);
    return command ? 0 : 2;
  }
  const known: Record<string, string[]> = {
    scan: ['--json', '--progress', '--no-progress', '--no-ocr'],
    detect: ['--json', '--progress', '--no-progress', '--thumbnails'],
    digest: ['--json'],
  };
  const allowed = known[command];
  if (!allowed) {
    io.err(`loupe: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  const unknown = [...flags].filter((f) => !allowed.includes(f));
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
  if (command === 'detect') return detectCommand(createNodeMediaEngine(), files, { json: flags.has('--json'), progress, thumbnails: flags.has('--thumbnails') }, io);
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
