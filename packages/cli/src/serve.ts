// `loupe serve`: the service on the embedded store in one process, or with --database-url one
// stateless API process of a shared deployment (the work runs in `loupe worker` processes). On a first start with no
// account it creates one local account and prints its keys once (their plaintext is not stored)
// with a ready-to-paste curl line. SIGINT and SIGTERM stop it gracefully: no new connections,
// running requests finish, then the pool and the store close.
import { parseArgs } from 'node:util';
import { createAccountWithKeys, createServer, type LoupeServer } from '@loupe/server';
import type { Output } from './commands.js';
import { MESSAGING_OPTIONS, messagingOf } from './messaging-flags.js';
import { SERVE_USAGE } from './usage.js';

/** The credits the first local account starts with. */
const FIRST_ACCOUNT_CREDITS = 100;

function port(value: string | undefined, fallback: number): number | string {
  if (value === undefined) return fallback;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 && n <= 65535 ? n : `a port is a whole number from 0 to 65535 (got ${value})`;
}

/** Runs `loupe serve` until a signal stops it; resolves to the exit code. */
export async function serveCommand(args: string[], io: Output, signals: NodeJS.Process = process): Promise<number> {
  let values: {
    host?: string;
    port?: string;
    'sandbox-port'?: string;
    data?: string;
    workers?: string;
    'claim-url'?: string;
    'database-url'?: string;
    'admin-port'?: string;
    'drain-seconds'?: string;
    quiet?: boolean;
  } & Partial<Record<keyof typeof MESSAGING_OPTIONS, string>>;
  try {
    ({ values } = parseArgs({
      args,
      options: {
        host: { type: 'string' },
        port: { type: 'string' },
        'sandbox-port': { type: 'string' },
        data: { type: 'string' },
        workers: { type: 'string' },
        'claim-url': { type: 'string' },
        'database-url': { type: 'string' },
        'admin-port': { type: 'string' },
        'drain-seconds': { type: 'string' },
        quiet: { type: 'boolean' },
        ...MESSAGING_OPTIONS,
      },
      strict: true,
    }));
  } catch (error) {
    io.err(`loupe serve: ${(error as Error).message}\n\nUsage:\n${SERVE_USAGE}`);
    return 2;
  }
  const main = port(values.port, 8080);
  const sandbox = port(values['sandbox-port'], 8081);
  const admin = values['admin-port'] === undefined ? undefined : port(values['admin-port'], 0);
  for (const p of [main, sandbox, admin]) {
    if (typeof p === 'string') {
      io.err(`loupe serve: ${p}`);
      return 2;
    }
  }
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 1 || workers > 64)) {
    io.err(`loupe serve: --workers is a whole number from 1 to 64 (got ${values.workers})`);
    return 2;
  }
  const drainSeconds = values['drain-seconds'] === undefined ? 30 : Number(values['drain-seconds']);
  if (!Number.isFinite(drainSeconds) || drainSeconds < 0 || drainSeconds > 3600) {
    io.err(`loupe serve: --drain-seconds is a number of seconds from 0 to 3600 (got ${values['drain-seconds']})`);
    return 2;
  }
  const claimUrl = values['claim-url'];
  if (claimUrl !== undefined && !/^https?:\/\/[^/?#]+\/?$/.test(claimUrl)) {
    io.err(`loupe serve: --claim-url is a scheme and host such as https://claim.example.com (got ${claimUrl})`);
    return 2;
  }
  const databaseUrl = values['database-url'] ?? process.env.LOUPE_DATABASE_URL;
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    io.err('loupe serve: --database-url is a postgres:// URL');
    return 2;
  }
  const messaging = messagingOf(values);
  if (typeof messaging === 'string') {
    io.err(`loupe serve: ${messaging}`);
    return 2;
  }
  let server: LoupeServer;
  try {
    server = await createServer({
      dataDir: values.data ?? './loupe-data',
      host: values.host ?? '127.0.0.1',
      port: main as number,
      sandboxPort: sandbox as number,
      logger: !values.quiet,
      drainMs: drainSeconds * 1000,
      ...(admin === undefined ? {} : { admin: { port: admin as number } }),
      ...(workers ? { workers } : {}),
      ...(claimUrl ? { claimUrl } : {}),
      ...(databaseUrl ? { databaseUrl } : {}),
      messaging,
    });
  } catch (error) {
    io.err(`loupe serve: ${(error as Error).message}`);
    return 1;
  }
  let created: Awaited<ReturnType<typeof createAccountWithKeys>> | undefined;
  // a shared deployment's accounts are made with loupe accounts --database-url (API processes start together)
  if (!databaseUrl && (await server.store.accounts.countAccounts()) === 0)
    created = await createAccountWithKeys(server.store, { email: 'owner@localhost', name: 'Local owner', credits: FIRST_ACCOUNT_CREDITS });
  let urls: { url: string; sandboxUrl: string; adminUrl?: string };
  try {
    urls = await server.listen();
  } catch (error) {
    io.err(`loupe serve: ${(error as Error).message}`);
    await server.close();
    return 1;
  }
  if (created) {
    io.err(
      [
        '',
        `First start: created the account ${created.email} (${created.id}) with ${FIRST_ACCOUNT_CREDITS} credits. Its keys are shown this once:`,
        `  media key          ${created.media_key}`,
        `  media sandbox key  ${created.media_sandbox_key}`,
        `  document live key  ${created.live_key}`,
        `  document test key  ${created.test_key}`,
        `  webhook secret     ${created.webhook_secret}`,
        '',
        'Try it:',
        `  curl -s -H 'x-api-key: ${created.media_key}' -F file=@photo.jpg ${urls.url}/v1/detections`,
        '',
      ].join('\n'),
    );
  }
  io.err(
    `Loupe is serving ${urls.url} (sandbox ${urls.sandboxUrl})${databaseUrl ? ' as an API process on PostgreSQL' : ''}; OpenAPI at ${urls.url}/openapi.json${urls.adminUrl ? `; metrics and readiness at ${urls.adminUrl}/metrics and /ready` : ''}. Ctrl-C stops it.`,
  );
  await untilSignal(signals);
  await server.close();
  return 0;
}

/** Resolves on the first SIGINT or SIGTERM. */
export function untilSignal(signals: NodeJS.Process): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = (): void => {
      signals.off('SIGINT', stop);
      signals.off('SIGTERM', stop);
      resolve();
    };
    signals.on('SIGINT', stop);
    signals.on('SIGTERM', stop);
  });
}
