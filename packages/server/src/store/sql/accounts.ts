// Accounts and their API keys (keys stored by hash).
import { newId } from '../ids.js';
import type { Account, AccountStore, ApiKey, NewAccount, NewKey } from '../store.js';
import type { Row } from './driver.js';
import { account, apiKey } from './rows.js';
import type { SqlContext } from './sql-context.js';

/** The api_keys columns a key is made of. */
const KEY_COLUMNS = ['id', 'account_id', 'kind', 'service_type', 'sandbox', 'name', 'note', 'created_at', 'updated_at', 'revoked_at'] as const;

/** The active key with a hash, its columns renamed beside its account's: one read per authenticated request. */
const KEY_HOLDER_SQL = `SELECT ${KEY_COLUMNS.map((c) => `k.${c} AS key_${c}`).join(', ')}, a.* FROM api_keys k JOIN accounts a ON a.id = k.account_id WHERE k.hash = ? AND k.revoked_at IS NULL`;

/** Key holders remembered at most (a key-guessing flood cannot grow memory). */
const MAX_REMEMBERED_HOLDERS = 10_000;

/** The AccountStore over the shared SQL context. */
export function sqlAccounts(c: SqlContext): AccountStore {
  /** Key holders read at a change stamp (drivers that have one). */
  const holders = new Map<string, { stamp: string; holder: { key: ApiKey; account: Account } | undefined }>();
  const { now, tx, read, insertLedger, byId, one } = c;
  return {
    async createAccount(a: NewAccount, credits: number) {
      return tx(async (q) => {
        const id = newId('usr');
        await q.run(
          'INSERT INTO accounts (id, email, name, email_verified, active, detector, webhook_url, webhook_secret, balance, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)',
          id,
          a.email,
          a.name ?? null,
          a.emailVerified === false ? 0 : 1,
          a.active === false ? 0 : 1,
          a.detector ?? 'V1.5',
          a.webhookUrl ?? null,
          a.webhookSecret,
          now(),
        );
        if (credits !== 0) await insertLedger(q, id, credits, 'SIGNUP_GRANT', null);
        return (await byId(q, id)) as Account;
      });
    },
    async accountById(id) {
      return read((q) => byId(q, id));
    },
    async accountByEmail(email) {
      return read((q) => one(q, 'SELECT * FROM accounts WHERE email = ?', account, email));
    },
    async countAccounts() {
      return read(async (q) => ((await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM accounts')) as { n: number }).n);
    },
    async updateAccount(id, changes) {
      return tx(async (q) => {
        const columns: Record<string, unknown> = {};
        if (changes.name !== undefined) columns.name = changes.name;
        if (changes.emailVerified !== undefined) columns.email_verified = changes.emailVerified ? 1 : 0;
        if (changes.active !== undefined) columns.active = changes.active ? 1 : 0;
        if (changes.detector !== undefined) columns.detector = changes.detector;
        if (changes.webhookUrl !== undefined) columns.webhook_url = changes.webhookUrl;
        const keys = Object.keys(columns);
        if (keys.length > 0) await q.run(`UPDATE accounts SET ${keys.map((k) => `${k} = ?`).join(', ')} WHERE id = ?`, ...Object.values(columns), id);
        return byId(q, id);
      });
    },
    async createKey(k: NewKey) {
      return tx(async (q) => {
        const id = newId('key');
        const at = now();
        await q.run(
          'INSERT INTO api_keys (id, account_id, kind, hash, service_type, sandbox, name, note, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
          id,
          k.accountId,
          k.kind,
          k.hash,
          k.serviceType,
          k.sandbox ? 1 : 0,
          k.name ?? null,
          k.note ?? null,
          at,
          at,
        );
        return apiKey((await q.get('SELECT * FROM api_keys WHERE id = ?', id)) as Row);
      });
    },
    async keyHolder(hash) {
      // answered from memory while the database has not changed since (exact: any commit anywhere
      // changes the stamp, so a revoked key or a new balance is seen at once)
      const stamp = c.driver.changeStamp?.();
      const known = stamp === undefined ? undefined : holders.get(hash);
      if (known && known.stamp === stamp) return known.holder;
      const r = await read((q) => q.get(KEY_HOLDER_SQL, hash));
      const holder = r ? { key: apiKey(Object.fromEntries(KEY_COLUMNS.map((column) => [column, r[`key_${column}`]]))), account: account(r) } : undefined;
      if (stamp !== undefined) {
        if (holders.size >= MAX_REMEMBERED_HOLDERS) holders.clear();
        holders.set(hash, { stamp, holder });
      }
      return holder;
    },
    async keysOf(accountId) {
      return read(async (q) => (await q.all('SELECT * FROM api_keys WHERE account_id = ? ORDER BY created_at, id', accountId)).map(apiKey));
    },
    async countActiveKeys(accountId, kind, serviceType) {
      return read(
        async (q) =>
          (
            (await q.get<{ n: number }>(
              'SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ? AND kind = ? AND service_type = ? AND revoked_at IS NULL',
              accountId,
              kind,
              serviceType,
            )) as { n: number }
          ).n,
      );
    },
    async revokeKey(accountId, keyId) {
      return tx(async (q) => {
        const at = now();
        await q.run('UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?), updated_at = ? WHERE id = ? AND account_id = ?', at, at, keyId, accountId);
        return one(q, 'SELECT * FROM api_keys WHERE id = ? AND account_id = ?', apiKey, keyId, accountId);
      });
    },
  };
}
