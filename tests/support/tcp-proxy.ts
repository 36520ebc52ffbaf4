import net from 'node:net';

/**
 * A TCP relay in front of PostgreSQL, so a test can take the database away from a running
 * server as a stopped server would (open connections cut, new ones refused) and bring it back
 * on the same address.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  async function listen() {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  }
  await listen();

  return {
    get port() {
      return port;
    },
    /** Cuts every open connection and refuses new ones. */
    async stop() {
      const closing = new Promise<void>((resolve) => server!.close(() => resolve()));
      sockets.forEach((socket) => socket.destroy());
      await closing;
    },
    /** Accepts connections again on the same port. */
    start: listen,
  };
}
