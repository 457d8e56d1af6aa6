// Runs the built `loupe` command in a child process with a wall-clock limit, so a hang or a crash
// in the engine fails a test instead of stalling it, and parses its JSON Lines.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The CLI entry (built by `npm run build`). */
export const LOUPE_BIN = join(import.meta.dirname, '../packages/cli/bin/loupe.js');

/** Output of one run. */
export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

/** Runs `loupe ...args`, killing it after `timeoutMs`. */
export function runLoupe(args: string[], timeoutMs = 120_000): Promise<CliRun> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [LOUPE_BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

/** Parses JSON Lines. */
export function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((l) => l.trim().length > 0)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** The error codes a document may legitimately end with (server_error never). */
export const DOCUMENT_ERROR_CODES = new Set(['unreadable_document', 'file_encrypted', 'file_too_large', 'unsupported_type']);
