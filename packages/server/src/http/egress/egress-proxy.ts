// A forward proxy on loopback that applies the egress rule to a program the service runs (yt-dlp):
// plain `GET http://…` requests and `CONNECT host:443` tunnels are resolved and checked exactly as
// the service's own fetches are (every address public unicast, or in `LOUPE_EGRESS_ALLOW`), at
// connect time. A refused destination is answered 451, which the resolver reads as "not a
// public address". Only the process that knows the proxy's port uses it; it listens on 127.0.0.1.
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import { type AddressInfo, type BlockList, connect, isIP, type Socket } from 'node:net';
import { allowRanges, egressAllowFromEnv, reachable } from './egress.js';

/** A running proxy. */
export interface EgressProxy {
  url: string;
  close(): Promise<void>;
}

/** The address to connect to for `host`, or undefined when any of its addresses is refused. */
async function checkedAddress(host: string, allow: BlockList): Promise<string | undefined> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return reachable(bare, allow) ? bare : undefined;
  const addresses = await dnsLookup(bare, { all: true });
  if (addresses.length === 0 || addresses.some((a) => !reachable(a.address, allow))) return undefined;
  return addresses[0]!.address;
}

/** Starts the proxy. */
export async function startEgressProxy(allowCidrs: readonly string[] = egressAllowFromEnv()): Promise<EgressProxy> {
  const allow = allowRanges(allowCidrs);
  const refuse = (res: http.ServerResponse, why: string): void => {
    res.writeHead(451, { 'content-type': 'text/plain' }).end(`Refused by the egress rule: ${why}`);
  };
  const server = http.createServer(async (req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      return refuse(res, 'not an absolute URL');
    }
    if (target.protocol !== 'http:') return refuse(res, 'only http is proxied in the clear');
    const address = await checkedAddress(target.hostname, allow).catch(() => undefined);
    if (!address) return refuse(res, `${target.hostname} is not a public address`);
    const upstream = http.request(
      { host: address, port: target.port || 80, path: target.pathname + target.search, method: req.method, headers: { ...req.headers, host: target.host } },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', async (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    const address = host ? await checkedAddress(host, allow).catch(() => undefined) : undefined;
    if (!address || !port) {
      client.end('HTTP/1.1 451 Unavailable For Legal Reasons\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), address, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
