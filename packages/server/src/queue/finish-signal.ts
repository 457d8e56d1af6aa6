// Wakes the requests waiting on a document (`wait=true`) the moment its analysis finishes in this
// process, instead of leaving them to their next look at the store. The store stays the truth: a
// waiter re-reads the document when woken, and looks again on its own after `fallbackMs` in case
// the analysis finished in another process.

/** Waiters by document id. */
export class FinishSignal {
  private readonly waiters = new Map<string, Set<() => void>>();

  /** Resolves when `documentId` finishes here, or after `ms`, whichever comes first. */
  wait(documentId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(documentId) ?? new Set();
      this.waiters.set(documentId, set);
      const done = (): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(documentId) === set) this.waiters.delete(documentId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  /** Wakes every waiter of `documentId`. */
  fire(documentId: string): void {
    for (const wake of [...(this.waiters.get(documentId) ?? [])]) wake();
  }
}
