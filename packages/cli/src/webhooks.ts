// `loupe webhooks`: the operator's view of the webhook outbox in the data folder of loupe serve —
// list deliveries (newest first, by account and state) and replay one (a new delivery of the same
// event, due now; the server's sender picks it up). Works while the server runs.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { accountNamed, openStateStore, type Store } from '@loupe/server/admin';
import type { Output } from './commands.js';
import { WEBHOOKS_USAGE } from './usage.js';

const STATES = ['pending', 'delivered', 'abandoned'] as const;

/** Runs `loupe webhooks ...`; resolves to the exit code. */
export async function webhooksCommand(args: string[], io: Output): Promise<number> {
  const [action, ...rest] = args;
  let values: { email?: string; state?: string; limit?: string; data?: string; 'database-url'?: string; json?: boolean; id?: string };
  try {
    if (action !== 'list' && action !== 'replay') throw new Error(action ? `unknown action "${action}"` : 'an action is needed');
    ({ values } = parseArgs({
      args: rest,
      options: {
        email: { type: 'string' },
        state: { type: 'string' },
        limit: { type: 'string' },
        data: { type: 'string' },
        'database-url': { type: 'string' },
        json: { type: 'boolean' },
        id: { type: 'string' },
      },
      strict: true,
    }));
    if (values.state !== undefined && !(STATES as readonly string[]).includes(values.state)) throw new Error(`--state is one of ${STATES.join(', ')}`);
    if (values.limit !== undefined && !/^[1-9]\d{0,3}$/.test(values.limit)) throw new Error('--limit is a whole number from 1 to 9999');
    if (action === 'replay' && !values.id) throw new Error('--id is required');
  } catch (error) {
    io.err(`loupe webhooks: ${(error as Error).message}\n\nUsage:\n${WEBHOOKS_USAGE}`);
    return 2;
  }
  const dataDir = values.data ?? './loupe-data';
  const databaseUrl = values['database-url'] ?? process.env.LOUPE_DATABASE_URL;
  if (!databaseUrl && !existsSync(join(dataDir, 'loupe.db'))) {
    io.err(`loupe webhooks: no Loupe data in ${dataDir}`);
    return 1;
  }
  let opened: { store: Store; close(): Promise<void> } | undefined;
  try {
    opened = await openStateStore({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    const store = opened.store;
    if (action === 'replay') {
      const replayed = await store.webhooks.replayDelivery(values.id as string, new Date().toISOString());
      if (!replayed) throw new Error(`no delivery ${values.id}`);
      io.out(values.json ? JSON.stringify(withoutBody(replayed)) : `Queued ${replayed.id}: ${replayed.type} ${replayed.eventId} to ${replayed.targetUrl}`);
      return 0;
    }
    const accountId = values.email ? (await accountNamed(store, values.email)).id : undefined;
    const rows = await store.webhooks.deliveries({
      ...(accountId ? { accountId } : {}),
      ...(values.state ? { state: values.state as (typeof STATES)[number] } : {}),
      limit: Number(values.limit ?? 50),
    });
    io.out(
      values.json
        ? rows.map((d) => JSON.stringify(withoutBody(d))).join('\n')
        : rows
            .map(
              (d) =>
                `${d.id}  ${d.state.padEnd(9)}  ${String(d.attempts).padStart(2)}  ${d.type.padEnd(28)}  ${d.eventId}  ${d.targetUrl}  ${d.lastError ?? (d.lastStatus ? `HTTP ${d.lastStatus}` : '')}${d.nextAttemptAt ? `  next ${d.nextAttemptAt}` : ''}`,
            )
            .join('\n'),
    );
    return 0;
  } catch (error) {
    io.err(`loupe webhooks: ${(error as Error).message}`);
    return 1;
  } finally {
    await opened?.close();
  }
}

/** A delivery without its body (the body is the event; it can be large). */
function withoutBody<T extends { body: string }>(d: T): Omit<T, 'body'> {
  const { body: _body, ...rest } = d;
  return rest;
}
