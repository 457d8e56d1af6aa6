// Operator actions on accounts, shared by `loupe accounts` and the first start of `loupe serve`:
// create an account with its starting credits (one SIGNUP_GRANT row) and its keys — a universal
// media key, a media sandbox key, a live and a test document key — and a webhook signing secret;
// add credits; change what an operator may change; mint a dashboard session token.
import { randomBytes } from 'node:crypto';
import { issueKey } from './auth/keys.js';
import { signSession } from './auth/sessions.js';
import type { Account, LedgerReason, Store } from './store/store.js';

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
  const account = await store.createAccount(
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
  const account = await store.accountByEmail(email);
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
  await store.adjustCredits(account.id, credits, reason, null);
  return (await store.accountById(account.id))!;
}

/** A dashboard session token for the account. */
export async function sessionFor(store: Store, secret: Uint8Array, email: string): Promise<string> {
  return signSession(secret, (await accountNamed(store, email)).id);
}
