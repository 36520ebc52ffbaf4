import net from 'node:net';

/**
 * Tests may talk to loopback only: a connection anywhere else fails the test at once
 * instead of depending on (or leaking to) the outside world.
 */
const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
const originalConnect = net.Socket.prototype.connect;

function targetHost(args: unknown[]): string | undefined {
  const [first, second] = args;
  if (typeof first === 'object' && first !== null) {
    const options = first as { host?: string; path?: string };
    if (options.path) return undefined;
    return options.host ?? 'localhost';
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return undefined; // a unix socket path
  return typeof second === 'string' ? second : 'localhost';
}

net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
  const host = targetHost(args);
  if (host !== undefined && !LOOPBACK.test(host)) {
    throw new Error(`Unexpected network call to ${host} in a test: only loopback is allowed`);
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
