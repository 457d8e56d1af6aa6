// The one egress rule for every outbound request the service makes on a caller's behalf (media
// links now; document `file_url` and webhooks next): http(s) only; every address a host resolves
// to must be public unicast — no loopback, private, link-local, CGNAT, cloud metadata, multicast,
// documentation or reserved ranges, no IPv4-mapped, NAT64 or unique-local IPv6 — checked at
// connect time (the address the socket uses is the address checked, so DNS rebinding cannot slip
// between check and connect) and again for every redirect, at most three of them; the body is
// streamed under a byte cap and the whole fetch under a time limit. Ranges listed in
// `LOUPE_EGRESS_ALLOW` (comma-separated CIDRs, empty by default) are let through: tests use it to
// reach servers on loopback; the default configuration never has it.
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/** Why a fetch failed. */
export type EgressFailure = 'blocked_address' | 'bad_url' | 'too_many_redirects' | 'http_status' | 'too_large' | 'timeout' | 'network' | 'empty';

/** A fetch that did not end in a body. */
export class EgressError extends Error {
  override readonly name = 'EgressError';
  constructor(
    readonly reason: EgressFailure,
    message: string,
    readonly status?: number,
    /** What the network said (for the log, never for the caller). */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
  }
}

/** What came back. */
export interface Fetched {
  bytes: Uint8Array;
  /** The URL the body came from, after redirects. */
  finalUrl: string;
  contentType: string | null;
  /** The file name from Content-Disposition, when there is one. */
  filename: string | null;
}

/** Egress settings. */
export interface EgressOptions {
  /** CIDR ranges reachable even though they are not public (default: `LOUPE_EGRESS_ALLOW`). */
  allow?: readonly string[];
  /** Largest body in bytes. */
  maxBytes: number;
  /** Time limit of the whole fetch, redirects included (ms). */
  timeoutMs: number;
  /** Redirects followed (default 3); `0` treats any redirect as a failure. */
  maxRedirects?: number;
}

const DENIED: [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.88.99.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['::ffff:0:0', 96, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['64:ff9b:1::', 48, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001::', 23, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['2002::', 16, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['fec0::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

const denied = new BlockList();
for (const [net, prefix, type] of DENIED) denied.addSubnet(net, prefix, type);

/** The ranges of `LOUPE_EGRESS_ALLOW`. */
export function egressAllowFromEnv(env: NodeJS.ProcessEnv = process.env): string[] {
  return (env.LOUPE_EGRESS_ALLOW ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A block list of CIDR ranges (`a.b.c.d/n`, `x::/n`); a malformed range throws. */
export function allowRanges(cidrs: readonly string[]): BlockList {
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [net, bits] = cidr.split('/');
    const type = isIP(net ?? '');
    if (!net || !type) throw new Error(`LOUPE_EGRESS_ALLOW: not a CIDR range: ${cidr}`);
    list.addSubnet(net, bits === undefined ? (type === 4 ? 32 : 128) : Number(bits), type === 4 ? 'ipv4' : 'ipv6');
  }
  return list;
}

/** True when `address` may be reached: public unicast, or inside an allowed range. */
export function reachable(address: string, allow: BlockList = new BlockList()): boolean {
  const type = isIP(address);
  if (!type) return false;
  const family = type === 4 ? 'ipv4' : 'ipv6';
  if (allow.check(address, family)) return true;
  return !denied.check(address, family);
}

/**
 * Why requests to `url` would be refused, or undefined when they would not: each address its host
 * resolves to now must be reachable (public unicast, or inside `allow`). Said where a URL is set
 * for later (an account's webhook), so an operator learns it then rather than at every delivery;
 * a host that does not resolve now is not judged (every request checks again at connect time).
 */
export async function unreachableTarget(url: string, allow: BlockList = allowRanges(egressAllowFromEnv())): Promise<string | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await new Promise<LookupAddress[]>((resolve, reject) => dnsLookup(host, { all: true }, (e, a) => (e ? reject(e) : resolve(a))))).map(
        (a) => a.address,
      );
    } catch {
      return undefined;
    }
  }
  const refused = addresses.find((a) => !reachable(a, allow));
  return refused === undefined
    ? undefined
    : `${host === refused ? host : `${host} resolves to ${refused}, which`} is a loopback, private or reserved address: requests to it are refused (LOUPE_EGRESS_ALLOW lets a range through)`;
}

