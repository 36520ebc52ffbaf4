import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A round-robin HTTP load balancer on loopback: each request goes to the next backend, as a
 * cloud load balancer without sticky sessions would send it. Counts what each backend got.
 */
export async function startLoadBalancer(backends: () => string[], port = 0) {
  let next = 0;
  const served = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const targets = backends();
    const target = new URL(targets[next++ % targets.length]!);
    served.set(target.origin, (served.get(target.origin) ?? 0) + 1);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end('bad gateway');
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    served,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
