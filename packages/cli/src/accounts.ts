// `loupe accounts`: what an operator does that the spec leaves to a dashboard — create an account
// (starting credits as one SIGNUP_GRANT row, its four keys and webhook secret printed once), add
// credits, change its state, mint a dashboard session token, list, add and retire keys. It works
// on the same data folder while the server runs (SQLite in WAL mode with a busy timeout), or on a
// shared deployment's PostgreSQL with --database-url (or LOUPE_DATABASE_URL).
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  accountNamed,
  addDocumentKey,
  createAccountWithKeys,
  creditAccount,
  listKeys,
  openStateStore,
  retireKey,
  type Store,
  sessionFor,
  sessionSecret,
  unreachableTarget,
} from '@loupe/server/admin';
import type { Output } from './commands.js';
import { ACCOUNTS_USAGE } from './usage.js';

const OPTIONS = {
  email: { type: 'string' },
  name: { type: 'string' },
  credits: { type: 'string' },
  reason: { type: 'string' },
  verified: { type: 'boolean' },
  unverified: { type: 'boolean' },
  active: { type: 'boolean' },
  inactive: { type: 'boolean' },
  detector: { type: 'string' },
  'webhook-url': { type: 'string' },
  data: { type: 'string' },
  json: { type: 'boolean' },
  env: { type: 'string' },
  'key-id': { type: 'string' },
  'database-url': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
} as const;

const ALLOWED: Record<string, (keyof typeof OPTIONS)[]> = {
  create: ['email', 'name', 'credits', 'unverified', 'inactive', 'detector', 'webhook-url', 'data', 'database-url', 'json'],
  credit: ['email', 'credits', 'reason', 'data', 'database-url', 'json'],
  set: ['email', 'verified', 'unverified', 'active', 'inactive', 'detector', 'webhook-url', 'data', 'database-url', 'json'],
  session: ['email', 'data', 'database-url', 'json'],
  keys: ['email', 'data', 'database-url', 'json'],
  'add-key': ['email', 'env', 'name', 'data', 'database-url', 'json'],
  'retire-key': ['email', 'key-id', 'data', 'database-url', 'json'],
  usage: ['email', 'from', 'to', 'data', 'database-url', 'json'],
};

class UsageError extends Error {}

/** A `--from`/`--to` value as an instant: an ISO instant as given, a day (YYYY-MM-DD, UTC) as its start, or for `--to` its end. */
function dayOrInstant(value: string | undefined, flag: string, endOfDay: boolean): string | undefined {
  if (value === undefined) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const start = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(start)) throw new UsageError(`${flag} is a day (YYYY-MM-DD) or an ISO instant (got ${value})`);
    return new Date(start + (endOfDay ? 86_400_000 : 0)).toISOString();
  }
  const t = Date.parse(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(t)) throw new UsageError(`${flag} is a day (YYYY-MM-DD) or an ISO instant (got ${value})`);
  return new Date(t).toISOString();
}

function detectorOf(value: string | undefined): 'V1.5' | 'V1.6' | undefined {
  if (value === undefined) return undefined;
  if (value !== 'V1.5' && value !== 'V1.6') throw new UsageError(`unknown detector version ${value} (known: V1.5, V1.6)`);
  return value;
}

