// `npm test`: every test. Unit, component and API tests (Vitest), then the browser tests
// (Playwright in Debian's Chromium) against the freshly built app on a free port.
// TEST_DATABASE_URL runs the server's tests on that PostgreSQL server (and PGlite's own on
// PGlite besides: vite.config.ts); TEST_VITEST_NODE runs the server's tests on another
// Node.js binary (.ci/run: Node.js 24, docs/decisions/012).
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
  // The server's tests on that Node.js, first on PATH too, so that what they start by name
  // runs on it as well; the client's component tests on this one (their code runs in a
  // browser: on Node.js 24, jsdom's File does not survive Node's own FormData, as no
  // browser's would fail).
  run(
    vitestNode,
    [path.join('node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', '!client'],
    {
      PATH: `${path.dirname(vitestNode)}${path.delimiter}${process.env.PATH}`,
    },
  );
  run(npx, ['vitest', 'run', '--project', 'client']);
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
