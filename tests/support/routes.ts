import crypto from 'node:crypto';
import type { Express } from 'express';

interface Layer {
  route?: { path: string | RegExp; methods: Record<string, boolean> };
  handle: { stack?: Layer[] };
  rawPath?: string | RegExp;
  slash?: boolean;
}

/**
 * Every route the Express app registers, as 'METHOD /path', read from its router (nested
 * routers by their mount paths), so a test walking them cannot forget a new one. The SPA's
 * catch-all is a pattern, not a path: it is listed as 'GET <spa>'.
 */
export function registeredRoutes(app: Express): string[] {
  return walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
}

function walk(stack: Layer[], prefix = ''): string[] {
  return stack.flatMap((layer) => {
    if (layer.route) {
      const { path, methods } = layer.route;
      return Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${typeof path === 'string' ? prefix + path : '<spa>'}`,
      );
    }
    if (!layer.handle.stack) return [];
    const mount = layer.slash || typeof layer.rawPath !== 'string' ? '' : layer.rawPath;
    return walk(layer.handle.stack, `${prefix}${mount}`);
  });
}

/** Records a test has made, to put in route paths where a real one is wanted. */
export interface RouteRecords {
  ticket?: string;
  invoice?: string;
  consultation?: string;
  signupLink?: string;
  client?: string;
  attachment?: string;
  report?: string;
  site?: string;
  proposal?: string;
}

const RECORD_PATHS: Array<[RegExp, keyof RouteRecords]> = [
  [/^(\/api(?:\/admin)?\/tickets\/):id/, 'ticket'],
  [/^(\/api(?:\/admin)?\/invoices\/):id/, 'invoice'],
  [/^(\/api\/admin\/consultations\/):id/, 'consultation'],
  [/^(\/api\/admin\/signup-links\/):id/, 'signupLink'],
  [/^(\/api\/admin\/clients\/):id/, 'client'],
  [/^(\/api(?:\/admin)?\/attachments\/):id/, 'attachment'],
  [/^(\/api(?:\/admin)?\/reports\/):id/, 'report'],
  [/^(\/api\/admin\/sites\/):id/, 'site'],
  [/^(\/api\/admin\/proposals\/|\/api\/proposals\/mine\/):id/, 'proposal'],
];

/**
 * A requestable path for a registered route path: the test's own records where it has them,
 * fixed stand-ins for the other named parameters, and a fresh UUID for any other id.
 */
export function concretePath(path: string, records: RouteRecords): string {
  let filled = path;
  for (const [pattern, record] of RECORD_PATHS) {
    const id = records[record];
    if (id) filled = filled.replace(pattern, `$1${id}`);
  }
  return filled
    .replace(':index', '0')
    .replace(':leadId', 'osm-n1')
    .replace(':page', 'terms')
    .replace(':token', 'not-a-token')
    .replace(':uid', 'no-such-interaction')
    .replace(/:\w+/g, () => crypto.randomUUID());
}
