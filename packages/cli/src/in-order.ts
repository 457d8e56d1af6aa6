// Runs a command's work over its input files with up to `jobs` files in flight and hands each
// outcome on in input order, so JSON Lines stay one line per file, in order, however the work
// finishes. With one job the files go strictly one after another (one file in memory at a time).

/** An outcome of one file's work. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** Calls `work` for each file (at most `jobs` at once) and `emit` for each outcome in input order. */
export async function inOrder<T>(
  files: readonly string[],
  jobs: number,
  work: (path: string) => Promise<T>,
  emit: (path: string, outcome: Outcome<T>) => void,
): Promise<void> {
  const pending = new Map<number, Promise<Outcome<T>>>();
  const settle = (i: number): Promise<Outcome<T>> =>
    work(files[i]!).then(
      (value) => ({ ok: true, value }),
      (error: unknown) => ({ ok: false, error }),
    );
  let started = 0;
  for (let next = 0; next < files.length; next++) {
    while (started < files.length && started < next + Math.max(1, jobs)) {
      pending.set(started, settle(started));
      started++;
    }
    const outcome = await pending.get(next)!;
    pending.delete(next);
    emit(files[next]!, outcome);
  }
}
