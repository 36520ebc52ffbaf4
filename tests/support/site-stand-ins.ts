import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';

/**
 * Websites the site checks point at, on loopback: each path answers as its handler says,
 * over HTTP or, given a certificate, HTTPS. `requests` lists the paths asked for, in order.
 */
export type SiteHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export interface SiteStandIn {
  /** http://127.0.0.1:port, or https://localhost:port (the name the certificates carry). */
  origin: string;
  port: number;
  requests: string[];
  close(): Promise<void>;
}

export async function startSiteStandIn(
  routes: Record<string, SiteHandler>,
  { tls }: { tls?: { key: string; cert: string } } = {},
): Promise<SiteStandIn> {
  const requests: string[] = [];
  const handle: SiteHandler = (req, res) => {
    const route = (req.url ?? '/').split('?')[0]!;
    requests.push(route);
    const handler = routes[route];
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
  const server = tls ? https.createServer(tls, handle) : http.createServer(handle);
  const { port, close } = await listen(server);
  return {
    origin: tls ? `https://localhost:${port}` : `http://127.0.0.1:${port}`,
    port,
    requests,
    close,
  };
}

/** A server that accepts connections and never says a word (no HTTP, no TLS handshake). */
export async function startSilentServer() {
  const server = net.createServer(() => {});
  let connections = 0;
  server.on('connection', () => (connections += 1));
  const { port, close } = await listen(server);
  return { port, connections: () => connections, close };
}

/** A port nothing listens on (just closed). */
export async function closedPort(): Promise<number> {
  const { port, close } = await listen(net.createServer());
  await close();
  return port;
}

/**
 * A 5 GB answer (announced with its Content-Length, sent in 64 kB chunks at the pace the
 * reader takes them); `streamed` tells what was sent once `closed` settles.
 */
export function endlessBody(first: string) {
  const streamed = { bytes: 0, closedEarly: false };
  let markClosed: () => void;
  /** Settles when the connection of the (last) answer has closed. */
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const handler: SiteHandler = (_req, res) => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    res.writeHead(200, { 'content-type': 'text/html', 'content-length': String(5 * 1024 ** 3) });
    res.write(first);
    res.once('close', () => {
      streamed.closedEarly = !res.writableFinished;
      markClosed();
    });
    const pump = () => {
      while (!res.destroyed) {
        if (streamed.bytes >= 5 * 1024 ** 3) return void res.end();
        streamed.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
    };
    pump();
  };
  return { handler, streamed, closed };
}

type Listening = http.Server | https.Server | net.Server;

async function listen(server: Listening) {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        sockets.forEach((socket) => socket.destroy());
        server.close(() => resolve());
      }),
  };
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * A private certificate authority made for the test (no key is ever committed), written to
 * a temporary file for NODE_EXTRA_CA_CERTS, that issues server certificates for localhost.
 */
export async function createTestAuthority() {
  const now = Date.now();
  const ca = await generate([{ name: 'commonName', value: 'Site checks test CA' }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(now - 365 * DAY_MS),
    notAfterDate: new Date(now + 365 * DAY_MS),
    extensions: [
      { name: 'basicConstraints', cA: true, critical: true },
      { name: 'keyUsage', keyCertSign: true, cRLSign: true, digitalSignature: true },
    ],
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-checks-ca-'));
  const caFile = path.join(dir, 'ca.pem');
  fs.writeFileSync(caFile, ca.cert);
  return {
    caFile,
    /** A server certificate for localhost (and 127.0.0.1 unless `nameOnly`), signed by the CA. */
    async issue({
      validFrom,
      validTo,
      nameOnly = false,
    }: {
      validFrom: Date;
      validTo: Date;
      nameOnly?: boolean;
    }) {
      const leaf = await generate([{ name: 'commonName', value: 'localhost' }], {
        keySize: 2048,
        algorithm: 'sha256',
        notBeforeDate: validFrom,
        notAfterDate: validTo,
        ca: { key: ca.private, cert: ca.cert },
        extensions: [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
          { name: 'extKeyUsage', serverAuth: true },
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              ...(nameOnly ? [] : [{ type: 7 as const, ip: '127.0.0.1' }]),
            ],
          },
        ],
      });
      return { key: leaf.private, cert: leaf.cert };
    },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
export const daysFrom = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);
