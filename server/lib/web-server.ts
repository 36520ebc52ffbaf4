import http, { type RequestListener, type Server } from 'node:http';
import type { Config } from '../config';

/**
 * The HTTP server of every server process (server/index.ts, so each worker of cluster.ts too:
 * the primary only hands connections to them). Node closes a keep-alive connection idle for
 * 5 s (plus a second); a reverse proxy or client pool that keeps connections for 60 s reuses one
 * just as it is closed, and that request is reset. Idle connections here outlive theirs.
 */
export function createWebServer(app: RequestListener, timeouts: Config['http']): Server {
  const server = http.createServer(app);
  server.keepAliveTimeout = timeouts.keepAliveTimeoutMs;
  // Counted from a request's first byte, also on a reused connection: it must not end before
  // the idle time does.
  server.headersTimeout = timeouts.headersTimeoutMs;
  return server;
}

/**
 * Stops taking connections and resolves once every request already received is answered:
 * idle connections close at once, busy ones right after their answer (about a second, the
 * margin Node adds), not after the keep-alive time. Connections open after `graceMs` are cut.
 */
export function closeWebServer(server: Server, graceMs: number): Promise<void> {
  return new Promise((resolve) => {
    server.keepAliveTimeout = 1;
    const force = setTimeout(() => server.closeAllConnections(), graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