function webhookOf(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError(`--webhook-url is not a URL: ${value}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new UsageError('--webhook-url must be an http(s) URL');
  return value;
}

/** Runs `loupe accounts ...`; resolves to the exit code. */
export async function accountsCommand(args: string[], io: Output): Promise<number> {
  const [action, ...rest] = args;
  const allowed = action ? ALLOWED[action] : undefined;
  if (!action || !allowed) {
    io.err(`loupe accounts: ${action ? `unknown action "${action}"` : 'an action is needed'}\n\nUsage:\n${ACCOUNTS_USAGE}`);
    return 2;
  }
  let values: Record<string, string | boolean | undefined>;
  try {
    const parsed = parseArgs({ args: rest, options: OPTIONS, strict: true, allowPositionals: false });
    values = parsed.values;
    const extra = Object.keys(values).filter((k) => !allowed.includes(k as keyof typeof OPTIONS));
    if (extra.length > 0) throw new UsageError(`unknown option --${extra.join(', --')} for ${action}`);
    if (typeof values.email !== 'string') throw new UsageError('--email is required');
  } catch (error) {
    io.err(`loupe accounts: ${(error as Error).message}\n\nUsage:\n${ACCOUNTS_USAGE}`);
    return 2;
  }
  const dataDir = (values.data as string | undefined) ?? './loupe-data';
  let opened: { store: Store; close(): Promise<void> } | undefined;
  let store: Store;
  try {
    const email = values.email as string;
    const json = values.json === true;
    const credits = values.credits === undefined ? undefined : Number(values.credits);
    if (credits !== undefined && !Number.isInteger(credits)) throw new UsageError(`--credits takes a whole number (got ${values.credits})`);
    const detector = detectorOf(values.detector as string | undefined);
    const webhookUrl = webhookOf(values['webhook-url'] as string | undefined);
    // a webhook every delivery would refuse is refused now, where the operator sees it
    const unreachable = webhookUrl === undefined ? undefined : await unreachableTarget(webhookUrl);
    if (unreachable) throw new UsageError(`--webhook-url: ${unreachable}`);
    const databaseUrl = (values['database-url'] as string | undefined) ?? process.env.LOUPE_DATABASE_URL;
    if (action === 'create') mkdirSync(dataDir, { recursive: true });
    else if (!databaseUrl && !existsSync(join(dataDir, 'loupe.db')))
      throw new Error(`no Loupe data in ${dataDir} (loupe serve --data ${dataDir} or loupe accounts create makes it)`);
    opened = await openStateStore({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    store = opened.store;
    if (action === 'create') {
      if (credits !== undefined && credits < 0) throw new UsageError('--credits cannot be negative for a new account');
      const created = await createAccountWithKeys(store, {
        email,
        ...(typeof values.name === 'string' ? { name: values.name } : {}),
        credits: credits ?? 0,
        verified: values.unverified !== true,
        active: values.inactive !== true,
        ...(detector ? { detector } : {}),
        ...(webhookUrl ? { webhookUrl } : {}),
      });
      io.out(
        json
          ? JSON.stringify(created)
          : [
              `Created ${created.email} (${created.id}) with ${credits ?? 0} credits. These keys are shown once:`,
              `  media key          ${created.media_key}`,
              `  media sandbox key  ${created.media_sandbox_key}`,
              `  document live key  ${created.live_key}`,
              `  document test key  ${created.test_key}`,
              `  webhook secret     ${created.webhook_secret}`,
            ].join('\n'),
      );
      return 0;
    }
    if (action === 'keys') {
      const keys = await listKeys(store, email);
      io.out(
        json
          ? JSON.stringify(keys)
          : keys
              .map((k) => `${k.id}  ${k.kind.padEnd(5)}  ${(k.name ?? '').padEnd(12)}  ${k.createdAt}  ${k.revokedAt ? `retired ${k.revokedAt}` : 'live'}`)
              .join('\n'),
      );
      return 0;
    }
    if (action === 'add-key') {
      if (values.env !== 'live' && values.env !== 'test') throw new UsageError('--env is live or test');
      const added = await addDocumentKey(store, email, values.env, typeof values.name === 'string' ? values.name : undefined);
      io.out(json ? JSON.stringify(added) : `Added ${added.kind} key ${added.id} for ${email}. It is shown once:\n  ${added.plaintext}`);
      return 0;
    }
    if (action === 'retire-key') {
      if (typeof values['key-id'] !== 'string') throw new UsageError('--key-id is required');
      const retired = await retireKey(store, email, values['key-id']);
      io.out(json ? JSON.stringify(retired) : `Retired ${retired.kind} key ${retired.id} of ${email}.`);
      return 0;
    }
    if (action === 'usage') {
      const from = dayOrInstant(values.from as string | undefined, '--from', false);
      const to = dayOrInstant(values.to as string | undefined, '--to', true);
      const account = await accountNamed(store, email);
      const rows = await store.documents.usage(account.id, { ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const billed = rows.filter((r) => r.billable).length;
      const summary = {
        account: account.email,
        from: from ?? null,
        to: to ?? null,
        billed_analyses: billed,
        unbilled_analyses: rows.length - billed,
        analyses: rows.map((r) => ({ id: r.id, document_id: r.documentId, kind: r.kind, billable: r.billable, completed_at: r.createdAt })),
      };
      io.out(
        json
          ? JSON.stringify(summary)
          : [
              `${account.email}: ${billed} billed document analyses, ${rows.length - billed} not billed (${from ?? 'the start'} to ${to ?? 'now'})`,
              ...rows.map((r) => `  ${r.createdAt}  ${r.documentId}  ${r.kind}${r.billable ? '' : ' (not billed)'}`),
            ].join('\n'),
      );
      return 0;
    }
    if (action === 'credit') {
      if (credits === undefined) throw new UsageError('--credits is required');
      const reason = (values.reason as string | undefined) ?? 'PURCHASE_CREDIT';
      if (reason !== 'PURCHASE_CREDIT' && reason !== 'ADMIN_ADJUSTMENT')
        throw new UsageError(`--reason is PURCHASE_CREDIT or ADMIN_ADJUSTMENT (got ${reason})`);
      const account = await creditAccount(store, email, credits, reason);
      io.out(json ? JSON.stringify({ id: account.id, email: account.email, balance: account.balance }) : `${account.email}: balance ${account.balance}`);
      return 0;
    }
    if (action === 'set') {
      if (values.verified && values.unverified) throw new UsageError('--verified and --unverified together');
      if (values.active && values.inactive) throw new UsageError('--active and --inactive together');
      const account = await accountNamed(store, email);
      const updated = await store.accounts.updateAccount(account.id, {
        ...(values.verified ? { emailVerified: true } : values.unverified ? { emailVerified: false } : {}),
        ...(values.active ? { active: true } : values.inactive ? { active: false } : {}),
        ...(detector ? { detector } : {}),
        ...(webhookUrl ? { webhookUrl } : {}),
      });
      const a = updated!;
      const view = { id: a.id, email: a.email, emailVerified: a.emailVerified, active: a.active, detector: a.detector, webhookUrl: a.webhookUrl };
      io.out(
        json
          ? JSON.stringify(view)
          : `${a.email}: ${a.active ? 'active' : 'inactive'}, ${a.emailVerified ? 'verified' : 'unverified'}, detector ${a.detector}${a.webhookUrl ? `, webhook ${a.webhookUrl}` : ''}`,
      );
      return 0;
    }
    const token = await sessionFor(store, sessionSecret(dataDir), email);
    io.out(json ? JSON.stringify({ token }) : token);
    return 0;
  } catch (error) {
    io.err(`loupe accounts ${action}: ${(error as Error).message}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    await opened?.close();
  }
}
