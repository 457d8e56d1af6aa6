// One loop that works a durable queue in this process: take an item (the store leases it), run
// it, up to `concurrency` at once; when nothing is ready, wait `idleMs` or until `notify`; on
// `stop`, take nothing more and wait for what runs. The embedded queue drives its store's job
// table and outbox with it, and the pg-boss queue its pg-boss queues.

/** A running loop. */
export interface ClaimLoop {
  /** Wakes an idle loop (work was queued). */
  notify(): void;
  /** Stops taking work and waits for the running items. */
  stop(): Promise<void>;
}

/** Options of a loop over items of type T. */
export interface ClaimLoopOptions<T> {
  /** Takes (and leases) the next ready item, or undefined. */
  claim(): Promise<T | undefined>;
  run(item: T): Promise<void>;
  concurrency: number;
  idleMs: number;
  /** What to say when claiming or running fails (the item is named when one was taken). */
  log?: (message: string, error?: unknown) => void;
  /** Names an item in a failure message. */
  describe(item: T): string;
}

/** Starts the loop. */
export function startClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  let stopped = false;
  let wake: (() => void) | undefined;
  /** Set by a `notify` that came while the loop was claiming: the claim may have missed that work. */
  let notified = false;
  const running = new Set<Promise<void>>();

  async function loop(): Promise<void> {
    while (!stopped) {
      if (running.size >= options.concurrency) {
        await Promise.race(running);
        continue;
      }
      let item: T | undefined;
      notified = false;
      try {
        item = await options.claim();
      } catch (error) {
        options.log?.('could not take work from the queue', error);
      }
      if (item === undefined) {
        // a stop that came while claiming ends the loop now, not after its idle time
        if (notified || stopped) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.idleMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
        continue;
      }
      const taken = item;
      const task = options
        .run(taken)
        .catch((error) => options.log?.(`${options.describe(taken)} failed`, error))
        .finally(() => running.delete(task));
      running.add(task);
    }
  }

  const done = loop();
  return {
    notify: () => {
      notified = true;
      wake?.();
    },
    async stop() {
      stopped = true;
      wake?.();
      await done;
      await Promise.allSettled([...running]);
    },
  };
}
