import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** What the registry answers for one domain: its expiry, or an HTTP error. */
export interface RdapDomain {
  /** The expiration event's date; null: the answer has no expiration event. */
  expiresAt?: string | null;
  /** Answer this status with an RDAP error body instead. */
  status?: number;
}

/**
 * An RDAP service on loopback speaking RFC 9083's JSON: IANA's bootstrap file at
 * `/dns.json` (RFC 9224) naming this server for `tlds`, and `/rdap/domain/<name>` answering
 * from `domains` (a name it does not know: 404, as registries answer). Use `bootstrapUrl` for
 * RDAP_BOOTSTRAP_URL or `rdapUrl` for RDAP_URL. `requests` lists each path and its Accept.
 */
export async function startRdapStandIn({
  tlds = ['com', 'net'],
  domains = {},
}: { tlds?: string[]; domains?: Record<string, RdapDomain> } = {}) {
  const requests: { path: string; accept: string | undefined }[] = [];
  const sockets = new Set<Socket>();
  let origin = '';
  const json = (res: http.ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/rdap+json' }).end(JSON.stringify(body));

  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0]!;
    requests.push({ path, accept: req.headers.accept });
    if (path === '/dns.json') {
      return res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          version: '1.0',
          publication: '2026-11-01T00:00:00Z',
          description: 'RDAP bootstrap file for Domain Name System registrations',
          services: [[tlds, [`${origin}/rdap/`]]],
        }),
      );
    }
    const match = /^\/rdap\/domain\/([^/]+)$/.exec(path);
    const name = match?.[1]?.toLowerCase();
    const domain = name ? domains[name] : undefined;
    if (!name || !domain) {
      return json(res, 404, {
        errorCode: 404,
        title: 'Not Found',
        description: ['No such domain'],
      });
    }
    if (domain.status) {
      return json(res, domain.status, { errorCode: domain.status, title: 'Error' });
    }
    json(res, 200, {
      rdapConformance: ['rdap_level_0'],
      objectClassName: 'domain',
      ldhName: name.toUpperCase(),
      events: [
        { eventAction: 'registration', eventDate: '2009-03-14T04:00:00Z' },
        ...(domain.expiresAt ? [{ eventAction: 'expiration', eventDate: domain.expiresAt }] : []),
        { eventAction: 'last update of RDAP database', eventDate: '2026-11-20T10:00:00Z' },
      ],
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    bootstrapUrl: `${origin}/dns.json`,
    rdapUrl: `${origin}/rdap`,
    domains,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}
export type RdapStandIn = Awaited<ReturnType<typeof startRdapStandIn>>;
