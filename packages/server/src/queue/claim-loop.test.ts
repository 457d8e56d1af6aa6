// The claim loop: at most `concurrency` items at once, and work queued while a claim was already
// looking (a notify that came before the loop went to sleep) is taken at once, not after `idleMs`;
// a stop that came while a claim was looking ends the loop at once.
import { describe, expect, it } from 'vitest';
import { type ClaimLoop, startClaimLoop } from './claim-loop.js';

describe('startClaimLoop', () => {
  it('takes work notified while a claim was running without waiting out its idle time', async () => {
    const ready: number[] = [];
    const ran: number[] = [];
    let claims = 0;
    const loop: ClaimLoop = startClaimLoop<number>({
      async claim() {
        await new Promise((r) => setTimeout(r, 1));
        claims++;
        const item = ready.shift();
        // work committed (and notified) while this claim had already looked and found nothing
        if (claims === 1) {
          ready.push(7);
          loop.notify();
        }
        return item;
      },
      async run(item) {
        ran.push(item);
      },
      concurrency: 2,
      idleMs: 60_000,
      describe: (item) => `item ${item}`,
    });
    const started = performance.now();
    while (ran.length === 0 && performance.now() - started < 2_000) await new Promise((r) => setTimeout(r, 5));
    await loop.stop();
    expect(ran).toEqual([7]);
  });

  it('stops at once when stopped while a claim was running (a hang fails the test by its timeout)', async () => {
    let claiming: () => void = () => undefined;
    let claims = 0;
    const inClaim = new Promise<void>((resolve) => {
      claiming = resolve;
    });
    const loop = startClaimLoop<number>({
      async claim() {
        claims++;
        claiming();
        await new Promise((r) => setTimeout(r, 20));
        return undefined;
      },
      run: async () => undefined,
      concurrency: 1,
      idleMs: 600_000,
      describe: (item) => `item ${item}`,
    });
    await inClaim;
    await loop.stop();
    expect(claims).toBe(1);
  }, 10_000);

  it('runs at most `concurrency` items at once and every item once', async () => {
    const ready = Array.from({ length: 20 }, (_, i) => i);
    let running = 0;
    let most = 0;
    const ran: number[] = [];
    const loop = startClaimLoop<number>({
      claim: async () => ready.shift(),
      async run(item) {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 2));
        running--;
        ran.push(item);
      },
      concurrency: 3,
      idleMs: 5,
      describe: (item) => `item ${item}`,
    });
    const started = performance.now();
    while (ran.length < 20 && performance.now() - started < 5_000) await new Promise((r) => setTimeout(r, 5));
    await loop.stop();
    expect(most).toBe(3);
    expect([...ran].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
  });
});
