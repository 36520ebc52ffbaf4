import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository root, found by walking up from this module to package.json. The server
 * runs both from source (tsx, vitest) and bundled into dist/server, so a fixed relative
 * path would be wrong in one of them.
 */
function findProjectRoot(start: string): string {
  let dir = start;
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

export const projectRoot = findProjectRoot(import.meta.dirname);
export const migrationsDir = path.join(projectRoot, 'migrations');
export const clientDistDir = path.join(projectRoot, 'dist', 'client');
