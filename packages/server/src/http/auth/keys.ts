// API keys: plaintext from the platform's CSPRNG (`sk_` + 64 hex digits for the media API,
// `sk_live_` / `sk_test_` + 64 hex for the document API), shown once and stored only as their
// SHA-256. A presented key is looked up by its hash: the index compares digests, never the
// secret, so how long a lookup takes says nothing about how much of a guessed key was right.
import { createHash, randomBytes } from 'node:crypto';
import type { Account, ApiKey, KeyKind, ServiceType, Store } from '../../store/store.js';

/** The shape of every key this service issues. */
export const KEY_PATTERN = /^sk_(?:live_|test_)?[0-9a-f]{64}$/;

/** A new plaintext key of a kind (document keys: live or test). */
export function generateKey(kind: KeyKind, sandbox: boolean): string {
  const secret = randomBytes(32).toString('hex');
  if (kind === 'media') return `sk_${secret}`;
  return `sk_${sandbox ? 'test' : 'live'}_${secret}`;
}

/** The stored form of a key. */
export function hashKey(plaintext: string): string {
  return createHash('sha256').update(plaintext).digest('hex');
}

/** The active key `plaintext` names and its account, or undefined (malformed, unknown or revoked). */
export async function findKey(store: Store, plaintext: string): Promise<{ key: ApiKey; account: Account } | undefined> {
  if (!KEY_PATTERN.test(plaintext)) return undefined;
  return store.accounts.keyHolder(hashKey(plaintext));
}

/** Creates a key and returns it with its plaintext (the only time the plaintext exists). */
export async function issueKey(
  store: Store,
  accountId: string,
  kind: KeyKind,
  options: { serviceType?: ServiceType; sandbox?: boolean; name?: string | null; note?: string | null } = {},
): Promise<{ key: ApiKey; plaintext: string }> {
  const sandbox = options.sandbox ?? false;
  const plaintext = generateKey(kind, sandbox);
  const key = await store.accounts.createKey({
    accountId,
    kind,
    hash: hashKey(plaintext),
    serviceType: options.serviceType ?? 'UNIVERSAL',
    sandbox,
    name: options.name ?? null,
    note: options.note ?? null,
  });
  return { key, plaintext };
}
