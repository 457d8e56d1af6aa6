// Entry point of the `loupe` command: parses arguments (node:util `parseArgs`) and dispatches to
// the commands. Each command's module (and what it needs: the server stack, the engine, models,
// WASM, native bindings) is imported when that command runs, so `--help`, `--version`, `digest`
// and `accounts` start without the engine. `loupe COMMAND --help` (or `-h`) prints that
// command's usage and exits 0; usage errors print the usage and exit 2.
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { MediaEngine } from '@loupe/core/media';
import type { Output } from './commands.js';
import { COMMAND_USAGE, USAGE } from './usage.js';

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
  if (command === '--version' || command === '-v') {
    io.out((await import('@loupe/core')).ENGINE_VERSION);
    return 0;
  }
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    const usage = command === 'help' && rest[0] !== undefined ? COMMAND_USAGE[rest[0]] : undefined;
    io.out(usage === undefined ? USAGE : `Usage:\n${usage}`);
    return command ? 0 : 2;
  }
  const usage = COMMAND_USAGE[command];
  if (usage !== undefined && rest.some((a) => a === '--help' || a === '-h')) {
    io.out(`Usage:\n${usage}`);
    return 0;
  }
  if (command === 'serve') return (await import('./serve.js')).serveCommand(rest, io);
  if (command === 'accounts') return (await import('./accounts.js')).accountsCommand(rest, io);
  if (command === 'webhooks') return (await import('./webhooks.js')).webhooksCommand(rest, io);
  if (command === 'worker') return (await import('./worker.js')).workerCommand(rest, io);
  if (command === 'migrate') return (await import('./migrate.js')).migrateCommand(rest, io);
  const { files, flags, values, unknown } = parse(command, rest);
  const models = (values.get('models') ?? []).flatMap((v) => v.split(',')).filter(Boolean);
  if (!COMMAND_OPTIONS[command]) {
    io.err(`loupe: unknown command "${command}"\n\n${USAGE}`);
    return 2;
  }
  if (unknown.length > 0) {
    io.err(`loupe ${command}: unknown option ${unknown.join(', ')}\n\nUsage:\n${COMMAND_USAGE[command]}`);
    return 2;
  }
  if (files.length === 0) {
    io.err(`loupe ${command}: no files given\n\nUsage:\n${COMMAND_USAGE[command]}`);
    return 2;
  }
  const progress = flags.has('progress') ? true : flags.has('no-progress') ? false : undefined;
  const jobs = jobsOf(values);
  if (typeof jobs === 'string') {
    io.err(`loupe ${command}: ${jobs}`);
    return 2;
  }
  if (command === 'detect') {
    // one bundled module (media-detection.ts): a photo's detection loads a handful of files
    const { adoptError, detectCommand, mediaEngine } = await import('./media-detection.js');
    const media = await mediaEngine({
      version: values.get('detector-version')?.at(-1),
      modelsDir: values.get('models-dir')?.at(-1),
      models: (values.get('model') ?? []).flatMap((v) => v.split(',')).filter(Boolean),
    });
    if (typeof media === 'string') {
      io.err(`loupe detect: ${media}`);
      return 2;
    }
    // several jobs: a worker pool running the same engine options
    const pool = jobs > 1 ? (await import('@loupe/node')).createNodePool({ size: jobs, media: media.options, ...limits }) : undefined;
    const engine: Pick<MediaEngine, 'detect'> = pool
      ? { detect: (bytes, input) => pool.run('detect', bytes, input).catch((error: unknown) => Promise.reject(adoptError(error))) }
      : media.engine;
    try {
      return await detectCommand(engine, files, { json: flags.has('json'), progress, thumbnails: flags.has('thumbnails'), jobs }, io);
    } finally {
      await pool?.close();
    }
  }
  const { digestCommand, scanCommand } = await import('./commands.js');
  if (command === 'digest') return digestCommand(files, flags.has('json'), io);
  const unknownModels = models.filter((m) => m !== 'docforge');
  if (unknownModels.length > 0) {
    io.err(`loupe scan: unknown model ${unknownModels.join(', ')} (known: docforge)`);
    return 2;
  }
  const { createNodeEngine, createNodePool } = await import('@loupe/node');
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