/** The last path segment of a URL, decoded, as a file name; null when there is none. */
export function lastPathSegment(url: string): string | null {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').filter(Boolean).at(-1) ?? '') || null;
  } catch {
    return null;
  }
}

/** Creates the fetcher. */
export function createEgress(options: EgressOptions) {
  const allow = allowRanges(options.allow ?? egressAllowFromEnv());
  const maxRedirects = options.maxRedirects ?? 3;

  /** DNS lookup that refuses a host with any unreachable address (checked when the socket connects). */
  const lookup = (
    hostname: string,
    opts: object,
    callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void,
  ): void => {
    dnsLookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !reachable(a.address, allow));
      if (bad || list.length === 0)
        return callback(Object.assign(new Error(`${hostname} does not resolve to public addresses only.`), { code: 'EGRESS_BLOCKED' }), '');
      if ((opts as { all?: boolean }).all) return callback(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };

  /** One request, no redirect following (a GET, or a POST of `send.body`). */
  function once(url: URL, signal: AbortSignal, send?: { body: string; headers: Record<string, string> }): Promise<http.IncomingMessage> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !reachable(host, allow)) return Promise.reject(new EgressError('blocked_address', `${host} is not a public address.`));
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(
        url,
        {
          method: send ? 'POST' : 'GET',
          lookup: lookup as never,
          signal,
          headers: send ? send.headers : { 'user-agent': 'Loupe/0.1 (+media detection)', accept: '*/*' },
          agent: false,
        },
        resolve,
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'EGRESS_BLOCKED') reject(new EgressError('blocked_address', error.message));
        else if (signal.aborted) reject(new EgressError('timeout', `No answer within ${options.timeoutMs} ms.`));
        else reject(new EgressError('network', 'The host could not be reached.', undefined, error));
      });
      request.end(send?.body);
    });
  }

  /**
   * POSTs `body` once under the rule and answers the status; a redirect is not followed (the
   * caller decides what a 3xx means); no answer within the time limit is a timeout.
   */
  async function post(raw: string, body: string, headers: Record<string, string>): Promise<number> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new EgressError('bad_url', 'The target is not a URL.');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EgressError('bad_url', 'Only http and https targets are called.');
    if (url.username || url.password) throw new EgressError('bad_url', 'Targets with credentials are not called.');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      const response = await once(url, controller.signal, { body, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
      response.resume();
      return response.statusCode ?? 0;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Fetches `raw` under the rule. */
  async function fetchBody(raw: string): Promise<Fetched> {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new EgressError('bad_url', 'The link is not a URL.');
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    try {
      for (let hop = 0; ; hop++) {
        if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EgressError('bad_url', 'Only http and https links are fetched.');
        if (url.username || url.password) throw new EgressError('bad_url', 'Links with credentials are not fetched.');
        const response = await once(url, controller.signal);
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          if (hop >= maxRedirects) throw new EgressError('too_many_redirects', `The link redirected more than ${maxRedirects} times.`);
          url = new URL(response.headers.location, url);
          continue;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          throw new EgressError('http_status', `The link answered HTTP ${status}.`, status);
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > options.maxBytes) {
          response.destroy();
          throw new EgressError('too_large', `The linked file is ${declared} bytes, over the ${options.maxBytes}-byte cap.`);
        }
        const chunks: Buffer[] = [];
        let total = 0;
        try {
          for await (const chunk of response as AsyncIterable<Buffer>) {
            total += chunk.length;
            if (total > options.maxBytes) {
              response.destroy();
              throw new EgressError('too_large', `The linked file passed the ${options.maxBytes}-byte cap.`);
            }
            chunks.push(chunk);
          }
        } catch (error) {
          if (error instanceof EgressError) throw error;
          if (controller.signal.aborted) throw new EgressError('timeout', `The link did not finish within ${options.timeoutMs} ms.`);
          throw new EgressError('network', 'The link could not be fetched: its host could not be reached or broke the connection.', undefined, error);
        }
        if (total === 0) throw new EgressError('empty', 'The link answered an empty body.');
        const bytes = Buffer.concat(chunks, total);
        const disposition = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers['content-disposition'] ?? '')?.[1];
        return {
          bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          finalUrl: url.href,
          contentType: response.headers['content-type'] ?? null,
          filename: disposition ? decodeURIComponent(disposition) : null,
        };
      }
    } finally {
      clearTimeout(timer);
    }
  }

  return { fetch: fetchBody, post };
}

export type Egress = ReturnType<typeof createEgress>;
