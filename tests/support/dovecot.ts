import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const DOVECOT_BINARY = '/usr/sbin/dovecot';
export const dovecotAvailable = fs.existsSync(DOVECOT_BINARY);

/** A system user's uid and gid, from /etc/passwd. */
function systemUser(name: string): { uid: number; gid: number } | null {
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  if (!line) return null;
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Debian's real dovecot, serving one IMAP mailbox on loopback from a temporary directory
 * (maildir, plaintext password, no TLS), in the foreground. Run as root, its login and mail
 * processes take Debian's dovecot/dovenull users (dovecot refuses root for them); otherwise
 * they run as the current user.
 */
export async function startDovecot() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dovecot-'));
  // The login and mail processes, under other users when run as root, must reach it.
  fs.chmodSync(dir, 0o755);
  const mailDir = path.join(dir, 'mail');
  const runDir = path.join(dir, 'run');
  fs.mkdirSync(mailDir);
  fs.mkdirSync(runDir);
  const asRoot = process.getuid?.() === 0;
  const me = os.userInfo();
  const internal = asRoot ? 'dovecot' : me.username;
  const login = asRoot ? 'dovenull' : me.username;
  const mailOwner = asRoot ? systemUser('dovecot') : { uid: me.uid, gid: me.gid };
  if (!mailOwner) throw new Error('the dovecot system user is missing (dovecot-core)');
  if (asRoot) fs.chownSync(mailDir, mailOwner.uid, mailOwner.gid);
  const internalGroup = asRoot
    ? 'dovecot'
    : (fs
        .readFileSync('/etc/group', 'utf8')
        .split('\n')
        .find((entry) => entry.split(':')[2] === String(me.gid))
        ?.split(':')[0] ?? me.username);

  const user = 'support@agency.test';
  const password = 'imap-test-password';
  fs.writeFileSync(
    path.join(dir, 'users'),
    `${user}:{PLAIN}${password}:${mailOwner.uid}:${mailOwner.gid}::${mailDir}/support\n`,
  );
  const port = await freePort();
  const config = path.join(dir, 'dovecot.conf');
  fs.writeFileSync(
    config,
    `protocols = imap
listen = 127.0.0.1
base_dir = ${runDir}
state_dir = ${runDir}
log_path = ${path.join(dir, 'dovecot.log')}
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${internal}
default_internal_group = ${internalGroup}
default_login_user = ${login}
first_valid_uid = ${Math.min(mailOwner.uid, 500)}
mail_location = maildir:${mailDir}/support
passdb {
  driver = passwd-file
  args = ${path.join(dir, 'users')}
}
userdb {
  driver = passwd-file
  args = ${path.join(dir, 'users')}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT_BINARY, ['-F', '-c', config], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  // Ready once it answers with its greeting.
  const deadline = Date.now() + 20_000;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`dovecot did not start:\n${printed}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    host: '127.0.0.1',
    port,
    user,
    password,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Dovecot = Awaited<ReturnType<typeof startDovecot>>;
