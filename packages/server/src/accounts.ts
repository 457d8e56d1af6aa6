// Operator actions on accounts, shared by `loupe accounts` and the first start of `loupe serve`:
// create an account with its starting credits (one SIGNUP_GRANT row) and its keys — a universal
// media key, a media sandbox key, a live and a test document key — and a webhook signing secret;
// add credits; change what an operator may change; mint a dashboard session token; list, add and
// retire keys (two document keys per environment may be live at once, for rotation).
import { randomBytes } from 'node:crypto';
import { issueKey } from './http/auth/keys.js';
import { signSession } from './http/auth/sessions.js';
import type { Account, ApiKey, LedgerReason, Store } from './store/store.js';

/** What `createAccountWithKeys` prints: the only time the plaintext keys exist. */
export interface CreatedAccount {
  id: string;
  email: string;
  media_key: string;
  media_sandbox_key: string;
  live_key: string;
  test_key: string;
  webhook_secret: string;
}

/** Options of a new account. */
export interface AccountOptions {
  email: string;
  name?: string | null;
  credits?: number;
  verified?: boolean;
  active?: boolean;
  detector?: 'V1.5' | 'V1.6';
  webhookUrl?: string | null;
}

/** A rough check of an e-mail address (one @, something either side, no spaces). */
export const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** Creates an account and its four keys. */
export async function createAccountWithKeys(store: Store, options: AccountOptions): Promise<CreatedAccount> {
  if (!EMAIL.test(options.email)) throw new Error(`"${options.email}" is not an e-mail address.`);
  const webhookSecret = `whsec_${randomBytes(24).toString('hex')}`;
  const account = await store.accounts.createAccount(
    {
      email: options.email,
      name: options.name ?? null,
      emailVerified: options.verified ?? true,
      active: options.active ?? true,
      detector: options.detector ?? 'V1.5',
      webhookUrl: options.webhookUrl ?? null,
      webhookSecret,
    },
    options.credits ?? 0,
  );
  const media = await issueKey(store, account.id, 'media', { name: 'default' });
  const mediaSandbox = await issueKey(store, account.id, 'media', { sandbox: true, name: 'sandbox' });
  const live = await issueKey(store, account.id, 'document', { name: 'live' });
  const test = await issueKey(store, account.id, 'document', { sandbox: true, name: 'test' });
  return {
    id: account.id,
    email: account.email,
    media_key: media.plaintext,
    media_sandbox_key: mediaSandbox.plaintext,
    live_key: live.plaintext,
    test_key: test.plaintext,
    webhook_secret: webhookSecret,
  };
}

/** The account with this e-mail, or an error naming it. */
export async function accountNamed(store: Store, email: string): Promise<Account> {
  const account = await store.accounts.accountByEmail(email);
  if (!account) throw new Error(`No account with e-mail ${email}.`);
  return account;
}

/** Adds (or with a negative number, removes) credits with a ledger row. */
export async function creditAccount(
  store: Store,
  email: string,
  credits: number,
  reason: Extract<LedgerReason, 'PURCHASE_CREDIT' | 'ADMIN_ADJUSTMENT'>,
): Promise<Account> {
  if (!Number.isInteger(credits) || credits === 0) throw new Error('--credits takes a whole number other than 0.');
  const account = await accountNamed(store, email);
  await store.credits.adjustCredits(account.id, credits, reason, null);
  return (await store.accounts.accountById(account.id))!;
}

/** A dashboard session token for the account. */
export async function sessionFor(store: Store, secret: Uint8Array, email: string): Promise<string> {
  return signSession(secret, (await accountNamed(store, email)).id);
}

/** Document keys live at once per environment: two, so a key is rotated without downtime. */
export const LIVE_DOCUMENT_KEYS = 2;

/** A key as the operator sees it (never its secret). */
export interface KeyRow {
  id: string;
  kind: 'media' | 'live' | 'test';
  name: string | null;
  createdAt: string;
  revokedAt: string | null;
}

const rowOf = (k: ApiKey): KeyRow => ({
  id: k.id,
  kind: k.kind === 'media' ? 'media' : k.sandbox ? 'test' : 'live',
  name: k.name,
  createdAt: k.createdAt,
  revokedAt: k.revokedAt,
});

/** The account's keys, active and retired, oldest first. */
export async function listKeys(store: Store, email: string): Promise<KeyRow[]> {
  const account = await accountNamed(store, email);
  return (await store.accounts.keysOf(account.id)).map(rowOf).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Adds a document key (`live` or `test`); a third live key of one environment is refused: retire one first. */
export async function addDocumentKey(store: Store, email: string, environment: 'live' | 'test', name?: string): Promise<KeyRow & { plaintext: string }> {
  const account = await accountNamed(store, email);
  const sandbox = environment === 'test';
  const live = (await store.accounts.keysOf(account.id)).filter((k) => k.kind === 'document' && k.sandbox === sandbox && k.revokedAt === null);
  if (live.length >= LIVE_DOCUMENT_KEYS)
    throw new Error(`${email} already has ${live.length} ${environment} keys (${live.map((k) => k.id).join(', ')}); retire one first.`);
  const issued = await issueKey(store, account.id, 'document', { sandbox, name: name ?? null });
  return { ...rowOf(issued.key), plaintext: issued.plaintext };
}

/** Retires (revokes) one of the account's keys; it stops working at once. */
export async function retireKey(store: Store, email: string, keyId: string): Promise<KeyRow> {
  const account = await accountNamed(store, email);
  const revoked = await store.accounts.revokeKey(account.id, keyId);
  if (!revoked) throw new Error(`${email} has no key ${keyId}.`);
  return rowOf(revoked);
}
