import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createClamdScanner } from '../../server/lib/clamd';

export const CLAMD_BINARY = '/usr/sbin/clamd';
export const clamdInstalled = fs.existsSync(CLAMD_BINARY);
export const CLAMD_MISSING =
  "ClamAV's daemon is not installed (/usr/sbin/clamd): apt-get install clamav-daemon (.ci/run does)";

/** The EICAR test file: every scanner reports it, and it harms nothing. */
export const EICAR = Buffer.from(
  'X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*',
);
const EICAR_NAME = 'Eicar-Test-Signature';
/** clamd adds ".UNOFFICIAL" to the names of signatures from outside ClamAV's own databases. */
export const EICAR_SIGNATURE = `${EICAR_NAME}.UNOFFICIAL`;

export interface ClamdDaemon {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Debian's real clamd with a signature database built offline: the EICAR file's MD5 signature
 * made by sigtool, renamed to the name ClamAV's own database gives it. Answers once clamd
 * answers PING with PONG. `streamMaxLength` (clamd's StreamMaxLength, e.g. '1M'): a longer
 * file is answered "INSTREAM size limit exceeded. ERROR", a scan that errs for that file only.
 */
export async function startClamd({
  streamMaxLength,
}: { streamMaxLength?: string } = {}): Promise<ClamdDaemon> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clamd-'));
  const db = path.join(dir, 'db');
  fs.mkdirSync(db);
  const sample = path.join(dir, 'eicar.com');
  fs.writeFileSync(sample, EICAR);
  const sigtool = spawnSync('sigtool', ['--md5', sample], { encoding: 'utf8' });
  if (sigtool.status !== 0) throw new Error(`sigtool failed: ${sigtool.stderr}`);
  // "md5:size:name": the name is the file's; give it the signature's usual name.
  const [md5, size] = sigtool.stdout.trim().split(':');
  fs.writeFileSync(path.join(db, 'eicar.hdb'), `${md5}:${size}:${EICAR_NAME}\n`);
  const port = await freePort();
  const config = path.join(dir, 'clamd.conf');
  fs.writeFileSync(
    config,
    [
      'Foreground yes',
      `TCPSocket ${port}`,
      'TCPAddr 127.0.0.1',
      `DatabaseDirectory ${db}`,
      `PidFile ${path.join(dir, 'clamd.pid')}`,
      'LogVerbose no',
      'SelfCheck 3600',
      ...(streamMaxLength ? [`StreamMaxLength ${streamMaxLength}`] : []),
    ].join('\n'),
  );
  const child: ChildProcess = spawn(CLAMD_BINARY, [`--config-file=${config}`], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const scanner = createClamdScanner({ host: '127.0.0.1', port, timeoutMs: 2_000 });
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`clamd exited: ${stderr}`);
    if (await scanner.ping()) break;
    if (attempt > 300) {
      child.kill('SIGKILL');
      throw new Error(`clamd did not answer PING: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `tcp://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A "clamd" that accepts connections and never answers: the scanner hangs. */
export async function startHangingScanner(): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {});
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `tcp://127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
