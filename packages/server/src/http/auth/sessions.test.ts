// The session secret of a data folder: created once, owner-only, and the same for processes that
// start together and race to create it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionSecret } from './sessions.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** The secret `sessionSecret` gives in a process of its own, as hex. */
function inAProcess(dir: string): Promise<string> {
  const module = new URL('./sessions.ts', import.meta.url).pathname;
  const code = `const { sessionSecret } = await import(${JSON.stringify(module)}); process.stdout.write(Buffer.from(sessionSecret(${JSON.stringify(dir)})).toString('hex'));`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (status) => (status === 0 ? resolve(out) : reject(new Error(err))));
  });
}

describe('session secret', () => {
  it('is created once, readable by its owner only, and read again', () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-session-'));
    dirs.push(dir);
    const first = sessionSecret(dir);
    expect(first.length).toBe(64);
    expect(sessionSecret(dir)).toEqual(first);
    expect(statSync(join(dir, 'session.key')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['session.key']);
  });

  it('is the same for processes that start together and race to create it, none failing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'loupe-session-'));
    dirs.push(dir);
    const secrets = await Promise.all(Array.from({ length: 6 }, () => inAProcess(dir)));
    expect(new Set(secrets).size).toBe(1);
    expect(readdirSync(dir)).toEqual(['session.key']);
  }, 60_000);
});
