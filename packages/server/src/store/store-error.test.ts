// What counts as an outage of the store (answered 503 and waited out) and what does not (a fault
// of the request or the code, answered as it is), and the retry of a finished job's write.
import { describe, expect, it } from 'vitest';
import { outlastingOutage, StoreError, storeUnavailable } from './store-error.js';

const withCode = (code: string, message = 'x'): Error => Object.assign(new Error(message), { code });

describe('storeUnavailable', () => {
  it('knows the database and the disk out of reach, through the causes a store error carries', () => {
    for (const error of [
      withCode('ECONNREFUSED'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new StoreError('write failed', { cause: withCode('EROFS') }),
      new StoreError('write failed', { cause: new StoreError('inner', { cause: withCode('ENOSPC') }) }),
      withCode('SQLITE_FULL'),
    ])
      expect(storeUnavailable(error), String(error)).toBe(true);
  });

  it('does not take a constraint, a bad query, a missing row or a bug for an outage', () => {
    for (const error of [withCode('23505'), withCode('42601'), new StoreError('No account acc_1.'), new TypeError('x is undefined'), undefined, 'text'])
      expect(storeUnavailable(error), String(error)).toBe(false);
  });
});

describe('outlastingOutage', () => {
  it('writes again while the store is out of reach, and once it answers returns what it wrote', async () => {
    let calls = 0;
    const result = await outlastingOutage(async () => {
      if (++calls < 3) throw new StoreError('down', { cause: withCode('ECONNREFUSED') });
      return 'written';
    }, 10_000);
    expect([result, calls]).toEqual(['written', 3]);
  });

  it('does not retry a failure that is not an outage, and gives an outage up after its patience', async () => {
    let calls = 0;
    await expect(
      outlastingOutage(async () => {
        calls++;
        throw withCode('23505', 'duplicate key');
      }),
    ).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
    calls = 0;
    await expect(
      outlastingOutage(async () => {
        calls++;
        throw withCode('ECONNREFUSED', 'refused');
      }, 1200),
    ).rejects.toThrow('refused');
    // 0.5 s then 1 s of waiting: the third wait would pass the patience
    expect(calls).toBe(2);
  });
});
