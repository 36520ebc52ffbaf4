// `npm test`: every test. Unit, component and API tests (Vitest), then the browser tests
// (Playwright in Debian's Chromium) against the freshly built app on a free port.
// TEST_DATABASE_URL runs the server's tests on that PostgreSQL server (and PGlite's own on
// PGlite besides: vite.config.ts); TEST_VITEST_NODE runs Vitest on another Node.js binary
// (.ci/run: Node.js 24, docs/decisions/012).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  console.error(
    `Chromium not found at ${chromium}: install it with "sudo apt-get install chromium" (or set CHROMIUM_PATH); no browser is downloaded.`,
  );
  process.exit(1);
}

function run(command, args, env = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const vitestNode = process.env.TEST_VITEST_NODE;
if (vitestNode) {
  // First on PATH too, so that what the tests start by name runs on that Node.js as well.
  run(vitestNode, [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run'], {
    PATH: `${path.dirname(vitestNode)}${path.delimiter}${process.env.PATH}`,
  });
} else {
  run(npx, ['vitest', 'run']);
}
run(npm, ['run', 'build', '--silent']);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
try {
  run(npx, ['playwright', 'test'], {
    E2E_PORT: String(await freePort()),
    E2E_STAND_INS_PORT: String(await freePort()),
    E2E_STRIPE_PORT: String(await freePort()),
    E2E_SMTP_PORT: String(await freePort()),
    E2E_SMTP_CONTROL_PORT: String(await freePort()),
    E2E_DATA_DIR: dataDir,
    CHROMIUM_PATH: chromium,
  });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
