// Wakes the requests waiting on a document (`wait=true`) the moment its analysis finishes in this
// process, instead of leaving them to their next look at the store, and hands them the finished
// document as its finishing transaction committed it (so they need not read it back). The store
// stays the truth: a waiter's wait ends after its `ms` without a document, and the waiter then
// looks at the store, in case the analysis finished in another process.
import type { StoredDocument } from '../store/store.js';

/** Waiters by document id. */
export class FinishSignal {
  private readonly waiters = new Map<string, Set<(document?: StoredDocument) => void>>();

  /** Resolves with the finished document when `documentId` finishes here, or with nothing after `ms`, whichever comes first. */
  wait(documentId: string, ms: number): Promise<StoredDocument | undefined> {
    return new Promise((resolve) => {
      const set = this.waiters.get(documentId) ?? new Set();
      this.waiters.set(documentId, set);
      const done = (document?: StoredDocument): void => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0 && this.waiters.get(documentId) === set) this.waiters.delete(documentId);
        resolve(document);
      };
      const timer = setTimeout(done, ms);
      set.add(done);
    });
  }

  /** Wakes every waiter of the finished `document` with it. */
  fire(document: StoredDocument): void {
    for (const wake of [...(this.waiters.get(document.id) ?? [])]) wake(document);
  }
}
