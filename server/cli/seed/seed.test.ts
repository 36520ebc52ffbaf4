import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
let dataDir: string;
let server: ReturnType<typeof spawn>;

beforeAll(() => {
  // A running server's lock on the embedded database: a live process's pid in server.lock.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seed-in-use-'));
  server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 120000)']);
  fs.writeFileSync(path.join(dataDir, 'server.lock'), String(server.pid));
});
afterAll(() => {
  server.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function run(script: string, args: string[] = []) {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...env, DATA_DIR: dataDir },
    encoding: 'utf8',
    timeout: 90_000,
  });
}

it(
  'stops with the same one sentence as admin:create while the server holds the database',
  {
    timeout: 180_000,
  },
  () => {
    const seed = run('server/cli/seed/seed.ts');
    expect(seed.status).toBe(1);
    expect(seed.stderr.trim()).toBe(
      `The embedded database in ${dataDir} is in use by another process (pid ${server.pid}). Stop the server first (or set DATABASE_URL to use a PostgreSQL server).`,
    );
    expect(seed.stdout).toBe('');

    const adminCreate = run('server/cli/admin-create.ts', [
      '--email',
      'owner@example.com',
      '--password',
      'a-long-enough-password',
      '--first-name',
      'Morgan',
    ]);
    expect(adminCreate.status).toBe(1);
    expect(seed.stderr).toBe(adminCreate.stderr);
  },
);
