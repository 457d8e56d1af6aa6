// Who is signed in: the API keys (a document key `sk_live_`/`sk_test_` and, for media detection, a
// media key) and the reviewer's name, kept in this tab's session storage only — never in a URL,
// never in local storage — and the typed clients that send them as the contract's header. Every
// call goes to this listener's `/console/api` (the same origin), so the console works on the
// production and the sandbox listener alike, each in its own environment.
import { createLoupeClient, type LoupeClient } from '@loupe/client';

const STORE = 'loupe-console';

/** What the tab remembers. */
interface Saved {
  documentKey?: string;
  mediaKey?: string;
  reviewer?: string;
}

function saved(): Saved {
  try {
    return JSON.parse(sessionStorage.getItem(STORE) ?? '{}') as Saved;
  } catch {
    return {};
  }
}

function save(next: Saved): void {
  sessionStorage.setItem(STORE, JSON.stringify(next));
}

/** The console API's base URL on this listener. */
export const apiBase = `${location.origin}/console/api`;

/** The kind of key `key` looks like: document keys carry their environment, media keys do not. */
export function keyKind(key: string): 'document' | 'media' | undefined {
  if (/^sk_(live|test)_/.test(key)) return 'document';
  if (/^sk_[0-9a-f]{64}$/.test(key)) return 'media';
  return undefined;
}

/** The signed-in session. */
export const session = {
  get documentKey(): string | undefined {
    return saved().documentKey;
  },
  get mediaKey(): string | undefined {
    return saved().mediaKey;
  },
  get reviewer(): string | undefined {
    return saved().reviewer || undefined;
  },
  /** True when some key is held. */
  get signedIn(): boolean {
    const s = saved();
    return Boolean(s.documentKey || s.mediaKey);
  },
  /** True on a sandbox key (sk_test_). */
  get sandbox(): boolean {
    return saved().documentKey?.startsWith('sk_test_') ?? false;
  },
  keep(key: string, reviewer?: string): void {
    const kind = keyKind(key);
    const next = { ...saved(), ...(kind === 'media' ? { mediaKey: key } : { documentKey: key }) };
    if (reviewer !== undefined) next.reviewer = reviewer.trim();
    save(next);
  },
  signOut(): void {
    sessionStorage.removeItem(STORE);
  },
};

/** A client of the document API with the session's document key. */
export function documents(): LoupeClient {
  return createLoupeClient({ baseUrl: apiBase, apiKey: session.documentKey ?? '' });
}

/** A client of the media API with the session's media key. */
export function media(): LoupeClient {
  return createLoupeClient({ baseUrl: apiBase, apiKey: session.mediaKey ?? '' });
}
