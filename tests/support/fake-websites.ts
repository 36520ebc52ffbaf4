import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small business home pages on loopback: /site/N answers a page that varies with N
 * (technology, viewport, copyright year, contact details), after `latencyMs`. Other paths
 * can be given explicitly (status, headers, body, delay) for the analyser's tests.
 */
export interface FakePage {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
  /** Bytes of filler streamed after the body (huge-page tests). */
  fillerBytes?: number;
  /** The answer waits until this settles: a test holds the page back, then lets it go. */
  until?: Promise<unknown>;
  /** Called once the answer has been handed over in full. */
  sent?: () => void;
}

const TECH_SNIPPETS = [
  '<meta name="generator" content="WordPress 6.4"><link rel="stylesheet" href="/wp-content/themes/x/style.css">',
  '<script src="https://static.wixstatic.com/x.js"></script>',
  '<link href="https://static1.squarespace.com/static/site.css" rel="stylesheet">',
  '',
];

export function generatedPage(n: number): string {
  const year = 2015 + (n % 12);
  return `<!doctype html><html><head><title>Business ${n}</title>
${n % 3 === 0 ? '' : '<meta name="viewport" content="width=device-width, initial-scale=1">'}
${n % 2 === 0 ? `<meta name="description" content="Business ${n} serves Baton Rouge.">` : ''}
${TECH_SNIPPETS[n % TECH_SNIPPETS.length]}
</head><body><h1>Business ${n}</h1>
${n % 5 === 0 ? `<a href="mailto:owner${n}@business${n}.com">Email us</a>` : ''}
${n % 4 === 0 ? '<form action="/contact"><input type="email" name="email"><textarea name="message"></textarea></form>' : ''}
<footer>&copy; ${year} Business ${n}</footer></body></html>`;
}

export async function startFakeWebsites({
  latencyMs = 0,
  pages = {},
}: { latencyMs?: number; pages?: Record<string, FakePage> } = {}) {
  const stats = { requests: 0, cookies: 0 };
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    stats.requests += 1;
    if (req.headers.cookie) stats.cookies += 1;
    const path = (req.url ?? '/').split('?')[0]!;
    const page = pages[path];
    const site = /^\/site\/(\d+)$/.exec(path);
    const delay = page?.delayMs ?? latencyMs;
    if (page?.sent) res.once('finish', page.sent);
    const answer = () => {
      if (page) {
        res.writeHead(page.status ?? 200, {
          'content-type': 'text/html; charset=utf-8',
          ...page.headers,
        });
        if (page.fillerBytes) {
          res.write(page.body ?? '');
          const chunk = Buffer.alloc(64 * 1024, 'x');
          let sent = 0;
          const pump = () => {
            while (sent < page.fillerBytes!) {
              sent += chunk.length;
              if (!res.write(chunk)) return void res.once('drain', pump);
            }
            res.end();
          };
          pump();
          return;
        }
        res.end(page.body ?? '');
        return;
      }
      if (site) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'visit=1' });
        res.end(generatedPage(Number(site[1])));
        return;
      }
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    };
    void Promise.resolve(page?.until).then(() => setTimeout(answer, delay));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    stats,
    async close() {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeWebsites = Awaited<ReturnType<typeof startFakeWebsites>>;
