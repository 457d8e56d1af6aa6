// Where rate-limit counters live: in this process (the embedded deployment is one process) or in
// the shared database, so every API process of a deployment counts against the same buckets. A
// counter is two numbers per key (a level and a time in ms: tokens and last refill for a token
// bucket, count and window start for a window), changed by one function under a row lock.
import type { SqlDriver } from '../../store/sql/driver.js';

/** A counter's state. */
export interface RateCounter {
  level: number;
  atMs: number;
}

/** Counters by key. */
export interface RateState {
  /** Replaces the counter of `key` with `next(current)` atomically; answers the new state. */
  update(key: string, next: (current: RateCounter | undefined) => RateCounter): Promise<RateCounter>;
}

/** Counters in this process's memory (the oldest are dropped past `maxKeys`). */
export function memoryRateState(maxKeys = 100_000): RateState {
  const counters = new Map<string, RateCounter>();
  return {
    async update(key, next) {
      const value = next(counters.get(key));
      counters.delete(key);
      counters.set(key, value);
      if (counters.size > maxKeys) counters.delete(counters.keys().next().value as string);
      return value;
    },
  };
}

/** Counters in the shared database's `rate_buckets` table. */
export function sqlRateState(driver: SqlDriver): RateState {
  return {
    update(key, next) {
      return driver.transaction(async (q) => {
        await q.run('INSERT INTO rate_buckets (key, level, at_ms) VALUES (?, -1, 0) ON CONFLICT DO NOTHING', key);
        const row = await q.get<{ level: number; at_ms: number }>(`SELECT level, at_ms FROM rate_buckets WHERE key = ?${driver.forUpdate()}`, key);
        const value = next(row && row.level >= 0 ? { level: row.level, atMs: Number(row.at_ms) } : undefined);
        await q.run('UPDATE rate_buckets SET level = ?, at_ms = ? WHERE key = ?', value.level, value.atMs, key);
        return value;
      });
    },
  };
}
