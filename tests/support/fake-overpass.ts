import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** An OpenStreetMap element as Overpass answers it with `out tags center`. */
export interface OverpassElement {
  type: 'node' | 'way';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags: Record<string, string>;
}

export type OverpassBehaviour =
  | { kind: 'normal' }
  | { kind: 'status'; status: number; times: number; retryAfter?: string }
  | { kind: 'garbage' }
  /** A readable JSON body of any shape, answered with 200. */
  | { kind: 'body'; body: unknown }
  | { kind: 'hang' }
  | { kind: 'remark' };

const CATEGORIES: [string, string][] = [
  ['amenity', 'restaurant'],
  ['amenity', 'cafe'],
  ['shop', 'hardware'],
  ['shop', 'hairdresser'],
  ['office', 'lawyer'],
  ['craft', 'plumber'],
  ['amenity', 'dentist'],
  ['shop', 'car_repair'],
  ['tourism', 'motel'],
  ['office', 'estate_agent'],
];

/**
 * `count` businesses spread evenly over a square around (lat, lon), deterministic: every
 * other one has a website at `websiteBase/site/N`, some have phone, e-mail, opening hours
 * and social tags, some are ways (answered with a centre).
 */
export function osmBusinesses({
  lat,
  lon,
  count,
  spanDegrees = 0.2,
  websiteBase,
  websites = Math.ceil(count / 2),
}: {
  lat: number;
  lon: number;
  count: number;
  spanDegrees?: number;
  websiteBase?: string;
  websites?: number;
}): OverpassElement[] {
  const side = Math.ceil(Math.sqrt(count));
  const elements: OverpassElement[] = [];
  for (let i = 0; i < count; i++) {
    const [key, value] = CATEGORIES[i % CATEGORIES.length]!;
    const point = {
      lat: lat - spanDegrees / 2 + (spanDegrees * (Math.floor(i / side) + 0.5)) / side,
      lon: lon - spanDegrees / 2 + (spanDegrees * ((i % side) + 0.5)) / side,
    };
    const tags: Record<string, string> = { [key]: value, name: `Business ${i}` };
    if (i % 3 !== 0) tags.phone = `+1 225 555 ${String(1000 + (i % 9000)).padStart(4, '0')}`;
    if (i % 4 === 0) {
      tags['addr:housenumber'] = String(100 + i);
      tags['addr:street'] = 'Main Street';
      tags['addr:city'] = 'Baton Rouge';
      tags['addr:state'] = 'LA';
    }
    if (i % 5 === 0) tags.opening_hours = '24/7';
    if (i % 7 === 0) tags['contact:facebook'] = `business${i}`;
    if (i % 11 === 0) tags.start_date = '1998';
    if (websiteBase && i % 2 === 0 && i / 2 < websites)
      tags.website = `${websiteBase}/site/${i / 2}`;
    elements.push(
      i % 6 === 5
        ? { type: 'way', id: 500_000 + i, center: point, tags }
        : { type: 'node', id: 1_000_000 + i, ...point, tags },
    );
  }
  return elements;
}

/**
 * A local server answering like the Overpass API: POST form `data=<Overpass QL>`, the
 * bounding box read from the query, JSON with `elements`. Latency, errors, 429s, garbage
 * and hangs on request, for tests and the benchmark.
 */
export async function startFakeOverpass({
  elements,
  latencyMs = 0,
  port: listenPort = 0,
}: {
  elements: OverpassElement[];
  latencyMs?: number;
  /** 0: any free port. */
  port?: number;
}) {
  let behaviour: OverpassBehaviour = { kind: 'normal' };
  let inFlight = 0;
  const stats = {
    requests: 0,
    maxInFlight: 0,
    userAgents: new Set<string>(),
    queries: [] as string[],
  };
  const sockets = new Set<import('node:net').Socket>();

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      stats.requests += 1;
      inFlight += 1;
      stats.maxInFlight = Math.max(stats.maxInFlight, inFlight);
      stats.userAgents.add(req.headers['user-agent'] ?? '');
      const query = new URLSearchParams(body).get('data') ?? '';
      stats.queries.push(query);
      const answer = () => {
        inFlight -= 1;
        if (behaviour.kind === 'hang') return;
        if (behaviour.kind === 'status' && behaviour.times > 0) {
          behaviour.times -= 1;
          res.writeHead(behaviour.status, {
            'content-type': 'text/html',
            ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}),
          });
          res.end('<html><body>Too many requests or gateway timeout</body></html>');
          return;
        }
        if (behaviour.kind === 'garbage') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end('{"version": 0.6, "elements": [ {"type": "node", ');
          return;
        }
        if (behaviour.kind === 'body') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify(behaviour.body));
          return;
        }
        if (behaviour.kind === 'remark') {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(
            JSON.stringify({
              version: 0.6,
              elements: [],
              remark: 'runtime error: Query timed out in "query" at line 3 after 26 seconds.',
            }),
          );
          return;
        }
        const bbox = /\((-?[\d.]+),(-?[\d.]+),(-?[\d.]+),(-?[\d.]+)\)/.exec(query);
        const [south, west, north, east] = bbox ? bbox.slice(1).map(Number) : [-90, -180, 90, 180];
        const inside = elements.filter((element) => {
          const at = element.center ?? { lat: element.lat!, lon: element.lon! };
          return at.lat >= south! && at.lat <= north! && at.lon >= west! && at.lon <= east!;
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            version: 0.6,
            generator: 'Overpass API (local stand-in)',
            elements: inside,
          }),
        );
      };
      setTimeout(answer, latencyMs);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/interpreter`,
    stats,
    behave(next: OverpassBehaviour) {
      behaviour = next;
    },
    async close() {
      sockets.forEach((socket) => socket.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type FakeOverpass = Awaited<ReturnType<typeof startFakeOverpass>>;
