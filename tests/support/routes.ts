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
