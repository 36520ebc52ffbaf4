import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { useProcessDatabase } from '../support/process-fixture';
import { freePort, startServerProcess } from '../support/server-process';

/** What a server that stops before it serves printed, once it has exited. */
async function failedStart(env: Record<string, string>, nodeArgs: string[] = []) {
  const failure = await startServerProcess(env, { nodeArgs }).then(
    async (server) => {
      await server.kill();
      throw new Error('the server started');
    },
    (error: unknown) => String(error instanceof Error ? error.message : error),
  );
  expect(failure).toMatch(/^server exited \(1\) before ready:\n/);
  // Node's own warnings aside (an unsupported runtime), what the server itself said.
  return failure
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() && !line.includes('WARNING'));
}

describe('a server started with what it cannot do', () => {
  const t = useProcessDatabase();

  it('refuses a largest e-mail its heap cannot hold, in one line naming the variables', async () => {
    const said = await failedStart({ ...t.database.env, INBOUND_MAX_MB: '100' }, [
      '--max-old-space-size=384',
    ]);
    // V8's heap limit is the old space asked for plus its young generation's.
    expect(said).toEqual([
      expect.stringMatching(
        /^INBOUND_MAX_MB=100 with INBOUND_PROCESSING_CONCURRENCY=2 needs about 928 MB of JavaScript heap, but this process may use \d+ MB \(node --max-old-space-size\): set INBOUND_MAX_MB to at most \d+, lower INBOUND_PROCESSING_CONCURRENCY or give node more heap\.$/,
      ),
    ]);
  });

  it('stops with one line, no stack trace, when another instance has the SMTP port', async () => {
    const port = await freePort();
    const other = net.createServer();
    await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));
    try {
      const said = await failedStart({ ...t.database.env, INBOUND_SMTP_PORT: String(port) });
      expect(said).toEqual([
        `The inbound SMTP listener cannot start: 127.0.0.1:${port} is already in use (another instance?); set INBOUND_SMTP_PORT to a free port for this instance, or INBOUND_SMTP_PORT=off to run it without the SMTP listener.`,
      ]);
    } finally {
      other.close();
    }
  });
});
