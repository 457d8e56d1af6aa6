// A module imported when first needed rather than with the core (its code then lands in a chunk
// of its own in a page's bundle), read synchronously once loaded: `load(importer)` imports it once
// and whoever needs it awaits that first; `get()` answers it, or throws a `LoupeError` naming the
// loader when nothing awaited it. The importer is given to `load`, not kept here, so code that
// only reads the module never reaches the import and a bundler drops it.
import { LoupeError } from './errors.js';

/** A module loaded on demand. */
export interface OnDemand<T> {
  /** Imports the module with `importer` (once). */
  load(importer: () => Promise<T>): Promise<void>;
  /** The loaded module; throws when `load()` has not finished. */
  get(): T;
}

/** A module loaded on demand; `what` names it with its verb (`The tables are`), `loader` the function to await, `reason` the error's. */
export function onDemand<T>(what: string, loader: string, reason: string): OnDemand<T> {
  let module: T | undefined;
  let loading: Promise<void> | undefined;
  return {
    load(importer) {
      loading ??= importer().then((m) => {
        module = m;
      });
      return loading;
    },
    get() {
      if (module === undefined) throw new LoupeError('server_error', `${what} not loaded: await ${loader}() first.`, reason);
      return module;
    },
  };
}
