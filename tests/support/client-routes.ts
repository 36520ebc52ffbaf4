import fs from 'node:fs';
import path from 'node:path';
import { paths as screenPaths } from '../../client/src/lib/paths';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** The client's route table: the top-level router and the route groups it mounts. */
export const ROUTE_TABLE_DIR = path.join(ROOT, 'client/src/app/routes');

/** `<Route ...>` and `<Route ... />`: the attributes of one element. */
const ROUTE_ELEMENT = /<Route\b([^>]*?)\/?>/g;
const STRING_PATH = /\bpath="([^"]+)"/;
const CONSTANT_PATH = /\bpath=\{(\w+)\}/;
/** `path={paths.admin.invoice.pattern}`: a pattern of client/src/lib/paths.ts. */
const PATHS_PATTERN = /\bpath=\{paths\.([\w.]+)\.pattern\}/;
const COMPONENT = /\bcomponent=\{(\w+)\}/;

/** The pattern `paths.<name>.pattern` holds, `name` being 'admin.invoice'. */
function resolvePattern(name: string, file: string): string {
  let entry: unknown = screenPaths;
  for (const key of name.split('.')) entry = (entry as Record<string, unknown> | undefined)?.[key];
  const pattern = (entry as { pattern?: unknown } | undefined)?.pattern;
  if (typeof pattern !== 'string') throw new Error(`${file}: paths.${name} has no pattern`);
  return pattern;
}

/** The string an imported constant holds: `export const NAME = '...'` in the module it is imported from. */
function resolveConstant(name: string, source: string, file: string): string {
  const from = new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*'([^']+)'`).exec(
    source,
  )?.[1];
  if (!from) throw new Error(`${file}: the route path ${name} is not imported from a module`);
  const module = from.startsWith('@/')
    ? path.join(ROOT, 'client/src', from.slice(2))
    : path.resolve(path.dirname(file), from);
  const text = fs.readFileSync(`${module}.tsx`, 'utf8');
  const value = new RegExp(`export const ${name} = '([^']+)'`).exec(text)?.[1];
  if (!value) throw new Error(`${module}.tsx does not export ${name} as a string`);
  return value;
}

/**
 * Every route pattern of the client's route table, read from its source so that a test walking
 * them cannot forget a new one: each `<Route path>` as written (constants and `paths`
 * patterns resolved), and for a
 * catch-all `<Route component={...} />` without a path, `<prefix>*` where prefix is what all of
 * its file's paths share ('/admin/*' for the admin group's not-found page, '/*' at the top).
 * A `<Route>` with neither path nor component only wraps a layout around its children.
 */
export function clientRoutePatterns(dir = ROUTE_TABLE_DIR): string[] {
  const patterns = new Set<string>();
  const files = fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.tsx') && !name.includes('.test.'))
    .map((name) => path.join(dir, name));
  for (const file of files) {
    const source = fs.readFileSync(file, 'utf8');
    const paths: string[] = [];
    let catchAll = false;
    for (const [, attributes = ''] of source.matchAll(ROUTE_ELEMENT)) {
      const literal = STRING_PATH.exec(attributes)?.[1];
      const constant = CONSTANT_PATH.exec(attributes)?.[1];
      const pattern = PATHS_PATTERN.exec(attributes)?.[1];
      if (literal) paths.push(literal);
      else if (pattern) paths.push(resolvePattern(pattern, file));
      else if (constant) paths.push(resolveConstant(constant, source, file));
      else if (COMPONENT.test(attributes)) catchAll = true;
    }
    paths.forEach((p) => patterns.add(p));
    if (catchAll) patterns.add(`${sharedPrefix(paths)}*`);
  }
  return [...patterns].sort();
}

/** The longest run of whole path segments, ending in '/', that every path starts with. */
function sharedPrefix(paths: string[]): string {
  const [first = '/', ...rest] = paths;
  let prefix = first.slice(0, first.lastIndexOf('/') + 1);
  while (!rest.every((p) => p.startsWith(prefix))) {
    prefix = prefix.slice(0, prefix.slice(0, -1).lastIndexOf('/') + 1);
  }
  return prefix || '/';
}
